import { defineEndpoint } from '~/lib/server/http/endpoint';
import { toPage } from '~/lib/server/http/pagination';
import { PageQuerySchema, pageSchemaOf } from '~/lib/shared/pagination';
import { searchUsers } from '~/lib/server/services/search-users';
import { FoundUserSchema, UserSearchFilterSchema } from '~/lib/shared/schemas/user-search';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/users/',
  summary:
    'Platform users by name. Cohort admins: those whose name or email contains `search` (at least 2 characters), id, names and email only; with `cohort`, each carries its `membership` there (or null; that cohort\'s admins). Platform admins may leave `search` out, filter by `inCohort`, `learningPath`, `type` and `status` (ACTIVE, INACTIVE, INVITED, DELETION_REQUESTED), and see each `account`',
  tags: ['users'],
  access: 'user',
  query: PageQuerySchema.extend(UserSearchFilterSchema.shape),
  success: { status: 200, description: 'One page of matching users', schema: pageSchemaOf(FoundUserSchema) },
  errors: ['forbidden', 'not_found'],
  handle: async ({ query, caller, request }) => {
    const { page, ...filter } = query;
    const { results, count } = await searchUsers(caller, filter, page);
    return { body: toPage(results, count, page, request.url) };
  },
});
