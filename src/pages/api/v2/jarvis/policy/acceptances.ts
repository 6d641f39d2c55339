import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listAiPolicyAcceptances } from '~/lib/server/services/jarvis/ai-policy';
import { PageQuerySchema, pageSchemaOf } from '~/lib/shared/pagination';
import { AiPolicyAcceptanceSchema } from '~/lib/shared/schemas/jarvis';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/jarvis/policy/acceptances/',
  summary: "Every acceptance of the AI policy, newest first, with the person (id, e-mail, name) and the version accepted. Platform admins",
  tags: ['jarvis'],
  access: 'user',
  query: PageQuerySchema,
  success: { status: 200, description: 'A page of acceptances', schema: pageSchemaOf(AiPolicyAcceptanceSchema) },
  errors: ['forbidden'],
  handle: async ({ caller, query, request }) => ({ body: await listAiPolicyAcceptances(caller, query.page, request.url) }),
});
