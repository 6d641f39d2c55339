import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listMyStudentCohorts } from '~/lib/server/services/structure/withdrawals';
import { MyStudentCohortListSchema } from '~/lib/shared/schemas/withdrawals';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/profiles/me/cohorts/',
  summary: "The active cohorts the caller takes part in, or took part in, as a student, with the day they withdrew from each (null while taking part)",
  tags: ['profiles'],
  access: 'user',
  success: { status: 200, description: "The caller's cohorts as a student", schema: MyStudentCohortListSchema },
  errors: [],
  handle: async ({ caller }) => ({ body: { results: await listMyStudentCohorts(caller) } }),
});
