/** The structure screen's API calls: organizations, learning paths and cohorts (programs for the cohort form). */
import { getApi } from '~/lib/client/app-client';
import type { Program } from '~/lib/shared/schemas/content';
import type { Cohort, LearningPath, Organization } from '~/lib/shared/schemas/structure';
import { readAllPages, readPage, withQuery } from '~/islands/common/api';
import type { NameDescription } from '~/islands/admin/common/NameDescriptionForm';
import type { CohortValues } from './CohortForm';

/** An item of the tree edited in place: PATCH edits and restores, DELETE archives (answering the archived item). */
export interface EditableApi<T> {
  update(values: Partial<NameDescription>): Promise<T>;
  archive(): Promise<T>;
  restore(): Promise<T>;
}

const editable = <T>(route: string): EditableApi<T> => ({
  update: (values) => getApi().patch<T>(route, { ...values }),
  archive: () => getApi().delete<T>(route),
  restore: () => getApi().patch<T>(route, { status: 'ACTIVE' }),
});

export const listOrganizations = (signal: AbortSignal) => readPage<Organization>('/api/v2/organizations/', signal);
export const createOrganization = (name: string) => getApi().post<Organization>('/api/v2/organizations/', { name });
export const organizationApi = (id: number) => editable<Organization>(`/api/v2/organizations/${id}/`);

export const listLearningPaths = (organizationId: number, signal: AbortSignal) => readPage<LearningPath>(withQuery('/api/v2/learning-paths/', { organization: organizationId }), signal);
export const createLearningPath = (organizationId: number, values: NameDescription) => getApi().post<LearningPath>('/api/v2/learning-paths/', { ...values, organizationId });
export const learningPathApi = (id: number) => editable<LearningPath>(`/api/v2/learning-paths/${id}/`);

/** Every cohort (the cohorts API has no per-path filter: the tree groups them). */
export const listAllCohorts = (signal: AbortSignal) => readAllPages<Cohort>('/api/v2/cohorts/', signal);
export const createCohort = (learningPathId: number, values: CohortValues) => getApi().post<Cohort>('/api/v2/cohorts/', { ...values, learningPathId });
export const updateCohort = (id: number, values: CohortValues | { status: 'ACTIVE' }) => getApi().patch<Cohort>(`/api/v2/cohorts/${id}/`, { ...values });
export const archiveCohort = (id: number) => getApi().delete<Cohort>(`/api/v2/cohorts/${id}/`);

/** Every program, for the cohort form's select and the program shown on each cohort. */
export const listAllPrograms = (signal: AbortSignal) => readAllPages<Program>('/api/v2/programs/', signal);
