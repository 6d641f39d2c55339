/** The account page's API calls: password, personal data download and deletion request. */
import { getApi } from '~/lib/client/app-client';
import type { PersonalDataExport } from '~/lib/shared/schemas/people';

/** Changes the caller's password (their other sessions end). */
export const changePassword = (body: { currentPassword: string; password: string; confirmPassword: string }) => getApi().post<null>('/api/v2/auth/password/change/', body);

/** Everything Senda keeps about the caller. */
export const exportMyData = () => getApi().get<PersonalDataExport>('/api/v2/profiles/me/export/');

/** Asks for the caller's data to be deleted. */
export const requestDeletion = () => getApi().post<{ deletionRequestedAt: string }>('/api/v2/profiles/me/deletion-request/', {});
