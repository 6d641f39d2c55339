import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getOwnProfile, saveOwnProfile } from '~/lib/server/services/people/profiles';
import { PersonFormBodySchema, PersonProfileSchema } from '~/lib/shared/schemas/person';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/profiles/me/',
  summary: "The caller's own person form (null where not filled yet) and whether it is complete",
  tags: ['profiles'],
  access: 'user',
  success: { status: 200, description: 'The profile', schema: PersonProfileSchema },
  errors: [],
  handle: async ({ caller }) => ({ body: await getOwnProfile(caller) }),
});

export const PUT = defineEndpoint({
  method: 'PUT',
  path: '/api/v2/profiles/me/',
  summary:
    "Save the caller's whole person form (contract §3): names, e-mail and `confirmEmail` (equal), identity document, contact, gender, DANE municipality, neighborhood, address, stratum, housing, household, population group, English level, transport, emergency contact, employment; §5 messages per field",
  tags: ['profiles'],
  access: 'user',
  body: PersonFormBodySchema,
  success: { status: 200, description: 'The profile as saved', schema: PersonProfileSchema },
  errors: ['account_anonymized'],
  handle: async ({ caller, body }) => ({ body: await saveOwnProfile(caller, body) }),
});
