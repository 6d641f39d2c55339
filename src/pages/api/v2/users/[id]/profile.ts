import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getProfileOf, saveProfileOf } from '~/lib/server/services/people/profiles';
import { PersonFormBodySchema, PersonProfileSchema } from '~/lib/shared/schemas/person';
import { IdParamsSchema } from '~/lib/shared/schemas/structure';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/users/{id}/profile/',
  summary: "Someone's person form; the read is logged (who, when, whose: Ley 1581). Platform admins",
  tags: ['users'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'The profile (null where unknown)', schema: PersonProfileSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => ({ body: await getProfileOf(caller, params.id) }),
});

export const PUT = defineEndpoint({
  method: 'PUT',
  path: '/api/v2/users/{id}/profile/',
  summary: "Save someone's whole person form (names and e-mail included, `confirmEmail` equal to `email`); the change is logged. Platform admins",
  tags: ['users'],
  access: 'user',
  params: IdParamsSchema,
  body: PersonFormBodySchema,
  success: { status: 200, description: 'The profile as saved', schema: PersonProfileSchema },
  errors: ['forbidden', 'not_found', 'account_anonymized'],
  handle: async ({ caller, params, body }) => ({ body: await saveProfileOf(caller, params.id, body) }),
});
