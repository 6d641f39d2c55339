import { z } from 'zod';

/** E-mail: the environment variables it reads (config.ts collects every domain's). */
export const MailConfigSchema = z.object({
  /** E-mail through an SMTP server when SMTP_HOST is set; otherwise into the development mailbox (/admin/mailbox). */
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** `true`: TLS from the first byte (port 465); `false`: plain, upgraded with STARTTLS when the server offers it (587). */
  SMTP_SECURE: z
    .enum(['true', 'false'], 'SMTP_SECURE must be true or false')
    .default('false')
    .transform((v) => v === 'true'),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  /** The sender of every message: an address, or `Name <address>`. */
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>]+<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'MAIL_FROM must be an e-mail address or Name <address>')
    .default('Senda <no-reply@senda.localhost>'),
});

/** The SMTP settings that only work with a server, or together. */
export function checkMailConfig(env: z.infer<typeof MailConfigSchema>, context: z.RefinementCtx): void {
  if (!env.SMTP_HOST) {
    for (const name of ['SMTP_PORT', 'SMTP_USER', 'SMTP_PASSWORD'] as const) {
      if (env[name] !== undefined) context.addIssue({ code: 'custom', path: [name], message: `${name} needs SMTP_HOST` });
    }
  }
  if (Boolean(env.SMTP_USER) !== Boolean(env.SMTP_PASSWORD)) context.addIssue({ code: 'custom', path: [env.SMTP_USER ? 'SMTP_PASSWORD' : 'SMTP_USER'], message: 'SMTP_USER and SMTP_PASSWORD go together' });
}
