import { defineEndpoint } from '~/lib/server/http/endpoint';
import { createGradeCategory, listGradeCategories, replaceGradeCategories } from '~/lib/server/services/gradebook/categories';
import { CreateGradeCategoryBodySchema, GradebookIdParamsSchema, GradeCategoryListSchema, GradeCategorySchema, ReplaceGradeCategoriesBodySchema } from '~/lib/shared/schemas/gradebook';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/courses/{id}/grade-categories/',
  summary: "A course's grade categories in order, their total weight and whether it is 100 (the gradebook needs exactly 100). Its staff and students",
  tags: ['gradebook'],
  access: 'user',
  params: GradebookIdParamsSchema,
  success: { status: 200, description: 'The categories', schema: GradeCategoryListSchema },
  errors: ['not_found'],
  handle: async ({ caller, params }) => ({ body: await listGradeCategories(caller, params.id) }),
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/courses/{id}/grade-categories/',
  summary:
    'Add a grade category `{ name, weight, dropLowest }`. Weights may never add up to more than 100 (400 grade_weights_exceeded, naming what is left): a course gets from 0 to 100 one category at a time, and its gradebook is computed only once they add up to exactly 100. Staff of the course',
  tags: ['gradebook'],
  access: 'user',
  params: GradebookIdParamsSchema,
  body: CreateGradeCategoryBodySchema,
  success: { status: 201, description: 'The category', schema: GradeCategorySchema },
  errors: ['grade_weights_exceeded', 'forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ status: 201, body: await createGradeCategory(caller, params.id, body) }),
});

export const PUT = defineEndpoint({
  method: 'PUT',
  path: '/api/v2/courses/{id}/grade-categories/',
  summary:
    "Replace a course's grade categories with the set given, in order (`id` keeps an existing one; those left out are deleted and their items stop counting). The weights must add up to exactly 100 (400 validation_failed naming `categories`): the way to rebalance in one step. Staff of the course",
  tags: ['gradebook'],
  access: 'user',
  params: GradebookIdParamsSchema,
  body: ReplaceGradeCategoriesBodySchema,
  success: { status: 200, description: 'The categories', schema: GradeCategoryListSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ caller, params, body }) => ({ body: await replaceGradeCategories(caller, params.id, body) }),
});
