import { defineEndpoint } from '~/lib/server/http/endpoint';
import { registerSelf } from '~/lib/server/services/registrations/register';
import { getRegistration } from '~/lib/server/services/registrations/registration-views';
import { RegisterSelfBodySchema, RegistrationSchema } from '~/lib/shared/schemas/registrations';
import { IdParamsSchema } from '~/lib/shared/schemas/structure';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/offers/{id}/register/',
  summary:
    "Sign the caller up for an offer with their account (`consent`: the privacy notice, Ley 1581). A free offer enrols them at once; a paid one holds a seat while they pay (POST /api/payment). Answers their registration; signing up again answers the same one. 409 offer_closed, offer_full, already_registered",
  tags: ['registrations'],
  access: 'user',
  params: IdParamsSchema,
  body: RegisterSelfBodySchema,
  success: { status: 201, description: 'The registration', schema: RegistrationSchema },
  errors: ['not_found', 'offer_closed', 'offer_full', 'already_registered'],
  handle: async ({ caller, params, ip }) => ({ status: 201, body: await getRegistration(caller, await registerSelf(caller, params.id, { ip })) }),
});
