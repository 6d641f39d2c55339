import { z } from 'zod';

/** A positive integer id, accepted as a number or a numeric string (path params, legacy bodies). */
export const IdSchema = z.coerce.number({ message: 'validation.invalid_id' }).int('validation.invalid_id').positive('validation.invalid_id')
  // Ids are PostgreSQL integers: a larger number names no row (and would make the query fail).
  .max(2_147_483_647, 'validation.invalid_id');

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
