/** E-mail: the outbox the job engine delivers from, which is also the development mailbox (services/mail/). */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * One message to one person. Queued in the transaction that decides to send
 * it, delivered by the `mail.send` job (SMTP, or the development mailbox when
 * no SMTP server is configured). Links inside are minted when the message is
 * delivered, so a queued message holds no secret; after an SMTP delivery
 * only the subject is kept.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    recipient: text('recipient').notNull(),
    language: text('language', { enum: ['es', 'en'] }).notNull(),
    kind: text('kind', { enum: ['invitation', 'password_reset', 'password_changed', 'forum_post', 'forum_digest', 'registration_verification', 'registration_existing_account', 'registration_enrolled', 'payment_alert', 'certificate_issued', 'absence_digest'] }).notNull(),
    /** What the template needs besides the recipient (names, never a secret). */
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'cancelled'] }).notNull().default('queued'),
    transport: text('transport', { enum: ['smtp', 'mailbox'] }),
    subject: text('subject'),
    bodyText: text('body_text'),
    bodyHtml: text('body_html'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_messages_status_idx').on(t.status, t.createdAt),
    index('mail_messages_user_idx').on(t.userId),
    index('mail_messages_created_idx').on(t.createdAt),
    check('mail_messages_status_check', sql`${t.status} in ('queued', 'sending', 'sent', 'cancelled')`),
  ],
);
