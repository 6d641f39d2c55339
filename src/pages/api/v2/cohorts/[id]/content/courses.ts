import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listCohortCourseReleases } from '~/lib/server/services/content/release';
import { IdParamsSchema } from '~/lib/shared/schemas/content';
import { CohortCourseReleaseSchema } from '~/lib/shared/schemas/release';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/cohorts/{id}/content/courses/',
  summary: "What the cohort sees of its program: each course with its release (managers see unreleased courses too; students only released or scheduled ones)",
  tags: ['structure'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'Courses in position order with their release date', schema: z.array(CohortCourseReleaseSchema) },
  errors: ['not_found'],
  handle: async ({ params, caller }) => ({ body: await listCohortCourseReleases(caller, params.id) }),
});
