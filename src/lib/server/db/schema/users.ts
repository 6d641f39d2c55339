/** Users: their account, type and status (services/users.ts, services/people/). */
import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, status, statusCheck, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull().unique(),
    /** argon2id; null until an invited person sets their password (they cannot sign in before). */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    userType: text('user_type', { enum: ['student', 'staff', 'admin'] }).notNull().default('student'),
    status: status(),
    /** 0 until the terms and conditions are accepted, then 1. */
    statusStudent: smallint('status_student').notNull().default(0),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /** The language of the e-mails Senda sends them (es, en). */
    language: text('language', { enum: ['es', 'en'] }).notNull().default('es'),
    /** When the newest invitation was queued (null: never invited, e.g. created by the CLI with a password). */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /** Ley 1581: when the person asked for their data to be deleted (null: never, or handled). */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    /** When an admin anonymised the account: names, e-mail and profile gone, grades and progress kept. */
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_user_type_check', sql`${t.userType} in ('student', 'staff', 'admin')`),
    check('users_status_student_check', sql`${t.statusStudent} in (0, 1)`),
    check('users_language_check', sql`${t.language} in ('es', 'en')`),
    statusCheck('users', t.status),
  ],
);
