import { defineEndpoint } from '~/lib/server/http/endpoint';
import { createAssignment } from '~/lib/server/services/assignments/author-assignments';
import { listAssignments } from '~/lib/server/services/assignments/list-assignments';
import { AssignmentListQuerySchema, AssignmentPageSchema, AssignmentSchema, CreateAssignmentBodySchema } from '~/lib/shared/schemas/assignments';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/assignments/',
  summary:
    'Assignments the caller sees, soonest due first, by pages: students the published ones of courses released to them, with their due date (their cohort\'s) and `mine` (their standing); staff every one of the courses they manage. Filters: `course`, `program`, `cohort`, `is_checkpoint`',
  tags: ['assignments'],
  access: 'user',
  query: AssignmentListQuerySchema,
  success: { status: 200, description: 'One page of assignments', schema: AssignmentPageSchema },
  errors: ['not_found', 'forbidden'],
  handle: async ({ caller, query, request }) => ({ body: await listAssignments(caller, query, request.url) }),
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/assignments/',
  summary:
    'Create an assignment in a course: instructions (Markdown), activity type, checkpoint, maximum score, due date, late policy (`accept`, `penalize` with a percent per day late, `refuse`), what a submission may hold (`file`, `text`, `link`), file types and size, anonymous grading and how grades are released. Staff of the course',
  tags: ['assignments'],
  access: 'user',
  body: CreateAssignmentBodySchema,
  success: { status: 201, description: 'The assignment', schema: AssignmentSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, body }) => ({ status: 201, body: await createAssignment(caller, body) }),
});
