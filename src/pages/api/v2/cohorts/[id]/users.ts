import { defineEndpoint } from '~/lib/server/http/endpoint';
import { toPage } from '~/lib/server/http/pagination';
import { PageQuerySchema, pageSchemaOf } from '~/lib/shared/pagination';
import { listCohortMembers } from '~/lib/server/services/structure/cohort-members';
import { CohortMemberSchema, CohortMembersFilterSchema, IdParamsSchema } from '~/lib/shared/schemas/structure';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/cohorts/{id}/users/',
  summary: "A cohort's members (?search= on name or email), by name (admins, the cohort's tutors and cohort admins)",
  tags: ['structure'],
  access: 'user',
  params: IdParamsSchema,
  query: PageQuerySchema.extend(CohortMembersFilterSchema.shape),
  success: { status: 200, description: 'One page of members with their role_id and membership status', schema: pageSchemaOf(CohortMemberSchema) },
  errors: ['forbidden', 'not_found'],
  handle: async ({ params, query, caller, request }) => {
    const { results, count } = await listCohortMembers(caller, params.id, query.page, query.search);
    return { body: toPage(results, count, query.page, request.url) };
  },
});
