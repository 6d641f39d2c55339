import { defineEndpoint } from '~/lib/server/http/endpoint';
import { toPage } from '~/lib/server/http/pagination';
import { PageQuerySchema, pageSchemaOf } from '~/lib/shared/pagination';
import { createCohort, listCohorts } from '~/lib/server/services/structure/cohorts';
import { CohortSchema, CreateCohortBodySchema } from '~/lib/shared/schemas/structure';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/cohorts/',
  summary: 'Cohorts, newest first: every one for admins; for others, the cohorts where they are ACTIVE members',
  tags: ['structure'],
  access: 'user',
  query: PageQuerySchema,
  success: { status: 200, description: 'One page of cohorts', schema: pageSchemaOf(CohortSchema) },
  errors: [],
  handle: async ({ query, caller, request }) => {
    const { results, count } = await listCohorts(caller, query.page);
    return { body: toPage(results, count, query.page, request.url) };
  },
});

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/cohorts/',
  summary: 'Create a cohort in a learning path, optionally following a program (admins)',
  tags: ['structure'],
  access: 'user',
  body: CreateCohortBodySchema,
  success: { status: 201, description: 'The new cohort', schema: CohortSchema },
  errors: ['unknown_reference', 'forbidden'],
  handle: async ({ body, caller }) => ({ body: await createCohort(caller, body) }),
});
