/** Users: their account, type and status (services/users.ts). */
import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, status, statusCheck, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    userType: text('user_type', { enum: ['student', 'staff', 'admin'] }).notNull().default('student'),
    status: status(),
    /** 0 until the terms and conditions are accepted, then 1. */
    statusStudent: smallint('status_student').notNull().default(0),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_user_type_check', sql`${t.userType} in ('student', 'staff', 'admin')`),
    check('users_status_student_check', sql`${t.statusStudent} in (0, 1)`),
    statusCheck('users', t.status),
  ],
);
