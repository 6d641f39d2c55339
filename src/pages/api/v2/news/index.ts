import { defineEndpoint } from '~/lib/server/http/endpoint';
import { toPage } from '~/lib/server/http/pagination';
import { PageQuerySchema, pageSchemaOf } from '~/lib/shared/pagination';
import { createNews, listCohortNews } from '~/lib/server/services/news';
import { CreateNewsBodySchema, NewsQuerySchema, NewsSchema } from '~/lib/shared/schemas/news';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/news/',
  summary: "A cohort's news, newest first, by pages (its members)",
  tags: ['news'],
  access: 'user',
  query: PageQuerySchema.extend(NewsQuerySchema.shape),
  success: { status: 200, description: 'One page of news', schema: pageSchemaOf(NewsSchema) },
  errors: ['not_found'],
  handle: async ({ query, caller, request }) => {
    const { results, count } = await listCohortNews(caller, query.cohort, query.page);
    return { body: toPage(results, count, query.page, request.url) };
  },
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/news/',
  summary: 'Publish news in a cohort (its tutors and cohort admins)',
  tags: ['news'],
  access: 'user',
  body: CreateNewsBodySchema,
  success: { status: 201, description: 'The news item', schema: NewsSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ body, caller }) => ({ status: 201, body: await createNews(caller, body) }),
});
