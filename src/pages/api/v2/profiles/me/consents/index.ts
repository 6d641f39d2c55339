import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getMyConsents } from '~/lib/server/services/people/consents';
import { ConsentListSchema } from '~/lib/shared/schemas/consents';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/profiles/me/consents/',
  summary:
    "The caller's Ley 1581 consents, one per purpose (`general` data processing, `sensitive_data`, `funder_reports`): whether it is in force, the text version, when and through which channel it was given, and when it was withdrawn",
  tags: ['profiles'],
  access: 'user',
  success: { status: 200, description: 'Every purpose, in order', schema: ConsentListSchema },
  errors: [],
  handle: async ({ caller }) => ({ body: { results: await getMyConsents(caller) } }),
});
