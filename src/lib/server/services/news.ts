import { desc, eq, sql } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { CreateNewsBody, News, UpdateNewsBody } from '~/lib/shared/schemas/news';
import type { Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { news } from '~/lib/server/db/schema';
import { pageWindow } from '~/lib/shared/pagination';
import { requireCohortAccess } from '~/lib/server/access/loaders';

const newsColumns = {
  id: news.id,
  cohortId: news.cohortId,
  title: news.title,
  body: news.body,
  publishedAt: news.publishedAt,
  authorId: news.authorId,
};
type NewsRow = Pick<typeof news.$inferSelect, keyof typeof newsColumns>;

const toNews = (row: NewsRow): News => ({ ...row, publishedAt: row.publishedAt.toISOString() });

async function findNewsWithAccess(caller: Caller, newsId: number, level: 'read' | 'manage'): Promise<News> {
  const db = await getDb();
  const [row] = await db.select(newsColumns).from(news).where(eq(news.id, newsId));
  if (!row) throw new AppError('not_found');
  await requireCohortAccess(caller, row.cohortId, level === 'read' ? 'view' : 'manageNewsAndBanners');
  return toNews(row);
}

/** One page of a cohort's news, newest first (its ACTIVE members and admins). */
export async function listCohortNews(caller: Caller, cohortId: number, page: number): Promise<{ results: News[]; count: number }> {
  await requireCohortAccess(caller, cohortId, 'view');
  const db = await getDb();
  const { offset, limit } = pageWindow(page);
  const [rows, [total]] = await Promise.all([
    db.select(newsColumns).from(news).where(eq(news.cohortId, cohortId)).orderBy(desc(news.publishedAt), desc(news.id)).limit(limit).offset(offset),
    db.select({ count: sql<number>`count(*)::int` }).from(news).where(eq(news.cohortId, cohortId)),
  ]);
  return { results: rows.map(toNews), count: total?.count ?? 0 };
}

/** One news item (readers of its cohort; another cohort's is a 404). */
export async function getNews(caller: Caller, newsId: number): Promise<News> {
  return findNewsWithAccess(caller, newsId, 'read');
}

/** Publishes a news item in a cohort now, signed by the caller (managers). */
export async function createNews(caller: Caller, input: CreateNewsBody): Promise<News> {
  await requireCohortAccess(caller, input.cohort, 'manageNewsAndBanners');
  const db = await getDb();
  const [row] = await db
    .insert(news)
    .values({ cohortId: input.cohort, title: input.title, body: input.body, authorId: caller.id })
    .returning(newsColumns);
  return toNews(row!);
}

/** Changes a news item's title or body (managers of its cohort). */
export async function updateNews(caller: Caller, newsId: number, input: UpdateNewsBody): Promise<News> {
  const current = await findNewsWithAccess(caller, newsId, 'manage');
  const changes = {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.body !== undefined ? { body: input.body } : {}),
  };
  if (Object.keys(changes).length === 0) return current;
  const db = await getDb();
  const [row] = await db
    .update(news)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(news.id, newsId))
    .returning(newsColumns);
  if (!row) throw new AppError('not_found');
  return toNews(row);
}

/** Removes a news item (managers of its cohort). */
export async function deleteNews(caller: Caller, newsId: number): Promise<void> {
  await findNewsWithAccess(caller, newsId, 'manage');
  const db = await getDb();
  await db.delete(news).where(eq(news.id, newsId));
}
