import { z } from 'zod';
import { RECORD_STATUSES, ROLE_IDS, USER_TYPES } from '~/lib/shared/constants';
import { IdSchema, textSchema } from './common';

export const LoginBodySchema = z
  .object({
    email: z.email('validation.email.invalid').max(254, 'validation.length.max').transform((v) => v.trim().toLowerCase()),
    password: textSchema('validation.required.password').min(1, 'validation.required.password').max(1024, 'validation.length.max'),
  })
  .meta({ id: 'LoginBody' });
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const CohortClaimSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(RECORD_STATUSES),
    role_id: z.union([z.literal(ROLE_IDS.student), z.literal(ROLE_IDS.tutor), z.literal(ROLE_IDS.cohortAdmin)]),
  })
  .meta({ id: 'CohortMembership' });
export type CohortClaim = z.infer<typeof CohortClaimSchema>;

/** Exactly the access-token claims of the product contract (§3). */
export const AccessTokenClaimsSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(RECORD_STATUSES),
  cohorts: z.array(CohortClaimSchema),
  userType: z.enum(USER_TYPES),
  idStudent: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  token_type: z.literal('access'),
  exp: z.number().int(),
  iat: z.number().int(),
  jti: z.string(),
});
export type AccessTokenClaims = z.infer<typeof AccessTokenClaimsSchema>;

export const UserSummarySchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    name: z.string(),
    userType: z.enum(USER_TYPES),
    status: z.enum(RECORD_STATUSES),
    statusStudent: z.number().int(),
    idStudent: z.number().int().nullable(),
    idTrainingPath: z.number().int().nullable(),
    cohorts: z.array(CohortClaimSchema),
  })
  .meta({ id: 'UserSummary' });
export type UserSummary = z.infer<typeof UserSummarySchema>;

export const LoginResponseSchema = z
  .object({ accessToken: z.string(), refreshToken: z.string(), user: UserSummarySchema })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const RefreshBodySchema = z
  .object({ refresh_token: textSchema('validation.required.refresh_token').min(16, 'validation.required.refresh_token').max(512, 'validation.length.max') })
  .meta({ id: 'RefreshBody' });

export const TokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() }).meta({ id: 'TokenPair' });
export type TokenPair = z.infer<typeof TokenPairSchema>;

export const LogoutBodySchema = z
  .object({
    refresh_token: textSchema().min(16).max(512).optional(),
    idUser: IdSchema.optional(),
    idTrainingPath: IdSchema.nullish(),
  })
  .meta({ id: 'LogoutBody' });

export const StatusResponseSchema = z
  .object({ status: z.enum(['ok', 'maintenance']), message: z.string() })
  .meta({ id: 'Status' });

/** The session user info of the product contract (§3), as the browser sees it. */
export const SessionUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  statusUser: z.enum(RECORD_STATUSES),
  typeUser: z.enum(USER_TYPES),
  cohorts: z.array(CohortClaimSchema),
  statusStudent: z.number().int(),
  accessToken: z.string(),
  refreshToken: z.string(),
  idUser: z.number().int(),
  idTrainingPath: z.number().int().nullable(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** Client log records posted to /api/auth/_log. */
export const ClientLogBodySchema = z
  .object({
    level: z.enum(['error', 'warn', 'info']),
    code: textSchema().max(100).optional(),
    message: textSchema().max(2000),
  })
  .meta({ id: 'ClientLog' });
