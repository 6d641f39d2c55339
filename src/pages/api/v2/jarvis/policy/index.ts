import { defineEndpoint } from '~/lib/server/http/endpoint';
import { acceptAiPolicy, getAiPolicy } from '~/lib/server/services/jarvis/ai-policy';
import { AcceptAiPolicyBodySchema, AiPolicySchema } from '~/lib/shared/schemas/jarvis';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/jarvis/policy/',
  summary: "The AI policy's current version, whether and when the caller accepted it, and whether a model is configured (without one the assistant needs no acceptance). The policy's text is in the dictionaries (`jarvis.ai.policy.*`)",
  tags: ['jarvis'],
  access: 'user',
  success: { status: 200, description: "The caller's standing with the policy", schema: AiPolicySchema },
  errors: [],
  handle: async ({ caller }) => ({ body: await getAiPolicy(caller) }),
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/jarvis/policy/',
  summary: "Records the caller's acceptance of the AI policy's current `version` (accepting again keeps the first date); another version is a 400",
  tags: ['jarvis'],
  access: 'user',
  body: AcceptAiPolicyBodySchema,
  success: { status: 200, description: "The caller's standing with the policy, accepted", schema: AiPolicySchema },
  errors: [],
  handle: async ({ caller }) => ({ body: await acceptAiPolicy(caller) }),
});
