import { defineEndpoint } from '~/lib/server/http/endpoint';
import { toPage } from '~/lib/server/http/pagination';
import { PageQuerySchema, pageSchemaOf } from '~/lib/shared/pagination';
import { createLearningPath, listLearningPaths } from '~/lib/server/services/structure/learning-paths';
import { CreateLearningPathBodySchema, LearningPathFilterSchema, LearningPathSchema } from '~/lib/shared/schemas/structure';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/learning-paths/',
  summary: 'Learning paths (?organization= for one organization): every one for admins; for others, the paths of their cohorts',
  tags: ['structure'],
  access: 'user',
  query: PageQuerySchema.extend(LearningPathFilterSchema.shape),
  success: { status: 200, description: 'One page of learning paths, by name', schema: pageSchemaOf(LearningPathSchema) },
  errors: [],
  handle: async ({ query, caller, request }) => {
    const { results, count } = await listLearningPaths(caller, query.page, query.organization);
    return { body: toPage(results, count, query.page, request.url) };
  },
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/learning-paths/',
  summary: 'Create a learning path in an organization (admins)',
  tags: ['structure'],
  access: 'user',
  body: CreateLearningPathBodySchema,
  success: { status: 201, description: 'The new learning path', schema: LearningPathSchema },
  errors: ['unknown_reference', 'forbidden'],
  handle: async ({ body, caller }) => ({ body: await createLearningPath(caller, body) }),
});
