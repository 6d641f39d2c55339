import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listAssignments } from '~/lib/server/services/assignments/list-assignments';
import { AssignmentPageSchema, AssignmentParamsSchema, ProgramAssignmentsQuerySchema } from '~/lib/shared/schemas/assignments';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/programs/{id}/assignments/',
  summary: "A program's assignments the caller sees, soonest due first; `is_checkpoint=true` lists its checkpoints",
  tags: ['programs', 'assignments'],
  access: 'user',
  params: AssignmentParamsSchema,
  query: ProgramAssignmentsQuerySchema,
  success: { status: 200, description: 'One page of assignments', schema: AssignmentPageSchema },
  errors: ['not_found'],
  handle: async ({ caller, params, query, request }) => ({ body: await listAssignments(caller, { ...query, program: params.id }, request.url) }),
});
