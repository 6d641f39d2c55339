import { defineEndpoint } from '~/lib/server/http/endpoint';
import { SPREADSHEET_ERRORS } from '~/lib/server/spreadsheets/read-sheet-rows';
import { bulkAssignCohortUsers } from '~/lib/server/services/structure/bulk-assign-cohort-users';
import {
  BULK_USERS_MAX_BYTES,
  BULK_USERS_MAX_LABEL,
  BulkUsersBodySchema,
  BulkUsersQuerySchema,
  BulkUsersResultSchema,
} from '~/lib/shared/schemas/bulk-users';
import { IdParamsSchema } from '~/lib/shared/schemas/structure';

export const POST = defineEndpoint({
  method: 'POST',
  path: '/api/v2/cohorts/{id}/users/bulk-users/',
  summary:
    'Assign many users from one CSV or XLSX file (`file`, up to 2 MB and 5,000 rows; columns email, role, status), all or nothing with a per-row error report in `error.fields` (`rows.<row>.<column>`); `?dryRun=true` only validates and counts. Admins and cohort admins',
  tags: ['structure'],
  access: 'user',
  params: IdParamsSchema,
  query: BulkUsersQuerySchema,
  body: BulkUsersBodySchema,
  upload: { maxFileBytes: BULK_USERS_MAX_BYTES, maxFileLabel: BULK_USERS_MAX_LABEL },
  success: { status: 200, description: 'Memberships created and updated (or that would be, in a dry run)', schema: BulkUsersResultSchema },
  errors: [...SPREADSHEET_ERRORS, 'bulk_rows_invalid', 'bulk_too_many_rows', 'forbidden', 'not_found'],
  handle: async ({ params, query, body, caller }) => ({ body: await bulkAssignCohortUsers(caller, params.id, body.file.data, { dryRun: query.dryRun }) }),
});
