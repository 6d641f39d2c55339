import { defineEndpoint } from '~/lib/server/http/endpoint';
import { toPage } from '~/lib/server/http/pagination';
import { PageQuerySchema, pageSchemaOf } from '~/lib/shared/pagination';
import { createOrganization, listOrganizations } from '~/lib/server/services/structure/organizations';
import { CreateOrganizationBodySchema, OrganizationSchema } from '~/lib/shared/schemas/structure';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/organizations/',
  summary: 'Organizations: every one for admins; for others, the organizations of their cohorts',
  tags: ['structure'],
  access: 'user',
  query: PageQuerySchema,
  success: { status: 200, description: 'One page of organizations, by name', schema: pageSchemaOf(OrganizationSchema) },
  errors: [],
  handle: async ({ query, caller, request }) => {
    const { results, count } = await listOrganizations(caller, query.page);
    return { body: toPage(results, count, query.page, request.url) };
  },
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/organizations/',
  summary: 'Create an organization (admins)',
  tags: ['structure'],
  access: 'user',
  body: CreateOrganizationBodySchema,
  success: { status: 201, description: 'The new organization', schema: OrganizationSchema },
  errors: ['forbidden'],
  handle: async ({ body, caller }) => ({ body: await createOrganization(caller, body) }),
});
