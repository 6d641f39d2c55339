import { defineEndpoint } from '~/lib/server/http/endpoint';
import { archiveCohort, getCohort, updateCohort } from '~/lib/server/services/structure/cohorts';
import { CohortSchema, IdParamsSchema, UpdateCohortBodySchema } from '~/lib/shared/schemas/structure';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/cohorts/{id}/',
  summary: 'One cohort (admins: any; others: a cohort where they are ACTIVE members)',
  tags: ['structure'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'The cohort', schema: CohortSchema },
  errors: ['not_found'],
  handle: async ({ params, caller }) => ({ body: await getCohort(caller, params.id) }),
});

export const PATCH = defineEndpoint({
  method: 'PATCH',
  path: '/api/v2/cohorts/{id}/',
  summary: "Change a cohort: name and dates (admins, the cohort's tutors and cohort admins); status and program (admins only)",
  tags: ['structure'],
  access: 'user',
  params: IdParamsSchema,
  body: UpdateCohortBodySchema,
  success: { status: 200, description: 'The updated cohort', schema: CohortSchema },
  errors: ['unknown_reference', 'forbidden', 'not_found'],
  handle: async ({ params, body, caller }) => ({ body: await updateCohort(caller, params.id, body) }),
});

export const DELETE = defineEndpoint({
  method: 'DELETE',
  path: '/api/v2/cohorts/{id}/',
  summary: 'Archive a cohort: its status becomes INACTIVE, nothing is deleted (admins)',
  tags: ['structure'],
  access: 'user',
  params: IdParamsSchema,
  success: { status: 200, description: 'The archived cohort', schema: CohortSchema },
  errors: ['forbidden', 'not_found'],
  handle: async ({ params, caller }) => ({ body: await archiveCohort(caller, params.id) }),
});
