import { z } from 'zod';
import { SessionUserSchema } from './auth';

/** Shapes of the Auth.js routes under /api/auth, for the OpenAPI document. */
export const AuthSessionSchema = z
  .object({ user: SessionUserSchema, expires: z.string(), error: z.literal('RefreshAccessTokenError').optional() })
  .nullable()
  .meta({ id: 'AuthSession' });

export const CsrfResponseSchema = z.object({ csrfToken: z.string() }).meta({ id: 'CsrfToken' });

export const ProvidersResponseSchema = z
  .record(z.string(), z.object({ id: z.string(), name: z.string(), type: z.string(), signinUrl: z.string(), callbackUrl: z.string() }))
  .meta({ id: 'Providers' });

export const CredentialsCallbackBodySchema = z
  .object({
    email: z.string(),
    password: z.string(),
    csrfToken: z.string(),
    callbackUrl: z.string().optional(),
    json: z.enum(['true', 'false']).optional(),
  })
  .meta({ id: 'CredentialsCallbackBody' });

export const SignOutBodySchema = z
  .object({ csrfToken: z.string(), callbackUrl: z.string().optional(), json: z.enum(['true', 'false']).optional() })
  .meta({ id: 'SignOutBody' });

export const RedirectResponseSchema = z.object({ url: z.string() }).meta({ id: 'Redirect' });
