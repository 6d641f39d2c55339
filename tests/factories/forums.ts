/** Forum and live-session builders, written through the services as the people who would write them. */
import { accessTokenFor, createWorld } from './index';
import type { Caller } from '~/lib/server/access/permissions';
import { getUserSummary } from '~/lib/server/services/users';
import { createThread } from '~/lib/server/services/forums/write-threads';
import { createComment } from '~/lib/server/services/forums/comments';
import { getDb } from '~/lib/server/db/client';
import { forums, liveSessions } from '~/lib/server/db/schema';

/** The caller a user is, as their access token would say. */
export async function callerOf(user: { id: number }): Promise<Caller> {
  const summary = await getUserSummary(user.id);
  return { id: summary!.id, email: summary!.email, userType: summary!.userType, cohorts: summary!.cohorts };
}

/** A forum of a cohort (or, with `programId`, of a program), written directly. */
export async function createForumRow(scope: { cohortId: number } | { programId: number }, overrides: Partial<typeof forums.$inferInsert> = {}) {
  const db = await getDb();
  const [row] = await db.insert(forums).values({ title: 'Foro general', description: '', ...scope, ...overrides }).returning();
  return row!;
}

/** The permission world with a forum in cohort A, a thread by A's student and a comment by A's tutor. */
export async function createForumWorld() {
  const world = await createWorld();
  const forum = await createForumRow({ cohortId: world.cohortA.id }, { title: 'Foro de la cohorte A' });
  const programForum = await createForumRow({ programId: world.cohortA.programId! }, { title: 'Foro del programa A' });
  const otherForum = await createForumRow({ cohortId: world.cohortB.id }, { title: 'Foro de la cohorte B' });
  const student = await callerOf(world.student);
  const tutor = await callerOf(world.tutor);
  const thread = await createThread(student, forum.id, { title: '¿Cómo se usa un ciclo for?', body: 'Tengo dudas con los **ciclos**.' });
  const comment = await createComment(tutor, { thread: thread.id, body: 'Un ciclo repite instrucciones.' });
  return { ...world, forum, programForum, otherForum, thread, comment, callers: { student, tutor } };
}

export { accessTokenFor };

/** A live session of a cohort, written directly (times relative to now unless given). */
export async function createLiveSessionRow(cohortId: number, overrides: Partial<typeof liveSessions.$inferInsert> = {}) {
  const db = await getDb();
  const startsAt = overrides.startsAt ?? new Date(Date.now() + 60 * 60_000);
  const [row] = await db
    .insert(liveSessions)
    .values({ cohortId, className: 'Clase en vivo', videoLink: 'https://meet.example.co/clase', durationS: 3600, startsAt, endsAt: new Date(startsAt.getTime() + 60 * 60_000), ...overrides })
    .returning();
  return row!;
}
