/** The cohort screen's API calls: levels, course releases, news and banners (members: members/members-api.ts). */
import { getApi } from '~/lib/client/app-client';
import type { CohortBanner } from '~/lib/shared/schemas/banners';
import type { News } from '~/lib/shared/schemas/news';
import type { CohortCourseRelease } from '~/lib/shared/schemas/release';
import type { CohortAssignment } from '~/lib/shared/schemas/assignments';
import type { CohortLevel } from '~/lib/shared/schemas/structure';
import { readAllPages, readPage, withQuery } from '~/islands/common/api';
import type { NewsDraft } from './news/NewsForm';
import type { ReleaseChoice } from './releases/ReleaseForm';

const levelsRoute = (cohortId: number) => `/api/v2/cohorts/${cohortId}/levels/`;

export const listLevels = (cohortId: number, signal: AbortSignal) => getApi().get<CohortLevel[]>(levelsRoute(cohortId), { signal });
export const createLevel = (cohortId: number, name: string) => getApi().post<CohortLevel>(levelsRoute(cohortId), { name });
export const renameLevel = (cohortId: number, levelId: number, name: string) => getApi().patch<CohortLevel>(`${levelsRoute(cohortId)}${levelId}/`, { name });
export const deleteLevel = (cohortId: number, levelId: number) => getApi().delete<null>(`${levelsRoute(cohortId)}${levelId}/`);
/** Saves the levels' order (every level id, first to last) and answers them in it. */
export const reorderLevels = (cohortId: number, order: number[]) => getApi().put<CohortLevel[]>(levelsRoute(cohortId), { order });

const releaseRoute = (cohortId: number, courseId: number) => `/api/v2/cohorts/${cohortId}/content/courses/${courseId}/release/`;

/** Each course of the cohort's program with its release date and level. */
export const listReleases = (cohortId: number, signal: AbortSignal) => getApi().get<CohortCourseRelease[]>(`/api/v2/cohorts/${cohortId}/content/courses/`, { signal });
/** Publishes now (no date) or at `releaseAt`, with a level. */
export const releaseCourse = (cohortId: number, courseId: number, choice: ReleaseChoice) => getApi().post<CohortCourseRelease>(releaseRoute(cohortId, courseId), { ...choice });
export const withdrawCourse = (cohortId: number, courseId: number) => getApi().delete<null>(releaseRoute(cohortId, courseId));

/** One page of the cohort's news, newest first. */
export const listNews = (cohortId: number, page: number, signal: AbortSignal) => readPage<News>(withQuery('/api/v2/news/', { cohort: cohortId, page }), signal);
export const createNews = (cohortId: number, draft: NewsDraft) => getApi().post<News>('/api/v2/news/', { cohort: cohortId, ...draft });
export const updateNews = (newsId: number, draft: NewsDraft) => getApi().patch<News>(`/api/v2/news/${newsId}/`, { ...draft });
export const deleteNews = (newsId: number) => getApi().delete<null>(`/api/v2/news/${newsId}/`);

/** The cohort's own banners in order (none: students see the defaults). */
export const listBanners = (cohortId: number, signal: AbortSignal) => getApi().get<CohortBanner[]>(withQuery('/api/v2/banners/', { cohort: cohortId }), { signal });
export const renameBanner = (bannerId: number, title: string) => getApi().patch<CohortBanner>(`/api/v2/banners/${bannerId}/`, { title });
export const deleteBanner = (bannerId: number) => getApi().delete<null>(`/api/v2/banners/${bannerId}/`);
export const reorderBanners = (cohortId: number, order: number[]) => getApi().put<CohortBanner[]>(withQuery('/api/v2/banners/reorder/', { cohort: cohortId }), { order });

/** Uploads a banner image with an optional title, reporting the share sent (0–1). */
export function uploadBanner(cohortId: number, image: File, title: string, onProgress: (share: number) => void): Promise<CohortBanner> {
  const form = new FormData();
  form.append('cohort', String(cohortId));
  if (title) form.append('title', title);
  form.append('image', image);
  return getApi().upload<CohortBanner>('/api/v2/banners/', form, onProgress);
}

/** A cohort's assignments with its due dates (every page). */
export const listCohortAssignments = (cohortId: number, signal: AbortSignal) => readAllPages<CohortAssignment>(`/api/v2/cohorts/${cohortId}/content/assignments/`, signal);
/** Moves an assignment's due date for the cohort (null: the assignment's own again). */
export const moveDueDate = (cohortId: number, assignmentId: number, dueAt: string | null) =>
  getApi().put<CohortAssignment>(`/api/v2/cohorts/${cohortId}/content/assignments/${assignmentId}/`, { dueAt });
