import { defineEndpoint } from '~/lib/server/http/endpoint';
import { answerChat } from '~/lib/server/services/jarvis/chat';
import { JarvisChatAnswerSchema, JarvisChatBodySchema } from '~/lib/shared/schemas/jarvis';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/jarvis/chat/',
  summary:
    "A follow-up question to the study assistant about one student's studies (`user_id`: the caller unless given; a tutor about their cohorts' students, an admin about anyone). Answered from that student's data and the lessons of their courses the question is about (Spanish full-text search), which come back as `sources`. With a model configured (AI_BASE_URL, AI_MODEL) the caller must have accepted the AI policy first (409 ai_policy_required) and stay within the hourly limits (429 with Retry-After); the model guides rather than answers. Without a model, or when it fails, the answer lists the lessons found (`source: offline`). Nothing is said about a quiz the student has an attempt open on",
  tags: ['jarvis'],
  access: 'user',
  body: JarvisChatBodySchema,
  success: { status: 200, description: 'The answer and its sources', schema: JarvisChatAnswerSchema },
  errors: ['not_found', 'assistant_disabled', 'ai_policy_required', 'rate_limited'],
  handle: async ({ caller, body, lang }) => ({ body: await answerChat(caller, body, lang) }),
});
