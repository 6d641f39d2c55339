import { sql } from 'drizzle-orm';
import { check, integer, text, timestamp } from 'drizzle-orm/pg-core';

export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** ACTIVE / INACTIVE, as the contract's cohort and membership statuses. */
export const status = () => text('status', { enum: ['ACTIVE', 'INACTIVE'] }).notNull().default('ACTIVE');
export const statusCheck = (table: string, column: { name: string }) =>
  check(`${table}_status_check`, sql`${sql.identifier(column.name)} in ('ACTIVE', 'INACTIVE')`);
