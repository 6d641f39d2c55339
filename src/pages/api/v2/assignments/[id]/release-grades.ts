import { defineEndpoint } from '~/lib/server/http/endpoint';
import { setGradesReleased } from '~/lib/server/services/assignments/author-assignments';
import { AssignmentParamsSchema, AssignmentSchema } from '~/lib/shared/schemas/assignments';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/assignments/{id}/release-grades/',
  summary: "Release an assignment's grades: students see their scores and feedback (each grade's feedback counts as unseen), graders see names again on an anonymous assignment. Staff of the course",
  tags: ['assignments'],
  access: 'user',
  params: AssignmentParamsSchema,
  success: { status: 200, description: 'The assignment', schema: AssignmentSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => ({ body: await setGradesReleased(caller, params.id, true) }),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/assignments/{id}/release-grades/',
  summary: 'Hide the grades of a manually released assignment again (feedback students already got stays theirs). Staff of the course',
  tags: ['assignments'],
  access: 'user',
  params: AssignmentParamsSchema,
  success: { status: 200, description: 'The assignment', schema: AssignmentSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => ({ body: await setGradesReleased(caller, params.id, false) }),
});
