/**
 * Delivering one queued message (the `mail.send` job): the message is
 * claimed, its link minted (so a queued message never holds a secret), its
 * text rendered in the recipient's language and sent through SMTP, or, with
 * no SMTP server configured, kept in the development mailbox (/admin/mailbox)
 * with a log line. A failure puts it back in the queue and the job engine
 * retries with backoff; after the last retry the job sits in the dead-letter
 * queue (`npm run senda -- jobs`) and the mailbox shows the reason.
 */
import { and, eq, lt, or, sql } from 'drizzle-orm';
import { publicUrlOf } from '~/lib/server/config';
import { getDb } from '~/lib/server/db/client';
import { mailMessages, users } from '~/lib/server/db/schema';
import { log } from '~/lib/server/log';
import { renderMail } from './render-mail';
import { isSmtpConfigured, sendThroughSmtp } from './smtp';
import { mintAccountLink } from '~/lib/server/services/people/account-links';
import { STALE_CLAIM_MS } from './queue-mail';

type Outcome = 'sent' | 'cancelled' | 'skipped';

/** The message's button: a fresh single-use link (invitation, recovery), the forum post, the forums (a digest), or none. */
async function linkOf(db: Awaited<ReturnType<typeof getDb>>, message: typeof mailMessages.$inferSelect, userId: number, base: string, now: Date): Promise<{ link?: string; expiresAt?: Date }> {
  switch (message.kind) {
    case 'invitation':
    case 'password_reset': {
      const link = await mintAccountLink(db, userId, message.kind, now);
      return { link: `${base}/set-password?token=${link.token}`, expiresAt: link.expiresAt };
    }
    case 'registration_verification': {
      const link = await mintAccountLink(db, userId, 'registration', now);
      return { link: `${base}/set-password?token=${link.token}`, expiresAt: link.expiresAt };
    }
    case 'forum_post':
    case 'registration_existing_account':
    case 'registration_enrolled':
    case 'payment_alert':
    case 'certificate_issued':
      return { link: `${base}${message.params.path ?? '/forums'}` };
    case 'forum_digest':
      return { link: `${base}/forums` };
    default:
      return {};
  }
}

/** Delivers a queued message; answers what happened ('skipped' when it was already delivered or is being delivered). */
export async function deliverMail(messageId: number, now = new Date()): Promise<Outcome> {
  const db = await getDb();
  const [message] = await db
    .update(mailMessages)
    .set({ status: 'sending', claimedAt: now, attempts: sql`${mailMessages.attempts} + 1` })
    .where(
      and(
        eq(mailMessages.id, messageId),
        or(eq(mailMessages.status, 'queued'), and(eq(mailMessages.status, 'sending'), lt(mailMessages.claimedAt, new Date(now.getTime() - STALE_CLAIM_MS)))),
      ),
    )
    .returning();
  if (!message) return 'skipped';
  try {
    const [user] = message.userId ? await db.select().from(users).where(eq(users.id, message.userId)) : [];
    const gone = !user || user.status !== 'ACTIVE' || user.anonymizedAt !== null;
    // An invitation or a sign-up's verification is moot once a password is set; any message, once the account is closed.
    if (gone || ((message.kind === 'invitation' || message.kind === 'registration_verification') && user.passwordHash !== null)) {
      await db.update(mailMessages).set({ status: 'cancelled', claimedAt: null }).where(eq(mailMessages.id, message.id));
      return 'cancelled';
    }
    const base = publicUrlOf();
    const mail = renderMail(message.kind, message.language, message.recipient, {
      name: user.firstName,
      email: user.email,
      ...(await linkOf(db, message, user.id, base, now)),
      changedAt: message.createdAt,
      signInUrl: `${base}/signin`,
      forgotUrl: `${base}/forgot-password`,
      params: message.params,
      baseUrl: base,
    });
    if (isSmtpConfigured()) {
      await sendThroughSmtp(mail);
      // Once delivered, only the subject stays: the body held a live link.
      await db.update(mailMessages).set({ status: 'sent', transport: 'smtp', subject: mail.subject, bodyText: null, bodyHtml: null, lastError: null, sentAt: new Date() }).where(eq(mailMessages.id, message.id));
    } else {
      await db
        .update(mailMessages)
        .set({ status: 'sent', transport: 'mailbox', subject: mail.subject, bodyText: mail.text, bodyHtml: mail.html, lastError: null, sentAt: new Date() })
        .where(eq(mailMessages.id, message.id));
      log.info({ event: 'mail_in_mailbox', messageId: message.id, to: message.recipient, subject: mail.subject, url: `${base}/admin/mailbox/${message.id}` }, 'e-mail kept in the development mailbox (no SMTP_HOST)');
    }
    return 'sent';
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db.update(mailMessages).set({ status: 'queued', claimedAt: null, lastError: reason.slice(0, 500) }).where(eq(mailMessages.id, message.id));
    log.warn({ event: 'mail_failed', messageId: message.id, attempts: message.attempts, reason }, 'e-mail delivery failed; the job engine retries');
    throw error;
  }
}
