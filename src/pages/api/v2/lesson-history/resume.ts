import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getResumePoint } from '~/lib/server/services/lesson-history';
import { ResumePointSchema, ResumeQuerySchema } from '~/lib/shared/schemas/lesson-history';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/lesson-history/resume/',
  summary: 'The lesson to open next in a course: the last started and not completed, else the first not completed',
  tags: ['lesson-history'],
  access: 'user',
  query: ResumeQuerySchema,
  success: { status: 200, description: 'The lesson (null when all are completed) and its history', schema: ResumePointSchema },
  errors: ['not_found'],
  handle: async ({ caller, query }) => ({ body: await getResumePoint(caller, query.course) }),
});
