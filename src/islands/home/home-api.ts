/** The home page's API calls. */
import { getApi } from '~/lib/client/app-client';
import type { Homework } from '~/lib/shared/schemas/app-shell';

/** The student's pending homework in a learning path; a failure reads as none (contract §7). */
export const listHomework = (trainingPathId: number, userId: number, signal: AbortSignal) =>
  getApi()
    .get<Homework[]>(`/training_path/${trainingPathId}/user/${userId}/homework/`, { signal })
    .catch((): Homework[] => []);
