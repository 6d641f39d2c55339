/**
 * Matrix rows for the gradebook and approval rules. Cohort A's course has
 * one category (100 %) holding assignment A. Its staff read the gradebook
 * and approvals and override grades; its student reads only their own
 * grades; cohort B's student finds nothing (404). Program rules are set by
 * platform admins only; a cohort's rule by its cohort admins.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { getDb } from '~/lib/server/db/client';
import { approvalRules } from '~/lib/server/db/schema';
import * as categoriesRoute from '~/pages/api/v2/courses/[id]/grade-categories';
import * as categoryRoute from '~/pages/api/v2/grade-categories/[id]';
import * as itemsRoute from '~/pages/api/v2/courses/[id]/grade-items';
import { GET as myGradesRoute } from '~/pages/api/v2/courses/[id]/my-grades';
import { GET as gradebookRoute } from '~/pages/api/v2/cohorts/[id]/gradebook/index';
import { PUT as overrideRoute } from '~/pages/api/v2/cohorts/[id]/gradebook/overrides/[userId]';
import { GET as approvalsRoute } from '~/pages/api/v2/cohorts/[id]/approvals';
import * as cohortRuleRoute from '~/pages/api/v2/cohorts/[id]/approval-rule';
import * as programRuleRoute from '~/pages/api/v2/programs/[id]/approval-rule';
import { GET as reportsRoute } from '~/pages/api/v2/reports/index';
import type { Gradebook, MyGrades } from '~/lib/shared/schemas/gradebook';
import { createGradeCategory, gradeSubmission, putAssignmentIn } from '../../../factories/gradebook';
import { authed, members, type Expected, type Row, type World } from '../matrix-types';

/** Members of cohort A read; the other cohort's student gets 404. */
const readers = (status: number): Expected => ({ ...members(status), otherStudent: 404 });
/** Staff of cohort A and platform admins; A's student 403, B's 404. */
const staff = (status: number): Expected => ({ outsider: 401, student: 403, otherStudent: 404, tutor: status, admin: status });

/** Cohort A's course graded by one category (100 %) holding assignment A, which the student got 80 in. */
async function gradedCourseOfA(world: World) {
  const category = await createGradeCategory(world.courseA.id, { name: 'Entregas', weight: 100 });
  await putAssignmentIn(world.assignmentA.id, category.id);
  await gradeSubmission(world.assignmentA.id, world.student.id, 80);
  return category;
}

const RULE = { minGrade: 3.5, minCompletionPercent: 50, minAttendancePercent: 60, mustPassItems: true, allCoursesRequired: true, passMark: 3 };

export const ROWS: Row[] = [
  {
    method: 'GET',
    path: '/api/v2/courses/{id}/grade-categories/',
    handler: categoriesRoute.GET,
    request: async (world, s) => {
      await gradedCourseOfA(world);
      return { path: `/api/v2/courses/${world.courseA.id}/grade-categories/`, params: { id: String(world.courseA.id) }, ...authed(s) };
    },
    expected: readers(200),
    check: (_, json: { results: { name: string }[]; complete: boolean }) => {
      expect(json.results.map((item) => item.name)).toEqual(['Entregas']);
      expect(json.complete).toBe(true);
    },
  },
  {
    method: 'POST',
    path: '/api/v2/courses/{id}/grade-categories/',
    handler: categoriesRoute.POST,
    request: (world, s) => ({
      path: `/api/v2/courses/${world.courseA.id}/grade-categories/`,
      params: { id: String(world.courseA.id) },
      body: { name: 'Quices', weight: 30, dropLowest: 1 },
      ...authed(s),
    }),
    expected: staff(201),
    check: (_, json) => expect(json).toMatchObject({ name: 'Quices', weight: 30, dropLowest: 1 }),
  },
  {
    method: 'PUT',
    path: '/api/v2/courses/{id}/grade-categories/',
    handler: categoriesRoute.PUT,
    request: async (world, s) => {
      const category = await gradedCourseOfA(world);
      return {
        path: `/api/v2/courses/${world.courseA.id}/grade-categories/`,
        params: { id: String(world.courseA.id) },
        body: { categories: [{ id: category.id, name: 'Entregas', weight: 70, dropLowest: 0 }, { name: 'Quices', weight: 30, dropLowest: 1 }] },
        ...authed(s),
      };
    },
    expected: staff(200),
    check: (_, json: { results: { name: string; weight: number }[]; complete: boolean }) => {
      expect(json.results.map((item) => [item.name, item.weight])).toEqual([
        ['Entregas', 70],
        ['Quices', 30],
      ]);
      expect(json.complete).toBe(true);
    },
  },
  {
    method: 'PATCH',
    path: '/api/v2/grade-categories/{id}/',
    handler: categoryRoute.PATCH,
    request: async (world, s) => {
      const category = await gradedCourseOfA(world);
      return { path: `/api/v2/grade-categories/${category.id}/`, params: { id: String(category.id) }, body: { name: 'Trabajos', weight: 90 }, ...authed(s) };
    },
    expected: staff(200),
    check: (_, json) => expect(json).toMatchObject({ name: 'Trabajos', weight: 90 }),
  },
  {
    method: 'DELETE',
    path: '/api/v2/grade-categories/{id}/',
    handler: categoryRoute.DELETE,
    request: async (world, s) => {
      const category = await gradedCourseOfA(world);
      return { path: `/api/v2/grade-categories/${category.id}/`, params: { id: String(category.id) }, ...authed(s) };
    },
    expected: staff(204),
  },
  {
    method: 'GET',
    path: '/api/v2/courses/{id}/grade-items/',
    handler: itemsRoute.GET,
    request: async (world, s) => {
      await gradedCourseOfA(world);
      return { path: `/api/v2/courses/${world.courseA.id}/grade-items/`, params: { id: String(world.courseA.id) }, ...authed(s) };
    },
    expected: staff(200),
    check: (_, json: { results: { key: string; categoryId: number | null }[] }, world) => {
      expect(json.results.find((item) => item.key === `assignment:${world.assignmentA.id}`)?.categoryId).not.toBeNull();
    },
  },
  {
    method: 'PATCH',
    path: '/api/v2/courses/{id}/grade-items/',
    handler: itemsRoute.PATCH,
    request: async (world, s) => {
      const category = await gradedCourseOfA(world);
      return {
        path: `/api/v2/courses/${world.courseA.id}/grade-items/`,
        params: { id: String(world.courseA.id) },
        body: { items: [{ kind: 'assignment', id: world.assignmentA.id, categoryId: category.id, mustPass: true }] },
        ...authed(s),
      };
    },
    expected: staff(200),
    check: (_, json: { results: { mustPass: boolean }[] }) => expect(json.results[0]!.mustPass).toBe(true),
  },
  {
    method: 'GET',
    path: '/api/v2/courses/{id}/my-grades/',
    handler: myGradesRoute,
    request: async (world, s) => {
      await gradedCourseOfA(world);
      return { path: `/api/v2/courses/${world.courseA.id}/my-grades/`, params: { id: String(world.courseA.id) }, ...authed(s) };
    },
    // Only students have grades: staff 403, the other cohort's student 404.
    expected: { outsider: 401, student: 200, otherStudent: 404, tutor: 403, admin: 403 },
    check: (_, json: MyGrades) => {
      expect(json.coursePercent).toBe(80);
      expect(json.courseGrade).toBe(4);
    },
  },
  {
    method: 'GET',
    path: '/api/v2/cohorts/{id}/gradebook/',
    handler: gradebookRoute,
    request: async (world, s) => {
      await gradedCourseOfA(world);
      return { path: `/api/v2/cohorts/${world.cohortA.id}/gradebook/?course_id=${world.courseA.id}`, params: { id: String(world.cohortA.id) }, ...authed(s) };
    },
    expected: staff(200),
    check: (_, json: Gradebook, world) => {
      expect(json.rows.map((row) => row.userId)).toEqual([world.student.id]);
      expect(json.rows[0]!.courseGrade).toBe(4);
    },
  },
  {
    method: 'PUT',
    path: '/api/v2/cohorts/{id}/gradebook/overrides/{userId}/',
    handler: overrideRoute,
    request: async (world, s) => {
      await gradedCourseOfA(world);
      return {
        path: `/api/v2/cohorts/${world.cohortA.id}/gradebook/overrides/${world.student.id}/`,
        params: { id: String(world.cohortA.id), userId: String(world.student.id) },
        body: { course_id: world.courseA.id, grade: 4.5, reason: 'Sustentación oral' },
        ...authed(s),
      };
    },
    expected: staff(200),
    check: (_, json: { row: Gradebook['rows'][number] }) => expect(json.row.override).toMatchObject({ grade: 4.5, computedGrade: 4, reason: 'Sustentación oral' }),
  },
  {
    method: 'GET',
    path: '/api/v2/cohorts/{id}/approvals/',
    handler: approvalsRoute,
    request: async (world, s) => {
      await gradedCourseOfA(world);
      return { path: `/api/v2/cohorts/${world.cohortA.id}/approvals/`, params: { id: String(world.cohortA.id) }, ...authed(s) };
    },
    expected: staff(200),
    check: (_, json: { results: { userId: number; state: string }[] }, world) => expect(json.results).toMatchObject([{ userId: world.student.id, state: 'approved' }]),
  },
  {
    method: 'GET',
    path: '/api/v2/cohorts/{id}/approval-rule/',
    handler: cohortRuleRoute.GET,
    request: (world, s) => ({ path: `/api/v2/cohorts/${world.cohortA.id}/approval-rule/`, params: { id: String(world.cohortA.id) }, ...authed(s) }),
    expected: readers(200),
    check: (_, json) => expect(json).toMatchObject({ minGrade: 3, passMark: 3, source: 'default' }),
  },
  {
    method: 'PUT',
    path: '/api/v2/cohorts/{id}/approval-rule/',
    handler: cohortRuleRoute.PUT,
    request: (world, s) => ({ path: `/api/v2/cohorts/${world.cohortA.id}/approval-rule/`, params: { id: String(world.cohortA.id) }, body: RULE, ...authed(s) }),
    // Cohort admins and platform admins; tutors read it but do not set it.
    expected: { outsider: 401, student: 403, otherStudent: 404, tutor: 403, cohortAdmin: 200, admin: 200 },
    check: (_, json) => expect(json).toMatchObject({ ...RULE, source: 'cohort' }),
  },
  {
    method: 'DELETE',
    path: '/api/v2/cohorts/{id}/approval-rule/',
    handler: cohortRuleRoute.DELETE,
    request: async (world, s) => {
      await (await getDb()).insert(approvalRules).values({ cohortId: world.cohortA.id, ...RULE });
      return { path: `/api/v2/cohorts/${world.cohortA.id}/approval-rule/`, params: { id: String(world.cohortA.id) }, ...authed(s) };
    },
    // As setting it: cohort admins and platform admins.
    expected: { outsider: 401, student: 403, otherStudent: 404, tutor: 403, cohortAdmin: 200, admin: 200 },
    check: async (_, json, world) => {
      expect(json).toMatchObject({ minGrade: 3, source: 'default' });
      expect(await (await getDb()).select().from(approvalRules).where(eq(approvalRules.cohortId, world.cohortA.id))).toEqual([]);
    },
  },
  {
    method: 'GET',
    path: '/api/v2/programs/{id}/approval-rule/',
    handler: programRuleRoute.GET,
    request: (world, s) => ({ path: `/api/v2/programs/${world.cohortA.programId}/approval-rule/`, params: { id: String(world.cohortA.programId) }, ...authed(s) }),
    // The program's staff: its students find no such screen (404), like the program's admin page.
    expected: { outsider: 401, student: 404, otherStudent: 404, tutor: 200, admin: 200 },
    check: (_, json) => expect(json).toMatchObject({ source: 'default' }),
  },
  {
    method: 'PUT',
    path: '/api/v2/programs/{id}/approval-rule/',
    handler: programRuleRoute.PUT,
    request: (world, s) => ({ path: `/api/v2/programs/${world.cohortA.programId}/approval-rule/`, params: { id: String(world.cohortA.programId) }, body: RULE, ...authed(s) }),
    expected: { outsider: 401, student: 403, otherStudent: 403, tutor: 403, admin: 200 },
    check: (_, json) => expect(json).toMatchObject({ ...RULE, source: 'program' }),
  },
  {
    method: 'GET',
    path: '/api/v2/reports/ (type=gradebook)',
    handler: reportsRoute,
    request: async (world, s) => {
      await gradedCourseOfA(world);
      return { path: `/api/v2/reports/?type=gradebook&cohort_id=${world.cohortA.id}&course_id=${world.courseA.id}&export_format=csv`, ...authed(s) };
    },
    expected: staff(200),
  },
];
