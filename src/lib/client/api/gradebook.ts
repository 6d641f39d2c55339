/** The gradebook's API calls: categories, items' settings, a cohort's gradebook and approvals, overrides, approval rules, and a student's own grades. */
import { api } from '~/lib/client/app-client';
import type { Body } from './typed-api';

export type GradeCategoryDraft = Body<'/api/v2/courses/{id}/grade-categories/', 'post'>;
export type GradeItemChanges = Body<'/api/v2/courses/{id}/grade-items/', 'patch'>['items'];
export type ApprovalRuleDraft = Body<'/api/v2/programs/{id}/approval-rule/', 'put'>;

/** A course's categories, their total weight and whether it is 100. */
export const listGradeCategories = (courseId: number, signal?: AbortSignal) => api.get('/api/v2/courses/{id}/grade-categories/', { path: { id: courseId }, signal });
export const createGradeCategory = (courseId: number, draft: GradeCategoryDraft) => api.post('/api/v2/courses/{id}/grade-categories/', { path: { id: courseId }, body: { ...draft } });
export const updateGradeCategory = (categoryId: number, changes: Body<'/api/v2/grade-categories/{id}/', 'patch'>) =>
  api.patch('/api/v2/grade-categories/{id}/', { path: { id: categoryId }, body: { ...changes } });
/** Replaces the whole set (weights adding up to exactly 100): rebalancing in one step. */
export const replaceGradeCategories = (courseId: number, categories: Body<'/api/v2/courses/{id}/grade-categories/', 'put'>['categories']) =>
  api.put('/api/v2/courses/{id}/grade-categories/', { path: { id: courseId }, body: { categories } });
export const deleteGradeCategory = (categoryId: number) => api.delete('/api/v2/grade-categories/{id}/', { path: { id: categoryId } });

/** A course's quizzes and assignments with their category, countsForGrade and mustPass. */
export const listGradeItems = (courseId: number, signal?: AbortSignal) => api.get('/api/v2/courses/{id}/grade-items/', { path: { id: courseId }, signal });
export const updateGradeItems = (courseId: number, items: GradeItemChanges) => api.patch('/api/v2/courses/{id}/grade-items/', { path: { id: courseId }, body: { items } });

/** A course's gradebook in a cohort (staff). */
export const getGradebook = (cohortId: number, courseId: number, signal?: AbortSignal) =>
  api.get('/api/v2/cohorts/{id}/gradebook/', { path: { id: cohortId }, query: { course_id: courseId }, signal });
/** Overrides a student's course grade with a reason (null clears it). */
export const overrideCourseGrade = (cohortId: number, userId: number, courseId: number, grade: number | null, reason: string) =>
  api.put('/api/v2/cohorts/{id}/gradebook/overrides/{userId}/', { path: { id: cohortId, userId }, body: { course_id: courseId, grade, reason } });
/** Each student's approval state with what is missing. */
export const listApprovals = (cohortId: number, signal?: AbortSignal) => api.get('/api/v2/cohorts/{id}/approvals/', { path: { id: cohortId }, signal });

export const getProgramApprovalRule = (programId: number, signal?: AbortSignal) => api.get('/api/v2/programs/{id}/approval-rule/', { path: { id: programId }, signal });
export const setProgramApprovalRule = (programId: number, rule: ApprovalRuleDraft) => api.put('/api/v2/programs/{id}/approval-rule/', { path: { id: programId }, body: { ...rule } });
export const getCohortApprovalRule = (cohortId: number, signal?: AbortSignal) => api.get('/api/v2/cohorts/{id}/approval-rule/', { path: { id: cohortId }, signal });
export const setCohortApprovalRule = (cohortId: number, rule: ApprovalRuleDraft) => api.put('/api/v2/cohorts/{id}/approval-rule/', { path: { id: cohortId }, body: { ...rule } });
/** Removes the cohort's own rule: its program's holds again. */
export const removeCohortApprovalRule = (cohortId: number) => api.delete('/api/v2/cohorts/{id}/approval-rule/', { path: { id: cohortId } });

/** The caller's own grades in a course. */
export const getMyGrades = (courseId: number, signal?: AbortSignal) => api.get('/api/v2/courses/{id}/my-grades/', { path: { id: courseId }, signal });
