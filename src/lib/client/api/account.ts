/** The account page's API calls: password, personal data download and deletion request. */
import { api } from '~/lib/client/app-client';

/** Changes the caller's password (their other sessions end). */
export const changePassword = (body: { currentPassword: string; password: string; confirmPassword: string }) => api.post('/api/v2/auth/password/change/', { body });

/** Everything Senda keeps about the caller. */
export const exportMyData = () => api.get('/api/v2/profiles/me/export/');

/** Asks for the caller's data to be deleted. */
export const requestDeletion = () => api.post('/api/v2/profiles/me/deletion-request/');
