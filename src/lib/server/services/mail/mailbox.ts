/**
 * The e-mail outbox as platform admins read it (/admin/mailbox): every
 * message with its state; without SMTP it is the development mailbox, where
 * each delivered message keeps its text, so the whole flow works on a laptop.
 */
import { desc, eq, getTableColumns, ilike, sql } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import { pageWindow } from '~/lib/shared/pagination';
import { canReadMailbox, type Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { mailMessages } from '~/lib/server/db/schema';
import { isSmtpConfigured } from './smtp';
import { containsPattern } from '~/lib/server/db/like-pattern';

export type MailboxMessage = typeof mailMessages.$inferSelect;

const requireMailbox = (caller: Caller) => {
  // Anyone else: the page does not exist.
  if (!canReadMailbox(caller)) throw new AppError('not_found');
};

/** One page of messages, newest first (optionally those to addresses containing `to`), and whether they go out through SMTP. */
export async function listMailbox(caller: Caller, page: number, to = ''): Promise<{ results: Omit<MailboxMessage, 'bodyText' | 'bodyHtml'>[]; count: number; usesSmtp: boolean }> {
  requireMailbox(caller);
  const db = await getDb();
  const { offset, limit } = pageWindow(page);
  const { bodyText: _text, bodyHtml: _html, ...columns } = getTableColumns(mailMessages);
  const where = to.trim() ? ilike(mailMessages.recipient, containsPattern(to.trim())) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select(columns).from(mailMessages).where(where).orderBy(desc(mailMessages.createdAt), desc(mailMessages.id)).offset(offset).limit(limit),
    db.select({ count: sql<number>`count(*)::int` }).from(mailMessages).where(where),
  ]);
  return { results: rows, count: total?.count ?? 0, usesSmtp: isSmtpConfigured() };
}

/** One message with its text (kept only in the development mailbox). */
export async function getMailboxMessage(caller: Caller, messageId: number): Promise<MailboxMessage> {
  requireMailbox(caller);
  const db = await getDb();
  const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, messageId));
  if (!row) throw new AppError('not_found');
  return row;
}
