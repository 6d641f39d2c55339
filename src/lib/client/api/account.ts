/** The account page's API calls: password, personal data download and deletion request, consents, withdrawing from a cohort. */
import type { ConsentPurpose } from '~/lib/shared/schemas/consents';
import type { WithdrawalReason } from '~/lib/shared/schemas/withdrawals';
import { api } from '~/lib/client/app-client';

/** Changes the caller's password (their other sessions end). */
export const changePassword = (body: { currentPassword: string; password: string; confirmPassword: string }) => api.post('/api/v2/auth/password/change/', { body });

/** Everything Senda keeps about the caller. */
export const exportMyData = () => api.get('/api/v2/profiles/me/export/');

/** Asks for the caller's data to be deleted. */
export const requestDeletion = () => api.post('/api/v2/profiles/me/deletion-request/');

/** The caller's consents, one per purpose (ADR 030). */
export const listMyConsents = () => api.get('/api/v2/profiles/me/consents/');

/** Grants a purpose (again); answers every purpose's state. */
export const grantMyConsent = (purpose: ConsentPurpose) => api.put('/api/v2/profiles/me/consents/{purpose}/', { path: { purpose } });

/** Withdraws a purpose; answers every purpose's state. */
export const withdrawMyConsent = (purpose: ConsentPurpose) => api.delete('/api/v2/profiles/me/consents/{purpose}/', { path: { purpose } });

/** The cohorts the caller takes (or took) part in as a student. */
export const listMyStudentCohorts = () => api.get('/api/v2/profiles/me/cohorts/');

/** The caller withdraws from a cohort, today, for a reason. */
export const withdrawMe = (cohortId: number, body: { reason: WithdrawalReason; note?: string }) => api.post('/api/v2/cohorts/{id}/my-withdrawal/', { path: { id: cohortId }, body });
