import { defineEndpoint } from '~/lib/server/http/endpoint';
import { listRouteModules } from '~/lib/server/http/route-modules';
import { buildOpenApiDocument, collectEndpoints } from '~/lib/server/http/openapi';

let document: Record<string, unknown> | null = null;

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/docs',
  summary: 'This OpenAPI document, generated from the zod schemas that validate each endpoint',
  tags: ['platform'],
  access: 'public',
  maintenance: 'exempt',
  success: { status: 200, description: 'OpenAPI 3.0 document' },
  errors: [],
  handle: async () => {
    document ??= buildOpenApiDocument(collectEndpoints(await listRouteModules()));
    return { body: document, headers: { 'Cache-Control': 'public, max-age=300' } };
  },
});
