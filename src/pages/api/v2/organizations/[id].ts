import { defineEndpoint } from '~/lib/server/http/endpoint';
import { archiveOrganization, getOrganization, updateOrganization } from '~/lib/server/services/structure/organizations';
import { IdParamsSchema, OrganizationSchema, UpdateOrganizationBodySchema } from '~/lib/shared/schemas/structure';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/organizations/{id}/',
  summary: 'One organization (admins: any; others: one of their cohorts)',
  tags: ['structure'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'The organization', schema: OrganizationSchema },
  errors: ['not_found'],
  handle: async ({ params, caller }) => ({ body: await getOrganization(caller, params.id) }),
});

export const PATCH = defineEndpoint({
  method: 'PATCH',
  path: '/api/v2/organizations/{id}/',
  summary: 'Rename an organization or change its status (admins)',
  tags: ['structure'],
  access: 'user',
  params: IdParamsSchema,
  body: UpdateOrganizationBodySchema,
  success: { status: 200, description: 'The updated organization', schema: OrganizationSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ params, body, caller }) => ({ body: await updateOrganization(caller, params.id, body) }),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/organizations/{id}/',
  summary: 'Archive an organization: its status becomes INACTIVE, nothing is deleted (admins)',
  tags: ['structure'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'The archived organization', schema: OrganizationSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ params, caller }) => ({ body: await archiveOrganization(caller, params.id) }),
});
