/** Reading e-mail in tests: deliver what is queued (as the `mail.send` job would) and find the link a message carries. */
import { and, asc, desc, eq } from 'drizzle-orm';
import { getDb } from '~/lib/server/db/client';
import { mailMessages } from '~/lib/server/db/schema';
import { deliverMail } from '~/lib/server/services/mail/deliver-mail';

/** Delivers every queued message, in order (without SMTP they land in the development mailbox). */
export async function deliverQueuedMail(): Promise<void> {
  const db = await getDb();
  const queued = await db.select({ id: mailMessages.id }).from(mailMessages).where(eq(mailMessages.status, 'queued')).orderBy(asc(mailMessages.id));
  for (const { id } of queued) await deliverMail(id);
}

/** The messages sent to one address, newest first. */
export async function mailTo(recipient: string, kind?: 'invitation' | 'password_reset' | 'password_changed') {
  const db = await getDb();
  return db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.recipient, recipient), kind ? eq(mailMessages.kind, kind) : undefined))
    .orderBy(desc(mailMessages.id));
}

/** The set-password token in the newest delivered message of that kind to that address. */
export async function tokenFromMail(recipient: string, kind: 'invitation' | 'password_reset'): Promise<string> {
  await deliverQueuedMail();
  const [message] = await mailTo(recipient, kind);
  const match = /\/set-password\?token=([A-Za-z0-9_-]+)/.exec(message?.bodyText ?? '');
  if (!match) throw new Error(`no ${kind} link in the mail to ${recipient}`);
  return match[1]!;
}
