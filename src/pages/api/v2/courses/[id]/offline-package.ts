import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getOfflinePackage } from '~/lib/server/services/offline/get-offline-package';
import { OfflinePackageParamsSchema, OfflinePackageQuerySchema, OfflinePackageSchema } from '~/lib/shared/schemas/offline-package';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/courses/{id}/offline-package/',
  summary:
    "What to download to study a course, or one level of its syllabus (`level`: 1 = the first the course page lists), without a connection: every same-origin URL to keep (course page, published lessons, their images and attachments, quiz pages and the quiz's reader view without answers, assignment pages), each with its size and revision, the total, and a revision that changes when any of them does. Whoever may read the course's lessons (students once it is released to their cohort; staff get the students' view); 400 for a level the course does not have",
  tags: ['courses'],
  access: 'user',
  params: OfflinePackageParamsSchema,
  query: OfflinePackageQuerySchema,
  success: { status: 200, description: 'The package', schema: OfflinePackageSchema },
  errors: ['not_found'],
  handle: async ({ caller, params, query }) => ({ body: await getOfflinePackage(caller, params.id, query.level) }),
});
