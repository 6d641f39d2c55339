import { defineEndpoint } from '~/lib/server/http/endpoint';
import { assignCohortUsers } from '~/lib/server/services/structure/cohort-members';
import { AssignUsersBodySchema, AssignUsersResultSchema, IdParamsSchema } from '~/lib/shared/schemas/structure';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/cohorts/{id}/assign_users/',
  summary:
    'Assign and remove members in one all-or-nothing call: `users` [{ userId, role_id, status? }] adds or updates memberships, `remove` [userId] deletes them (POST, not DELETE: the request helper sends no body with DELETE). Admins and cohort admins',
  tags: ['structure'],
  access: 'user',
  params: IdParamsSchema,
  body: AssignUsersBodySchema,
  success: { status: 200, description: 'The memberships written and the user ids removed', schema: AssignUsersResultSchema },
  errors: ['unknown_users', 'forbidden', 'forbidden_own_membership', 'not_found'],
  handle: async ({ params, body, caller }) => ({ body: await assignCohortUsers(caller, params.id, body) }),
});
