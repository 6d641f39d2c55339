import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listGradeItems, updateGradeItems } from '~/lib/server/services/gradebook/grade-items';
import { GradebookIdParamsSchema, GradeItemListSchema, UpdateGradeItemsBodySchema } from '~/lib/shared/schemas/gradebook';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/courses/{id}/grade-items/',
  summary: "A course's quizzes and assignments with their grade category, `countsForGrade` and `mustPass`. Staff of the course",
  tags: ['gradebook'],
  access: 'user',
  params: GradebookIdParamsSchema,
  success: { status: 200, description: 'The items', schema: GradeItemListSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => ({ body: await listGradeItems(caller, params.id) }),
});

export const PATCH = defineEndpoint({
  method: 'PATCH',
  path: '/api/v2/courses/{id}/grade-items/',
  summary:
    "Put quizzes and assignments of the course in a category (null: none, they do not count), and set `countsForGrade` and `mustPass`; an item or category of another course is a 400 naming it. Staff of the course",
  tags: ['gradebook'],
  access: 'user',
  params: GradebookIdParamsSchema,
  body: UpdateGradeItemsBodySchema,
  success: { status: 200, description: 'The items', schema: GradeItemListSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await updateGradeItems(caller, params.id, body) }),
});
