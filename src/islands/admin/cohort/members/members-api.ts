/** The members section's API calls, through the shared request helper (failures reject with the HTTP Response). */
import { getApi } from '~/lib/client/app-client';
import type { RecordStatus, RoleId } from '~/lib/shared/constants';
import type { BulkUsersResult } from '~/lib/shared/schemas/bulk-users';
import type { AssignUsersResult, CohortMember } from '~/lib/shared/schemas/structure';
import type { FoundUser } from '~/lib/shared/schemas/user-search';

/** One page of a paginated list. */
export interface ApiPage<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** Pages in a list: every page but the last is full. */
export const pageCountOf = (list: ApiPage<unknown>, page: number) => (list.next && list.results.length > 0 ? Math.ceil(list.count / list.results.length) : page);

const withQuery = (path: string, query: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
  return `${path}?${params}`;
};

/** One page of the cohort's members, optionally those whose name or email contains `search`. */
export const listMembers = (cohortId: number, page: number, search: string) =>
  getApi().get<ApiPage<CohortMember>>(withQuery(`/api/v2/cohorts/${cohortId}/users/`, { page, search }));

/** Adds users with a role, or changes members' role and status. */
export const assignMembers = (cohortId: number, users: { userId: number; role_id: RoleId; status?: RecordStatus }[]) =>
  getApi().post<AssignUsersResult>(`/api/v2/cohorts/${cohortId}/assign_users/`, { users });

/** Removes one member from the cohort. */
export const removeMember = (cohortId: number, userId: number) => getApi().post<AssignUsersResult>(`/api/v2/cohorts/${cohortId}/assign_users/`, { remove: [userId] });

/** Platform users matching a name or email (at least 2 characters), each with their membership in the cohort. */
export const searchUsers = (cohortId: number, search: string, page: number) => getApi().get<ApiPage<FoundUser>>(withQuery('/api/v2/users/', { search, cohort: cohortId, page }));

/** Uploads a CSV or XLSX of members: `dryRun` only checks and counts. */
export function uploadMembersFile(cohortId: number, file: File, options: { dryRun: boolean; onProgress(share: number): void }): Promise<BulkUsersResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const route = `/api/v2/cohorts/${cohortId}/users/bulk-users/${options.dryRun ? '?dryRun=true' : ''}`;
  return getApi().upload<BulkUsersResult>(route, form, options.onProgress);
}
