import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getSubmissionDetail } from '~/lib/server/services/assignments/submissions';
import { AssignmentParamsSchema, SubmissionDetailSchema } from '~/lib/shared/schemas/assignments';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/assignments/submissions/{id}/',
  summary: "A submission with its student's whole history on the assignment (newest first) and the assignment, for its graders who see the student",
  tags: ['assignments'],
  access: 'user',
  params: AssignmentParamsSchema,
  success: { status: 200, description: 'The submission and its history', schema: SubmissionDetailSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => ({ body: await getSubmissionDetail(caller, params.id) }),
});
