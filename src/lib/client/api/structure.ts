/** The structure screen's API calls: organizations, learning paths and cohorts (programs for the cohort form). */
import { api } from '~/lib/client/app-client';
import { readAllPages } from './pages';
import type { Answer, Body } from './typed-api';

type NameDescription = { name: string; description: string };

/** An item of the tree edited in place: PATCH edits and restores, DELETE archives (answering the archived item). */
export interface EditableApi<T> {
  update(values: Partial<NameDescription>): Promise<T>;
  archive(): Promise<T>;
  restore(): Promise<T>;
}

export const listOrganizations = (signal: AbortSignal) => api.get('/api/v2/organizations/', { signal });
export const createOrganization = (name: string) => api.post('/api/v2/organizations/', { body: { name } });
export const organizationApi = (id: number): EditableApi<Answer<'/api/v2/organizations/{id}/', 'patch'>> => ({
  update: (values) => api.patch('/api/v2/organizations/{id}/', { path: { id }, body: { ...values } }),
  archive: () => api.delete('/api/v2/organizations/{id}/', { path: { id } }),
  restore: () => api.patch('/api/v2/organizations/{id}/', { path: { id }, body: { status: 'ACTIVE' } }),
});

export const listLearningPaths = (organizationId: number, signal: AbortSignal) => api.get('/api/v2/learning-paths/', { query: { organization: organizationId }, signal });
export const createLearningPath = (organizationId: number, values: NameDescription) => api.post('/api/v2/learning-paths/', { body: { ...values, organizationId } });
export const learningPathApi = (id: number): EditableApi<Answer<'/api/v2/learning-paths/{id}/', 'patch'>> => ({
  update: (values) => api.patch('/api/v2/learning-paths/{id}/', { path: { id }, body: { ...values } }),
  archive: () => api.delete('/api/v2/learning-paths/{id}/', { path: { id } }),
  restore: () => api.patch('/api/v2/learning-paths/{id}/', { path: { id }, body: { status: 'ACTIVE' } }),
});

export type CohortValues = Omit<Body<'/api/v2/cohorts/', 'post'>, 'learningPathId'>;

/** Every cohort (the cohorts API has no per-path filter: the tree groups them). */
export const listAllCohorts = (signal: AbortSignal) => readAllPages('/api/v2/cohorts/', { signal });
export const createCohort = (learningPathId: number, values: CohortValues) => api.post('/api/v2/cohorts/', { body: { ...values, learningPathId } });
export const updateCohort = (id: number, values: Body<'/api/v2/cohorts/{id}/', 'patch'>) => api.patch('/api/v2/cohorts/{id}/', { path: { id }, body: { ...values } });
export const archiveCohort = (id: number) => api.delete('/api/v2/cohorts/{id}/', { path: { id } });

/** Every program, for the cohort form's select and the program shown on each cohort. */
export const listAllPrograms = (signal: AbortSignal) => readAllPages('/api/v2/programs/', { signal });
