import { defineEndpoint } from '~/lib/server/http/endpoint';
import { requestPasswordReset } from '~/lib/server/services/people/recover-password';
import { ForgotPasswordBodySchema, RecoveryAnswerSchema } from '~/lib/shared/schemas/people';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/auth/password/forgot/',
  summary:
    'Ask for a password recovery link by e-mail (single use, valid PASSWORD_RESET_TTL_S). The answer is the same whether or not the e-mail has an account; an account gets at most RECOVERY_MAX_PER_ACCOUNT links an hour, an address may ask RECOVERY_MAX_PER_IP times an hour (then 429)',
  tags: ['auth'],
  access: 'public',
  body: ForgotPasswordBodySchema,
  success: { status: 202, description: 'If the e-mail has an account, a link is on its way', schema: RecoveryAnswerSchema },
  errors: ['rate_limited'],
  handle: async ({ body, ip, lang }) => {
    await requestPasswordReset({ email: body.email, ip, lang });
    return { status: 202, body: { sent: true } };
  },
});
