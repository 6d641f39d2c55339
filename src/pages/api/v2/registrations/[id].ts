import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getRegistration } from '~/lib/server/services/registrations/registration-views';
import { RegistrationSchema } from '~/lib/shared/schemas/registrations';
import { IdParamsSchema } from '~/lib/shared/schemas/structure';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/registrations/{id}/',
  summary: 'One registration with its newest payment: its person, or platform admins (with the CRM delivery); 404 for anyone else',
  tags: ['registrations'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'The registration', schema: RegistrationSchema },
  errors: ['not_found'],
  handle: async ({ caller, params }) => ({ body: await getRegistration(caller, params.id) }),
});
