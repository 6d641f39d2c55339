/** The cohort screen's API calls: levels, course releases, news, banners and due dates (members: cohort-members.ts). */
import { api } from '~/lib/client/app-client';
import { readAllPages } from './pages';
import type { Body } from './typed-api';

export const listLevels = (cohortId: number, signal: AbortSignal) => api.get('/api/v2/cohorts/{id}/levels/', { path: { id: cohortId }, signal });
export const createLevel = (cohortId: number, name: string) => api.post('/api/v2/cohorts/{id}/levels/', { path: { id: cohortId }, body: { name } });
export const renameLevel = (cohortId: number, levelId: number, name: string) => api.patch('/api/v2/cohorts/{id}/levels/{levelId}/', { path: { id: cohortId, levelId }, body: { name } });
export const deleteLevel = (cohortId: number, levelId: number) => api.delete('/api/v2/cohorts/{id}/levels/{levelId}/', { path: { id: cohortId, levelId } });
/** Saves the levels' order (every level id, first to last) and answers them in it. */
export const reorderLevels = (cohortId: number, order: number[]) => api.put('/api/v2/cohorts/{id}/levels/', { path: { id: cohortId }, body: { order } });

export type ReleaseChoice = Body<'/api/v2/cohorts/{id}/content/courses/{courseId}/release/', 'post'>;

/** Each course of the cohort's program with its release date and level. */
export const listReleases = (cohortId: number, signal: AbortSignal) => api.get('/api/v2/cohorts/{id}/content/courses/', { path: { id: cohortId }, signal });
/** Publishes now (no date) or at `releaseAt`, with a level. */
export const releaseCourse = (cohortId: number, courseId: number, choice: ReleaseChoice) =>
  api.post('/api/v2/cohorts/{id}/content/courses/{courseId}/release/', { path: { id: cohortId, courseId }, body: { ...choice } });
export const withdrawCourse = (cohortId: number, courseId: number) => api.delete('/api/v2/cohorts/{id}/content/courses/{courseId}/release/', { path: { id: cohortId, courseId } });

export type NewsDraft = Omit<Body<'/api/v2/news/', 'post'>, 'cohort'>;

/** One page of the cohort's news, newest first. */
export const listNews = (cohortId: number, page: number, signal: AbortSignal) => api.get('/api/v2/news/', { query: { cohort: cohortId, page }, signal });
export const createNews = (cohortId: number, draft: NewsDraft) => api.post('/api/v2/news/', { body: { cohort: cohortId, ...draft } });
export const updateNews = (newsId: number, draft: Body<'/api/v2/news/{id}/', 'patch'>) => api.patch('/api/v2/news/{id}/', { path: { id: newsId }, body: { ...draft } });
export const deleteNews = (newsId: number) => api.delete('/api/v2/news/{id}/', { path: { id: newsId } });

/** The cohort's own banners in order (none: students see the defaults). */
export const listBanners = (cohortId: number, signal: AbortSignal) => api.get('/api/v2/banners/', { query: { cohort: cohortId }, signal });
export const renameBanner = (bannerId: number, title: string) => api.patch('/api/v2/banners/{id}/', { path: { id: bannerId }, body: { title } });
export const deleteBanner = (bannerId: number) => api.delete('/api/v2/banners/{id}/', { path: { id: bannerId } });
export const reorderBanners = (cohortId: number, order: number[]) => api.put('/api/v2/banners/reorder/', { query: { cohort: cohortId }, body: { order } });

/** Uploads a banner image with an optional title, reporting the share sent (0–1). */
export function uploadBanner(cohortId: number, image: File, title: string, onProgress: (share: number) => void) {
  const form = new FormData();
  form.append('cohort', String(cohortId));
  if (title) form.append('title', title);
  form.append('image', image);
  return api.upload('/api/v2/banners/', { body: form, onProgress });
}

/** A cohort's assignments with its due dates (every page). */
export const listCohortAssignments = (cohortId: number, signal: AbortSignal) => readAllPages('/api/v2/cohorts/{id}/content/assignments/', { path: { id: cohortId }, signal });
/** Moves an assignment's due date for the cohort (null: the assignment's own again). */
export const moveDueDate = (cohortId: number, assignmentId: number, dueAt: string | null) =>
  api.put('/api/v2/cohorts/{id}/content/assignments/{assignmentId}/', { path: { id: cohortId, assignmentId }, body: { dueAt } });
