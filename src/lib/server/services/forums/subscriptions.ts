/**
 * Following a thread, a forum or a whole cohort (its forums and its
 * program's): in-app notifications, and e-mail for each post once its edit
 * window closes, or a daily or weekly digest, or none.
 */
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { SubscribeBody, Subscription } from '~/lib/shared/schemas/forums';
import { findForumWithAccess, requireCohortAccess } from '~/lib/server/access/loaders';
import type { Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { cohorts, forumSubscriptions, forumThreads, forums } from '~/lib/server/db/schema';
import { findReadableThread } from './write-threads';

/** Every follow of the caller, with what it follows named. */
export async function listSubscriptions(caller: Caller): Promise<Subscription[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: forumSubscriptions.id,
      targetType: forumSubscriptions.targetType,
      targetId: forumSubscriptions.targetId,
      email: forumSubscriptions.email,
      targetName: sql<string>`coalesce(
        case ${forumSubscriptions.targetType}
          when 'thread' then (select ${forumThreads.title} from ${forumThreads} where ${forumThreads.id} = ${forumSubscriptions.targetId})
          when 'forum' then (select ${forums.title} from ${forums} where ${forums.id} = ${forumSubscriptions.targetId})
          else (select ${cohorts.name} from ${cohorts} where ${cohorts.id} = ${forumSubscriptions.targetId})
        end, '')`,
    })
    .from(forumSubscriptions)
    .where(eq(forumSubscriptions.userId, caller.id))
    .orderBy(forumSubscriptions.id);
  return rows;
}

/** Follows something the caller reads (or changes how e-mail comes, if already following). */
export async function subscribe(caller: Caller, input: SubscribeBody): Promise<Subscription> {
  let targetName: string;
  if (input.targetType === 'thread') targetName = (await findReadableThread(caller, input.targetId)).thread.title;
  else if (input.targetType === 'forum') targetName = (await findForumWithAccess(caller, input.targetId)).forum.title;
  else targetName = (await requireCohortAccess(caller, input.targetId, 'view')).name;
  const db = await getDb();
  const [row] = await db
    .insert(forumSubscriptions)
    .values({ userId: caller.id, targetType: input.targetType, targetId: input.targetId, email: input.email })
    .onConflictDoUpdate({ target: [forumSubscriptions.userId, forumSubscriptions.targetType, forumSubscriptions.targetId], set: { email: input.email } })
    .returning({ id: forumSubscriptions.id, targetType: forumSubscriptions.targetType, targetId: forumSubscriptions.targetId, email: forumSubscriptions.email });
  return { ...row!, targetName };
}

/** Stops following (one's own follows only; anyone else's is "not found"). */
export async function unsubscribe(caller: Caller, subscriptionId: number): Promise<void> {
  const db = await getDb();
  const deleted = await db
    .delete(forumSubscriptions)
    .where(and(eq(forumSubscriptions.id, subscriptionId), eq(forumSubscriptions.userId, caller.id)))
    .returning({ id: forumSubscriptions.id });
  if (deleted.length === 0) throw new AppError('not_found');
}
