/** The app shell's API calls. */
import { getApi } from '~/lib/client/app-client';
import { STATUS_STUDENT } from '~/lib/shared/constants';

/** Records that the user accepted the terms and conditions (contract: POST /api-termsAndConditions/ { id, status: 1 }). */
export const acceptTerms = (userId: number) => getApi().post('/api-termsAndConditions/', { id: userId, status: STATUS_STUDENT.termsAccepted });
