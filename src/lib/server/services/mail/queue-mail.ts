/**
 * Queuing e-mail: a message is a row of `mail_messages` written in the same
 * transaction as the change that calls for it (an account created, a
 * recovery asked for), so a failure later loses nothing; once committed, a
 * `mail.send` job per message delivers it with retries. Should the job engine
 * be unreachable at that moment, the sweep (every five minutes) queues the
 * messages still waiting.
 */
import { and, eq, inArray, lt, or } from 'drizzle-orm';
import type { Language } from '~/lib/shared/constants';
import type { DbOrTx } from '~/lib/server/db/client';
import { getDb } from '~/lib/server/db/client';
import { mailMessages } from '~/lib/server/db/schema';
import { enqueueJobs } from '~/lib/server/jobs/job-engine';
import { MAIL_SEND_QUEUE } from '~/lib/server/jobs/queue-names';
import type { MailKind } from './render-mail';
import { log } from '~/lib/server/log';


export interface MailToQueue {
  userId: number | null;
  recipient: string;
  language: Language;
  kind: MailKind;
  /** What the message's text needs besides the recipient (names, titles, paths; never a secret). */
  params?: Record<string, string>;
}

/** Rows inserted at once (an import's invitations). */
const INSERT_CHUNK = 1000;

/** Writes the messages into the outbox (inside the caller's transaction); answers their ids, to pass to sendQueuedMail after the commit. */
export async function queueMail(db: DbOrTx, messages: readonly MailToQueue[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < messages.length; start += INSERT_CHUNK) {
    const rows = await db
      .insert(mailMessages)
      .values(messages.slice(start, start + INSERT_CHUNK).map((message) => ({ ...message })))
      .returning({ id: mailMessages.id });
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** Hands committed messages to the job engine; if it cannot take them now, the sweep will (nothing is lost). */
export async function sendQueuedMail(ids: readonly number[]): Promise<void> {
  try {
    await enqueueJobs(MAIL_SEND_QUEUE, ids.map((messageId) => ({ messageId })));
  } catch (error) {
    log.warn({ event: 'mail_enqueue_failed', count: ids.length, err: error }, 'mail stays queued until the next sweep');
  }
}

/** A message claimed this long ago by a delivery that never finished (a server that died) is taken again. */
export const STALE_CLAIM_MS = 10 * 60_000;
/** Messages waiting longer than this are queued again by the sweep. */
const SWEEP_AFTER_MS = 5 * 60_000;
/** Delivered and cancelled messages are kept this long, then deleted (they hold personal data). */
const KEEP_MS = 90 * 24 * 60 * 60_000;

/**
 * Queues again the messages whose job was lost (waiting longer than
 * `waitingMs`), and deletes old delivered ones; every five minutes, and with
 * `waitingMs: 0` when a server starts (what the seed or the operator CLI
 * queued meanwhile). Answers how many of each.
 */
export async function sweepMail(now = new Date(), waitingMs = SWEEP_AFTER_MS): Promise<{ requeued: number; deleted: number }> {
  const db = await getDb();
  const waiting = await db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(
      or(
        and(eq(mailMessages.status, 'queued'), lt(mailMessages.createdAt, new Date(now.getTime() - waitingMs))),
        and(eq(mailMessages.status, 'sending'), lt(mailMessages.claimedAt, new Date(now.getTime() - STALE_CLAIM_MS))),
      ),
    )
    .limit(10_000);
  if (waiting.length > 0) await sendQueuedMail(waiting.map((row) => row.id));
  const deleted = await db
    .delete(mailMessages)
    .where(and(inArray(mailMessages.status, ['sent', 'cancelled']), lt(mailMessages.createdAt, new Date(now.getTime() - KEEP_MS))))
    .returning({ id: mailMessages.id });
  return { requeued: waiting.length, deleted: deleted.length };
}
