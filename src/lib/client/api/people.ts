/** The people screens' API calls: the users list, accounts, invitations, personal data, and the users import. */
import type { RecordStatus, UserType } from '~/lib/shared/constants';
import { ERROR_STATUS, type ErrorCode } from '~/lib/shared/errors';
import type { AccountState } from '~/lib/shared/schemas/user-search';
import type { UsersImportEvent, UsersImportResult } from '~/lib/shared/schemas/users-import';
import { api } from '~/lib/client/app-client';
import type { Body } from './typed-api';

export interface UsersFilter {
  search: string;
  status: AccountState | '';
  type: UserType | '';
  inCohort: number | '';
  learningPath: number | '';
}

/** One page of the platform's users, filtered. */
export const listUsers = (filter: UsersFilter, page: number, signal: AbortSignal) =>
  api.get('/api/v2/users/', {
    query: {
      search: filter.search.length >= 2 ? filter.search : undefined,
      status: filter.status || undefined,
      type: filter.type || undefined,
      inCohort: filter.inCohort === '' ? undefined : filter.inCohort,
      learningPath: filter.learningPath === '' ? undefined : filter.learningPath,
      page,
    },
    signal,
  });

/** Creates an account (and queues its invitation). */
export const createAccount = (body: Body<'/api/v2/users/individual/', 'post'>) => api.post('/api/v2/users/individual/', { body });

/** One account with its personal-data access log. */
export const getAccount = (userId: number, signal?: AbortSignal) => api.get('/api/v2/users/{id}/', { path: { id: userId }, signal });

/** Changes an account's type, status or e-mail language. */
export const updateAccount = (userId: number, change: { userType?: UserType; status?: RecordStatus; language?: 'es' | 'en' }) =>
  api.patch('/api/v2/users/{id}/', { path: { id: userId }, body: change });

/** Queues a new invitation. */
export const inviteAgain = (userId: number) => api.post('/api/v2/users/{id}/invitation/', { path: { id: userId } });

/** Everything Senda keeps about someone (the export is logged). */
export const exportPersonalData = (userId: number) => api.get('/api/v2/users/{id}/export/', { path: { id: userId } });

/** Anonymises an account for good. */
export const anonymizeAccount = (userId: number) => api.post('/api/v2/users/{id}/anonymize/', { path: { id: userId } });

/** Checks a users file and answers its preview (nothing is written). */
export function previewUsersFile(file: File, onUpload: (share: number) => void) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.upload('/api/v2/users/bulk-users/', { query: { dryRun: true }, body: form, onProgress: onUpload });
}

/**
 * Imports a users file: reports the upload (0–1), then the rows written as
 * the server streams them, and answers the result; rejects with the
 * Response when the file is refused, or with the streamed error.
 */
export async function importUsersFile(file: File, options: { invite: boolean; onUpload(share: number): void; onProgress(done: number, total: number): void }): Promise<UsersImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  let seen = 0;
  let outcome: UsersImportEvent | null = null;
  const readLines = (text: string) => {
    const lines = text.split('\n');
    for (const line of lines.slice(seen, lines.length - 1)) {
      if (!line.trim()) continue;
      const event = JSON.parse(line) as UsersImportEvent;
      if ('progress' in event) options.onProgress(event.progress.done, event.progress.total);
      else outcome = event;
    }
    seen = Math.max(seen, lines.length - 1);
  };
  const text = await api.upload('/api/v2/users/bulk-users/', {
    query: { invite: options.invite },
    body: form,
    onProgress: options.onUpload,
    accept: 'application/x-ndjson',
    onResponseText: readLines,
  });
  readLines(`${String(text)}\n`);
  const last = outcome as UsersImportEvent | null;
  if (last && 'result' in last) return last.result;
  // The commit failed after it started (nothing was written): reject like any refused call.
  const code = last && 'error' in last ? last.error.code : 'internal';
  throw new Response(JSON.stringify(last && 'error' in last ? { error: last.error } : {}), { status: ERROR_STATUS[code as ErrorCode] ?? 500, headers: { 'content-type': 'application/json' } });
}
