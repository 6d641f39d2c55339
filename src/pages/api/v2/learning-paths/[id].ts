import { defineEndpoint } from '~/lib/server/http/endpoint';
import { archiveLearningPath, getLearningPath, updateLearningPath } from '~/lib/server/services/structure/learning-paths';
import { IdParamsSchema, LearningPathSchema, UpdateLearningPathBodySchema } from '~/lib/shared/schemas/structure';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/learning-paths/{id}/',
  summary: 'One learning path (admins: any; others: one of their cohorts)',
  tags: ['structure'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'The learning path', schema: LearningPathSchema },
  errors: ['not_found'],
  handle: async ({ params, caller }) => ({ body: await getLearningPath(caller, params.id) }),
});

export const PATCH = defineEndpoint({
  method: 'PATCH',
  path: '/api/v2/learning-paths/{id}/',
  summary: "Change a learning path's name, description or status (admins)",
  tags: ['structure'],
  access: 'user',
  params: IdParamsSchema,
  body: UpdateLearningPathBodySchema,
  success: { status: 200, description: 'The updated learning path', schema: LearningPathSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ params, body, caller }) => ({ body: await updateLearningPath(caller, params.id, body) }),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/learning-paths/{id}/',
  summary: 'Archive a learning path: its status becomes INACTIVE, nothing is deleted (admins)',
  tags: ['structure'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'The archived learning path', schema: LearningPathSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ params, caller }) => ({ body: await archiveLearningPath(caller, params.id) }),
});
