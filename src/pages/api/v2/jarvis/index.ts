import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getJarvisAnswer } from '~/lib/server/services/jarvis/get-jarvis-answer';
import { JarvisAnswerSchema, JarvisQuerySchema } from '~/lib/shared/schemas/jarvis';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/jarvis/',
  summary:
    "The study assistant's feedback on one student, from their own data: progress and grades per course, what is behind and due next, lessons to review for the questions they got wrong, unseen feedback and a week plan, each with its links. Built by Senda without AI (`source: offline`) unless a model is configured. The student themself, their cohorts' tutors and cohort admins, platform admins",
  tags: ['jarvis'],
  access: 'user',
  query: JarvisQuerySchema,
  success: { status: 200, description: "The student's feedback", schema: JarvisAnswerSchema },
  errors: ['not_found', 'assistant_disabled'],
  handle: async ({ caller, query, lang }) => ({ body: await getJarvisAnswer(caller, query.user_id, lang) }),
});
