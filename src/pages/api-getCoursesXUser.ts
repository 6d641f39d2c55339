import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listCoursesForUser } from '~/lib/server/services/learning';
import { CourseSummarySchema } from '~/lib/shared/schemas/app-shell';
import { SessionBodySchema } from '~/lib/shared/schemas/common';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api-getCoursesXUser/',
  summary: "The caller's courses in their active cohorts (optionally one training path)",
  tags: ['app-shell'],
  access: 'user',
  body: SessionBodySchema,
  success: { status: 200, description: 'Courses with program, cohort and activity counts', schema: z.array(CourseSummarySchema) },
  errors: [],
  handle: async ({ body, caller }) => ({ body: await listCoursesForUser(caller.id, body.idTrainingPath) }),
});
