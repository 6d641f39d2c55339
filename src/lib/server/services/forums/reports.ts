/** Reports of threads and comments: a participant flags a post once; the forum's moderators list and resolve them. */
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import { pageWindow } from '~/lib/shared/pagination';
import type { Report, ReportBody } from '~/lib/shared/schemas/forums';
import { findForumWithAccess } from '~/lib/server/access/loaders';
import { requireModerateForum, type Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { forumComments, forumReports, forumThreads } from '~/lib/server/db/schema';
import { getPersonNames } from './forum-cache';
import { excerptOf } from './render-post';
import { findReadableThread } from './write-threads';

/** Reports a post the caller reads (once per person and post: reporting again answers the same report). */
export async function reportPost(caller: Caller, input: ReportBody): Promise<{ id: number }> {
  const db = await getDb();
  let threadId = input.targetId;
  if (input.targetType === 'comment') {
    const [comment] = await db.select({ threadId: forumComments.threadId, deletedAt: forumComments.deletedAt }).from(forumComments).where(eq(forumComments.id, input.targetId));
    if (!comment || comment.deletedAt !== null) throw new AppError('not_found');
    threadId = comment.threadId;
  }
  const { forum } = await findReadableThread(caller, threadId);
  const [created] = await db
    .insert(forumReports)
    .values({ targetType: input.targetType, targetId: input.targetId, threadId, forumId: forum.id, reporterId: caller.id, reason: input.reason })
    .onConflictDoUpdate({ target: [forumReports.reporterId, forumReports.targetType, forumReports.targetId], set: { reason: input.reason, resolvedAt: null, resolvedBy: null } })
    .returning({ id: forumReports.id });
  return { id: created!.id };
}

/** One page of a forum's reports, newest first (its moderators): open ones, or resolved ones. */
export async function listReports(caller: Caller, forumId: number, open: boolean, page: number): Promise<{ results: Report[]; count: number }> {
  const { forum, access } = await findForumWithAccess(caller, forumId);
  requireModerateForum(access, forum.status);
  const db = await getDb();
  const where = and(eq(forumReports.forumId, forumId), open ? isNull(forumReports.resolvedAt) : isNotNull(forumReports.resolvedAt));
  const { offset, limit } = pageWindow(page);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: forumReports.id,
        targetType: forumReports.targetType,
        targetId: forumReports.targetId,
        threadId: forumReports.threadId,
        threadTitle: forumThreads.title,
        body: sql<string>`coalesce(${forumComments.bodyMd}, ${forumThreads.bodyMd})`,
        reporterId: forumReports.reporterId,
        reason: forumReports.reason,
        createdAt: forumReports.createdAt,
        resolvedAt: forumReports.resolvedAt,
      })
      .from(forumReports)
      .innerJoin(forumThreads, eq(forumThreads.id, forumReports.threadId))
      .leftJoin(forumComments, and(eq(forumReports.targetType, 'comment'), eq(forumComments.id, forumReports.targetId)))
      .where(where)
      .orderBy(desc(forumReports.id))
      .limit(limit)
      .offset(offset),
    db.select({ count: sql<number>`count(*)::int` }).from(forumReports).where(where),
  ]);
  const names = await getPersonNames(rows.map((row) => row.reporterId));
  return {
    results: rows.map((row) => ({
      id: row.id,
      targetType: row.targetType,
      targetId: row.targetId,
      threadId: row.threadId,
      threadTitle: row.threadTitle,
      excerpt: excerptOf(row.body),
      reporter: { id: row.reporterId, name: names.get(row.reporterId) ?? '' },
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
      resolvedAt: row.resolvedAt?.toISOString() ?? null,
    })),
    count: total?.count ?? 0,
  };
}

/** Marks a report resolved or open again (the forum's moderators). */
export async function resolveReport(caller: Caller, reportId: number, resolved: boolean): Promise<void> {
  const db = await getDb();
  const [report] = await db.select({ forumId: forumReports.forumId }).from(forumReports).where(eq(forumReports.id, reportId));
  if (!report) throw new AppError('not_found');
  const { forum, access } = await findForumWithAccess(caller, report.forumId);
  requireModerateForum(access, forum.status);
  await db
    .update(forumReports)
    .set(resolved ? { resolvedAt: new Date(), resolvedBy: caller.id } : { resolvedAt: null, resolvedBy: null })
    .where(eq(forumReports.id, reportId));
}
