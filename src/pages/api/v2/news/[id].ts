import { defineEndpoint } from '~/lib/server/http/endpoint';
import { deleteNews, getNews, updateNews } from '~/lib/server/services/news';
import { NewsParamsSchema, NewsSchema, UpdateNewsBodySchema } from '~/lib/shared/schemas/news';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/news/{id}/',
  summary: 'One news item (members of its cohort)',
  tags: ['news'],
  access: 'user',
  params: NewsParamsSchema,
  success: { status: 200, description: 'The news item', schema: NewsSchema },
  errors: ['not_found'],
  handle: async ({ params, caller }) => ({ body: await getNews(caller, params.id) }),
});

export const PATCH = defineEndpoint({
  method: 'PATCH',
  path: '/api/v2/news/{id}/',
  summary: "Change a news item's title or body (its cohort's tutors and cohort admins)",
  tags: ['news'],
  access: 'user',
  params: NewsParamsSchema,
  body: UpdateNewsBodySchema,
  success: { status: 200, description: 'The news item', schema: NewsSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ params, body, caller }) => ({ body: await updateNews(caller, params.id, body) }),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/news/{id}/',
  summary: "Remove a news item (its cohort's tutors and cohort admins)",
  tags: ['news'],
  access: 'user',
  params: NewsParamsSchema,
  success: { status: 204, description: 'Removed' },
  errors: ['forbidden', 'not_found'],
  handle: async ({ params, caller }) => {
    await deleteNews(caller, params.id);
    return { status: 204 };
  },
});
