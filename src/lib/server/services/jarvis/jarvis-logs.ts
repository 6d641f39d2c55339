/**
 * The audit log of the assistant's model: every exchange (whose data, who
 * asked, the messages sent, the answer, how it ended), for platform admins
 * to read and purge; nobody else reads it. Entries older than
 * JARVIS_LOG_RETENTION_DAYS go by themselves (the `jarvis.purge-logs` job).
 */
import { and, count, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Page } from '~/lib/shared/pagination';
import { pageWindow } from '~/lib/shared/pagination';
import type { JarvisLog } from '~/lib/shared/schemas/jarvis';
import { requireAuditJarvis, type Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { jarvisAnswers, jarvisLogs } from '~/lib/server/db/schema';
import { toPage } from '~/lib/server/http/pagination';
import type { ChatMessage } from '~/lib/server/ai/chat-completions';

/** How long exchanges are kept, and cached answers (a copy the next call rebuilds). */
const JARVIS_LOG_RETENTION_DAYS = 90;
const JARVIS_ANSWER_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `limited`: our own hourly limits stopped the call before it was made (nothing reached the model). */
export type JarvisLogOutcome = 'ok' | 'timeout' | 'error' | 'rate_limited' | 'malformed' | 'limited';

export interface JarvisExchange {
  subjectId: number;
  askedBy: number;
  kind: 'feedback' | 'chat';
  model: string;
  prompt: readonly ChatMessage[];
  answer: string | null;
  outcome: JarvisLogOutcome;
}

/** Writes one exchange with the model to the audit log. */
export async function recordJarvisExchange(exchange: JarvisExchange): Promise<void> {
  const db = await getDb();
  await db.insert(jarvisLogs).values({ ...exchange, prompt: exchange.prompt.map(({ role, content }) => ({ role, content })) });
}

const logOf = (row: typeof jarvisLogs.$inferSelect): JarvisLog => ({
  id: row.id,
  subjectId: row.subjectId,
  askedBy: row.askedBy,
  kind: row.kind,
  model: row.model,
  prompt: row.prompt,
  answer: row.answer,
  outcome: row.outcome,
  createdAt: row.createdAt.toISOString(),
});

/** The log, newest first, optionally of one student's data; platform admins. */
export async function listJarvisLogs(caller: Caller, query: { page: number; user_id?: number }, requestUrl: string): Promise<Page<JarvisLog>> {
  requireAuditJarvis(caller);
  const db = await getDb();
  const where = query.user_id === undefined ? undefined : eq(jarvisLogs.subjectId, query.user_id);
  const { offset, limit } = pageWindow(query.page);
  const rows = await db.select().from(jarvisLogs).where(where).orderBy(desc(jarvisLogs.createdAt), desc(jarvisLogs.id)).limit(limit).offset(offset);
  const [total] = await db.select({ value: count() }).from(jarvisLogs).where(where);
  return toPage(rows.map(logOf), total?.value ?? 0, query.page, requestUrl);
}

/** The start of a Bogotá day (`YYYY-MM-DD`). */
const bogotaDayStart = (day: string) => new Date(`${day}T00:00:00-05:00`);

/**
 * Deletes one student's exchanges, or every exchange before a Bogotá day, or
 * a student's before that day; platform admins. With a student, their cached
 * answers go too (they hold model text built from their data).
 */
export async function purgeJarvisLogs(caller: Caller, query: { user_id?: number; before?: string }): Promise<{ deleted: number }> {
  requireAuditJarvis(caller);
  const db = await getDb();
  const conditions: SQL[] = [];
  if (query.user_id !== undefined) conditions.push(eq(jarvisLogs.subjectId, query.user_id));
  if (query.before !== undefined) conditions.push(lt(jarvisLogs.createdAt, bogotaDayStart(query.before)));
  // The query schema demands one of the two: never an unscoped delete.
  if (conditions.length === 0) return { deleted: 0 };
  const deleted = await db.delete(jarvisLogs).where(and(...conditions)).returning({ id: jarvisLogs.id });
  if (query.user_id !== undefined) {
    const answerConditions: SQL[] = [eq(jarvisAnswers.userId, query.user_id)];
    if (query.before !== undefined) answerConditions.push(lt(jarvisAnswers.createdAt, bogotaDayStart(query.before)));
    await db.delete(jarvisAnswers).where(and(...answerConditions));
  }
  return { deleted: deleted.length };
}

/** Deletes exchanges past their retention and cached answers past theirs (the daily job); answers how many of each. */
export async function purgeOldJarvisRecords(now = new Date()): Promise<{ logs: number; answers: number }> {
  const db = await getDb();
  const logs = await db.delete(jarvisLogs).where(lt(jarvisLogs.createdAt, new Date(now.getTime() - JARVIS_LOG_RETENTION_DAYS * DAY_MS))).returning({ id: jarvisLogs.id });
  const answers = await db.delete(jarvisAnswers).where(lt(jarvisAnswers.createdAt, new Date(now.getTime() - JARVIS_ANSWER_RETENTION_DAYS * DAY_MS))).returning({ userId: jarvisAnswers.userId });
  return { logs: logs.length, answers: answers.length };
}
