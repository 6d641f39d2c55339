/** The offline download's API call: what to keep to study a course, or one of its levels, without a connection (ADR 034). */
import { api } from '~/lib/client/app-client';

/** The package of a course (`level` omitted) or of its level `level` (1 = the first on the course page): its URLs, sizes and revision. */
export const getOfflinePackage = (courseId: number, level: number | undefined, signal?: AbortSignal) =>
  api.get('/api/v2/courses/{id}/offline-package/', { path: { id: courseId }, query: { level }, signal });
