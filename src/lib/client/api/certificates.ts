/** The certificates' API calls for islands: a cohort's certificates, revoking, the bulk issue and its progress, a program's design. */
import { api } from '~/lib/client/app-client';
import type { Body } from './typed-api';

/** The first page of a cohort's certificates (its staff). */
export const listCohortCertificates = (cohortId: number, signal?: AbortSignal) => api.get('/api/v2/certificates/', { query: { cohort_id: cohortId }, signal });

/** Revokes a certificate, saying why. */
export const revokeCertificate = (id: number, reason: string) => api.post('/api/v2/certificates/{id}/revoke/', { path: { id }, body: { reason } });

/** Starts the bulk issue of a cohort's certificates; answers the run to follow. */
export const startBulkIssue = (cohortId: number) => api.post('/api/v2/cohorts/{id}/certificates/issue/', { path: { id: cohortId } });

/** A bulk issue's progress. */
export const readBulkIssueRun = (cohortId: number, runId: number) => api.get('/api/v2/cohorts/{id}/certificates/issue/{runId}/', { path: { id: cohortId, runId } });

/** Saves a program's certificate design. */
export const saveCertificateDesign = (programId: number, design: Body<'/api/v2/programs/{id}/certificate/', 'put'>) => api.put('/api/v2/programs/{id}/certificate/', { path: { id: programId }, body: design });

/** Uploads an image of a program's certificate: its logo, its background, or signer `signer`'s signature. */
export function uploadCertificateImage(programId: number, slot: 'logo' | 'background' | 'signature', image: File, signer?: number) {
  const form = new FormData();
  form.append('slot', slot);
  if (signer !== undefined) form.append('signer', String(signer));
  form.append('image', image);
  return api.upload('/api/v2/programs/{id}/certificate/images/', { path: { id: programId }, body: form, onProgress: () => undefined });
}
