import { defineEndpoint } from '~/lib/server/http/endpoint';
import { deleteGradeCategory, updateGradeCategory } from '~/lib/server/services/gradebook/categories';
import { GradebookIdParamsSchema, GradeCategorySchema, UpdateGradeCategoryBodySchema } from '~/lib/shared/schemas/gradebook';

export const PATCH = defineEndpoint({
  method: 'PATCH',
  path: '/api/v2/grade-categories/{id}/',
  summary: "Change a grade category's name, weight or dropped lowest scores; the course's weights may not pass 100 (400 grade_weights_exceeded). Staff of the course",
  tags: ['gradebook'],
  access: 'user',
  params: GradebookIdParamsSchema,
  body: UpdateGradeCategoryBodySchema,
  success: { status: 200, description: 'The category', schema: GradeCategorySchema },
  errors: ['grade_weights_exceeded', 'forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await updateGradeCategory(caller, params.id, body) }),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/grade-categories/{id}/',
  summary: 'Delete a grade category; its quizzes and assignments stay, in no category (they stop counting). Staff of the course',
  tags: ['gradebook'],
  access: 'user',
  params: GradebookIdParamsSchema,
  success: { status: 204, description: 'Deleted' },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params }) => {
    await deleteGradeCategory(caller, params.id);
    return { status: 204 };
  },
});
