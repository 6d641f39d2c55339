import { z } from 'zod';

/** Control characters other than tab and line breaks: no text a person types has them, and PostgreSQL refuses NUL. */
const CONTROL_CHARACTERS = /[^\P{Cc}\t\n\r]/u;
export const hasControlCharacters = (text: string): boolean => CONTROL_CHARACTERS.test(text);

/**
 * The one string schema for text that comes from outside (bodies, queries,
 * form fields): a string without control characters other than tab and line
 * breaks. `message` is the i18n key when the value is missing or not text.
 * Chain `.trim()`, `.min()`, `.max()` as with `z.string()`.
 */
export const textSchema = (message = 'validation.invalid_type') =>
  z.string({ message }).refine((text) => !hasControlCharacters(text), 'validation.text.control_characters');

/** An http(s) link without control characters (the URL parser would accept and percent-encode them). */
export const linkSchema = (message = 'validation.url.invalid') =>
  z.url({ protocol: /^https?$/, message }).refine((text) => !hasControlCharacters(text), 'validation.text.control_characters');

/** A positive integer id, accepted as a number or a numeric string (path params, legacy bodies). */
export const IdSchema = z.coerce.number({ message: 'validation.invalid_id' }).int('validation.invalid_id').positive('validation.invalid_id')
  // Ids are PostgreSQL integers: a larger number names no row (and would make the query fail).
  .max(2_147_483_647, 'validation.invalid_id');

/**
 * A write's idempotency key: a UUID the browser makes when the write is first
 * tried (its outbox, ADR 036); the same key again answers the first write
 * instead of making a second one.
 */
export const ClientKeySchema = z.uuid({ message: 'validation.clientKey' });

/**
 * The session data every request helper call merges into its body (contract §7).
 * Identity still comes from the token; these are checked against it.
 */
export const SessionBodySchema = z.object({
  idUser: IdSchema.optional(),
  // In a multipart body (uploads) the request helper sends a missing path as an empty field.
  idTrainingPath: z.preprocess((value) => (value === '' ? null : value), IdSchema.nullish()),
});

export const ErrorBodySchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: 'Error' });
