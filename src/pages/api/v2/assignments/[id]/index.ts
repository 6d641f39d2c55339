import { defineEndpoint } from '~/lib/server/http/endpoint';
import { deleteAssignment, getAssignment, updateAssignment } from '~/lib/server/services/assignments/author-assignments';
import { AssignmentParamsSchema, AssignmentSchema, UpdateAssignmentBodySchema } from '~/lib/shared/schemas/assignments';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/assignments/{id}/',
  summary: "An assignment: staff with the submissions they see counted; a student (published only) with their due date and standing (`mine`)",
  tags: ['assignments'],
  access: 'user',
  params: AssignmentParamsSchema,
  success: { status: 200, description: 'The assignment', schema: AssignmentSchema },
  errors: ['not_found'],
  handle: async ({ caller, params }) => ({ body: await getAssignment(caller, params.id) }),
});

export const PATCH = defineEndpoint({
  method: 'PATCH',
  path: '/api/v2/assignments/{id}/',
  summary: 'Change an assignment; a new due date or late policy recomputes which submissions were late and their penalty. Staff of the course',
  tags: ['assignments'],
  access: 'user',
  params: AssignmentParamsSchema,
  body: UpdateAssignmentBodySchema,
  success: { status: 200, description: 'The assignment', schema: AssignmentSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await updateAssignment(caller, params.id, body) }),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/assignments/{id}/',
  summary: 'Delete an assignment nobody has submitted to; with submissions: 409 assignment_has_submissions (unpublish it instead). Staff of the course',
  tags: ['assignments'],
  access: 'user',
  params: AssignmentParamsSchema,
  success: { status: 204, description: 'Deleted' },
  errors: ['assignment_has_submissions', 'forbidden', 'not_found'],
  handle: async ({ caller, params }) => {
    await deleteAssignment(caller, params.id);
    return { status: 204 };
  },
});
