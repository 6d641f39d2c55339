/** The members section's API calls, through the shared request helper (failures reject with the HTTP Response). */
import type { Page } from '~/lib/shared/pagination';
import { api } from '~/lib/client/app-client';
import type { Body } from './typed-api';

/** Pages in a list: every page but the last is full. */
export const pageCountOf = (list: Page<unknown>, page: number) => (list.next && list.results.length > 0 ? Math.ceil(list.count / list.results.length) : page);

/** One page of the cohort's members, optionally those whose name or email contains `search`. */
export const listMembers = (cohortId: number, page: number, search: string, signal: AbortSignal) =>
  api.get('/api/v2/cohorts/{id}/users/', { path: { id: cohortId }, query: { page, search }, signal });

/** Adds users with a role, or changes members' role and status. */
export const assignMembers = (cohortId: number, users: NonNullable<Body<'/api/v2/cohorts/{id}/assign_users/', 'post'>['users']>) =>
  api.post('/api/v2/cohorts/{id}/assign_users/', { path: { id: cohortId }, body: { users } });

/** Removes one member from the cohort. */
export const removeMember = (cohortId: number, userId: number) => api.post('/api/v2/cohorts/{id}/assign_users/', { path: { id: cohortId }, body: { remove: [userId] } });

/** Platform users matching a name or email (at least 2 characters), each with their membership in the cohort. */
export const searchUsers = (cohortId: number, search: string, page: number, signal: AbortSignal) => api.get('/api/v2/users/', { query: { search, cohort: cohortId, page }, signal });

/** Uploads a CSV or XLSX of members: `dryRun` only checks and counts. */
export function uploadMembersFile(cohortId: number, file: File, options: { dryRun: boolean; onProgress(share: number): void }) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.upload('/api/v2/cohorts/{id}/users/bulk-users/', { path: { id: cohortId }, query: { dryRun: options.dryRun || undefined }, body: form, onProgress: options.onProgress });
}

/** Withdraws a student from the cohort on a day (today when not given) for a reason (ADR 030). */
export const withdrawStudent = (cohortId: number, body: Body<'/api/v2/cohorts/{id}/withdrawals/', 'post'>) => api.post('/api/v2/cohorts/{id}/withdrawals/', { path: { id: cohortId }, body });
