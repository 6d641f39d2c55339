/** The app shell's API call: the terms and conditions. */
import { STATUS_STUDENT } from '~/lib/shared/constants';
import { api } from '~/lib/client/app-client';

/** Records that the user accepted the terms and conditions (contract: POST /api-termsAndConditions/ { id, status: 1 }). */
export const acceptTerms = (userId: number) => api.post('/api-termsAndConditions/', { body: { id: userId, status: STATUS_STUDENT.termsAccepted } });
