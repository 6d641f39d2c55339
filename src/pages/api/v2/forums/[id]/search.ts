import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { searchForum } from '~/lib/server/services/forums/search-forum';
import { ForumParamsSchema, SearchQuerySchema, SearchResultSchema } from '~/lib/shared/schemas/forums';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/forums/{id}/search/',
  summary: 'Searches a forum (`?q=`, PostgreSQL full-text search in Spanish) over thread titles and texts and comments; snippets mark matches between U+E000 and U+E001',
  tags: ['forums'],
  access: 'user',
  params: ForumParamsSchema,
  query: SearchQuerySchema,
  success: { status: 200, description: 'The best matches', schema: z.array(SearchResultSchema) },
  errors: ['not_found'],
  handle: async ({ caller, params, query }) => ({ body: await searchForum(caller, params.id, query.q) }),
});
