import { defineEndpoint } from '~/lib/server/http/endpoint';
import { releaseCourseToCohort, unreleaseCourseFromCohort } from '~/lib/server/services/content/release';
import { CohortCourseParamsSchema, CohortCourseReleaseSchema, ReleaseBodySchema } from '~/lib/shared/schemas/release';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/cohorts/{id}/content/courses/{courseId}/release/',
  summary: 'Release a course of the cohort\'s program to the cohort, now or at `releaseAt` (drip); again to move the date (admins, the cohort\'s tutors and cohort admins)',
  tags: ['structure'],
  access: 'user',
  params: CohortCourseParamsSchema,
  body: ReleaseBodySchema,
  success: { status: 200, description: 'The release', schema: CohortCourseReleaseSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ params, body, caller }) => ({
    body: await releaseCourseToCohort(caller, params.id, params.courseId, {
      releaseAt: body.releaseAt ? new Date(body.releaseAt) : undefined,
      levelId: body.levelId ?? null,
    }),
  }),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/cohorts/{id}/content/courses/{courseId}/release/',
  summary: "Withdraw a course's release: the cohort's students stop seeing it",
  tags: ['structure'],
  access: 'user',
  params: CohortCourseParamsSchema,
  success: { status: 204, description: 'Withdrawn' },
  errors: ['forbidden', 'not_found'],
  handle: async ({ params, caller }) => {
    await unreleaseCourseFromCohort(caller, params.id, params.courseId);
    return { status: 204 };
  },
});
