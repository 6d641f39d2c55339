/** The members section's API calls, through the shared request helper (failures reject with the HTTP Response). */
import { getApi } from '~/lib/client/app-client';
import type { RecordStatus, RoleId } from '~/lib/shared/constants';
import type { BulkUsersResult } from '~/lib/shared/schemas/bulk-users';
import type { AssignUsersResult, CohortMember } from '~/lib/shared/schemas/structure';
import type { FoundUser } from '~/lib/shared/schemas/user-search';
import type { Page } from '~/lib/shared/pagination';
import { readPage, withQuery } from '~/islands/common/api';

/** Pages in a list: every page but the last is full. */
export const pageCountOf = (list: Page<unknown>, page: number) => (list.next && list.results.length > 0 ? Math.ceil(list.count / list.results.length) : page);

/** One page of the cohort's members, optionally those whose name or email contains `search`. */
export const listMembers = (cohortId: number, page: number, search: string, signal: AbortSignal) => readPage<CohortMember>(withQuery(`/api/v2/cohorts/${cohortId}/users/`, { page, search }), signal);

/** Adds users with a role, or changes members' role and status. */
export const assignMembers = (cohortId: number, users: { userId: number; role_id: RoleId; status?: RecordStatus }[]) =>
  getApi().post<AssignUsersResult>(`/api/v2/cohorts/${cohortId}/assign_users/`, { users });

/** Removes one member from the cohort. */
export const removeMember = (cohortId: number, userId: number) => getApi().post<AssignUsersResult>(`/api/v2/cohorts/${cohortId}/assign_users/`, { remove: [userId] });

/** Platform users matching a name or email (at least 2 characters), each with their membership in the cohort. */
export const searchUsers = (cohortId: number, search: string, page: number, signal: AbortSignal) => readPage<FoundUser>(withQuery('/api/v2/users/', { search, cohort: cohortId, page }), signal);

/** Uploads a CSV or XLSX of members: `dryRun` only checks and counts. */
export function uploadMembersFile(cohortId: number, file: File, options: { dryRun: boolean; onProgress(share: number): void }): Promise<BulkUsersResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const route = withQuery(`/api/v2/cohorts/${cohortId}/users/bulk-users/`, { dryRun: options.dryRun || undefined });
  return getApi().upload<BulkUsersResult>(route, form, options.onProgress);
}
