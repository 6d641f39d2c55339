/**
 * Issue 31: the gradebook and approval rules. Categories' weights add up to
 * 100 or the gradebook says so; scores count after late penalties and only
 * once released; missing work counts 0 only after its due date; the lowest
 * scores of a category are dropped; overrides are audited; approval states
 * and what is missing, in Spanish and English.
 */
import { eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
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
import { getDb } from '~/lib/server/db/client';
import { assignments, cohorts, quizzes, users } from '~/lib/server/db/schema';
import { approvalsOf } from '~/lib/server/services/gradebook/approvals';
import type { Gradebook, MyGrades } from '~/lib/shared/schemas/gradebook';
import { call } from '../support/http';
import { renderPage } from '../support/astro-pages';
import GradesPage from '~/pages/courses/[id]/grades.astro';
import { accessTokenFor, createAssignment, createLesson, createUser, createWorld, enrollStudent } from '../factories';
import { attend, completeLesson, completeQuiz, createGradeCategory, createQuizIn, createSession, gradeSubmission, putAssignmentIn } from '../factories/gradebook';

type World = Awaited<ReturnType<typeof createWorld>>;
let world: World;
let tutorToken: string;
const DAY_MS = 86_400_000;
const past = (days = 2) => new Date(Date.now() - days * DAY_MS);
const future = (days = 2) => new Date(Date.now() + days * DAY_MS);

beforeEach(async () => {
  world = await createWorld();
  tutorToken = await accessTokenFor(world.tutor);
});

const gradebookOf = async (token = tutorToken, lang = 'es') =>
  call(gradebookRoute, {
    path: `/api/v2/cohorts/${world.cohortA.id}/gradebook/?course_id=${world.courseA.id}`,
    params: { id: String(world.cohortA.id) },
    token,
    headers: { 'accept-language': lang },
  });

const rowOf = (gradebook: Gradebook, userId = world.student.id) => gradebook.rows.find((row) => row.userId === userId)!;
const itemOf = (gradebook: Gradebook, key: string, userId = world.student.id) => rowOf(gradebook, userId).items.find((item) => item.key === key)!;

describe('grade categories', () => {
  const post = (body: unknown, lang = 'es') =>
    call(categoriesRoute.POST, { path: `/api/v2/courses/${world.courseA.id}/grade-categories/`, params: { id: String(world.courseA.id) }, body, token: tutorToken, headers: { 'accept-language': lang } });

  it('go from 0 to 100 one at a time, never past 100 (a clear 400 in the caller’s language)', async () => {
    expect((await post({ name: 'Quices', weight: 30, dropLowest: 1 })).status).toBe(201);
    expect((await post({ name: 'Entregas', weight: 50 })).status).toBe(201);
    const over = await post({ name: 'Proyecto final', weight: 30 }, 'en');
    expect(over.status).toBe(400);
    expect(over.json.error.code).toBe('grade_weights_exceeded');
    expect(over.json.error.message).toBe("With this weight the course's categories would add up to more than 100%. 20% is left to share out.");
    const spanish = await post({ name: 'Proyecto final', weight: 30 });
    expect(spanish.json.error.message).toContain('Quedan 20 % por repartir');

    // Below 100 the gradebook refuses to compute, saying how much they add up to.
    const incomplete = await gradebookOf();
    expect(incomplete.status).toBe(400);
    expect(incomplete.json.error).toMatchObject({ code: 'grade_weights_incomplete' });
    expect(incomplete.json.error.message).toContain('suman 80 %');

    const last = await post({ name: 'Proyecto final', weight: 20 });
    expect(last.status).toBe(201);
    const list = await call(categoriesRoute.GET, { path: `/api/v2/courses/${world.courseA.id}/grade-categories/`, params: { id: String(world.courseA.id) }, token: tutorToken });
    expect(list.json).toMatchObject({ totalWeight: 100, complete: true });
    expect(list.json.results.map((item: { name: string }) => item.name)).toEqual(['Quices', 'Entregas', 'Proyecto final']);
    expect((await gradebookOf()).status).toBe(200);

    // A change that would pass 100 is refused too; a smaller one is fine.
    const patch = (body: unknown) => call(categoryRoute.PATCH, { method: 'PATCH', path: `/api/v2/grade-categories/${last.json.id}/`, params: { id: String(last.json.id) }, body, token: tutorToken });
    expect((await patch({ weight: 21 })).json.error.code).toBe('grade_weights_exceeded');
    expect((await patch({ weight: 10 })).status).toBe(200);
  });

  it('can be replaced as a whole set adding up to exactly 100, to rebalance in one step', async () => {
    const quizzesCategory = await createGradeCategory(world.courseA.id, { name: 'Quices', weight: 50 });
    const tasks = await createGradeCategory(world.courseA.id, { name: 'Entregas', weight: 50 });
    await putAssignmentIn(world.assignmentA.id, quizzesCategory.id);
    const put = (categories: unknown[], lang = 'es') =>
      call(categoriesRoute.PUT, { method: 'PUT', path: `/api/v2/courses/${world.courseA.id}/grade-categories/`, params: { id: String(world.courseA.id) }, body: { categories }, token: tutorToken, headers: { 'accept-language': lang } });
    const short = await put([{ id: tasks.id, name: 'Entregas', weight: 70 }], 'en');
    expect(short.status).toBe(400);
    expect(short.json.error.fields.categories).toBe('The weights add up to 70%; they must add up to 100%');
    const foreign = await put([{ id: 999_999, name: 'Otra', weight: 100 }]);
    expect(Object.keys(foreign.json.error.fields)).toEqual(['categories.0.id']);
    const rebalanced = await put([
      { id: tasks.id, name: 'Entregas', weight: 70 },
      { name: 'Proyecto final', weight: 30, dropLowest: 0 },
    ]);
    expect(rebalanced.status).toBe(200);
    expect(rebalanced.json.results.map((item: { id: number; name: string; weight: number }) => [item.id === tasks.id, item.name, item.weight])).toEqual([
      [true, 'Entregas', 70],
      [false, 'Proyecto final', 30],
    ]);
    // The category left out is gone; its assignment stays, in no category.
    const items = await call(itemsRoute.GET, { path: `/api/v2/courses/${world.courseA.id}/grade-items/`, params: { id: String(world.courseA.id) }, token: tutorToken });
    expect(items.json.results.find((item: { id: number }) => item.id === world.assignmentA.id).categoryId).toBeNull();
  });

  it('validate their fields with messages in the caller’s language', async () => {
    const english = await post({ name: '', weight: 0, dropLowest: -1 }, 'en');
    expect(english.status).toBe(400);
    expect(english.json.error.code).toBe('validation_failed');
    expect(Object.keys(english.json.error.fields).sort()).toEqual(['dropLowest', 'name', 'weight']);
    expect(english.json.error.fields.weight).toBe('Must be greater than 0');
    const spanish = await post({ name: 'Quices', weight: 'mucho' });
    expect(spanish.json.error.fields.weight).toBe('Este campo solo acepta números');
  });

  it('are 404 for unknown courses and categories', async () => {
    const admin = await accessTokenFor(world.admin);
    expect((await call(categoriesRoute.GET, { path: '/api/v2/courses/999999/grade-categories/', params: { id: '999999' }, token: admin })).status).toBe(404);
    expect((await call(categoryRoute.DELETE, { method: 'DELETE', path: '/api/v2/grade-categories/999999/', params: { id: '999999' }, token: admin })).status).toBe(404);
    expect((await call(gradebookRoute, { path: `/api/v2/cohorts/999999/gradebook/?course_id=${world.courseA.id}`, params: { id: '999999' }, token: admin })).status).toBe(404);
    // A course the cohort does not follow.
    expect((await call(gradebookRoute, { path: `/api/v2/cohorts/${world.cohortA.id}/gradebook/?course_id=${world.courseB.id}`, params: { id: String(world.cohortA.id) }, token: admin })).status).toBe(404);
    expect((await call(gradebookRoute, { path: `/api/v2/cohorts/${world.cohortA.id}/gradebook/`, params: { id: String(world.cohortA.id) }, token: admin })).json.error.fields).toHaveProperty('course_id');
  });

  it('take items of their course only (a 400 naming the field)', async () => {
    const category = await createGradeCategory(world.courseA.id);
    const other = await createGradeCategory(world.courseB.id);
    const patch = (items: unknown[]) =>
      call(itemsRoute.PATCH, { method: 'PATCH', path: `/api/v2/courses/${world.courseA.id}/grade-items/`, params: { id: String(world.courseA.id) }, body: { items }, token: tutorToken });
    const wrong = await patch([
      { kind: 'assignment', id: world.assignmentB.id, categoryId: category.id },
      { kind: 'assignment', id: world.assignmentA.id, categoryId: other.id },
    ]);
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.json.error.fields).sort()).toEqual(['items.0.id', 'items.1.categoryId']);
    const right = await patch([{ kind: 'assignment', id: world.assignmentA.id, categoryId: category.id, mustPass: true, countsForGrade: true }]);
    expect(right.status).toBe(200);
    expect(right.json.results).toMatchObject([{ key: `assignment:${world.assignmentA.id}`, categoryId: category.id, mustPass: true, countsForGrade: true }]);
  });
});

describe('the gradebook', () => {
  it('counts scores after late penalties, hides unreleased ones, counts missing work 0 only after its due date, and drops the lowest', async () => {
    const tasks = await createGradeCategory(world.courseA.id, { name: 'Entregas', weight: 60 });
    const quizzesCategory = await createGradeCategory(world.courseA.id, { name: 'Quices', weight: 40, dropLowest: 1 });
    const db = await getDb();
    await putAssignmentIn(world.assignmentA.id, tasks.id, { maxScore: 50 });
    const late = await createAssignment({ courseId: world.courseA.id, gradeCategoryId: tasks.id, dueAt: past() });
    const manual = await createAssignment({ courseId: world.courseA.id, gradeCategoryId: tasks.id, gradeRelease: 'manual' });
    const notYetDue = await createAssignment({ courseId: world.courseA.id, gradeCategoryId: tasks.id, dueAt: future() });
    const overdue = await createAssignment({ courseId: world.courseA.id, gradeCategoryId: tasks.id, dueAt: past() });
    const quiz1 = await createQuizIn(world.courseA.id, quizzesCategory.id);
    const quiz2 = await createQuizIn(world.courseA.id, quizzesCategory.id);
    const quizAfterClose = await createQuizIn(world.courseA.id, quizzesCategory.id, { showResults: 'after_close', closesAt: future() });

    await gradeSubmission(world.assignmentA.id, world.student.id, 40); // 80 %
    await gradeSubmission(late.id, world.student.id, 100, { status: 'late', lateDays: 2, penaltyPercent: 20 }); // 80 % after the penalty
    await gradeSubmission(manual.id, world.student.id, 10); // not released: pending
    await completeQuiz(quiz1.id, world.student.id, 90);
    await completeQuiz(quiz2.id, world.student.id, 30); // dropped
    await completeQuiz(quizAfterClose.id, world.student.id, 10); // not shown before it closes: pending

    const response = await gradebookOf();
    expect(response.status).toBe(200);
    const gradebook = response.json as Gradebook;
    expect(itemOf(gradebook, `assignment:${world.assignmentA.id}`)).toMatchObject({ status: 'graded', percent: 80, score: 40 });
    expect(itemOf(gradebook, `assignment:${late.id}`)).toMatchObject({ status: 'graded', percent: 80, score: 80 });
    expect(itemOf(gradebook, `assignment:${manual.id}`)).toMatchObject({ status: 'pending', percent: null });
    expect(itemOf(gradebook, `assignment:${notYetDue.id}`)).toMatchObject({ status: 'pending', percent: null });
    expect(itemOf(gradebook, `assignment:${overdue.id}`)).toMatchObject({ status: 'missing', percent: 0 });
    expect(itemOf(gradebook, `quiz:${quizAfterClose.id}`)).toMatchObject({ status: 'pending', percent: null });
    const row = rowOf(gradebook);
    // Entregas: 80, 80, 0 → 53.33; Quices: 90 and 30, the lowest dropped → 90.
    expect(row.categories).toEqual([
      { categoryId: tasks.id, averagePercent: 53.33 },
      { categoryId: quizzesCategory.id, averagePercent: 90 },
    ]);
    expect(row.coursePercent).toBeCloseTo(0.6 * (160 / 3) + 0.4 * 90, 2);
    expect(row.courseGrade).toBe(3.4);
    expect(row.override).toBeNull();

    // Releasing the grades counts them.
    await db.update(assignments).set({ gradesReleasedAt: new Date() }).where(eq(assignments.id, manual.id));
    await db.update(quizzes).set({ closesAt: past(1) }).where(eq(quizzes.id, quizAfterClose.id));
    const released = (await gradebookOf()).json as Gradebook;
    expect(itemOf(released, `assignment:${manual.id}`)).toMatchObject({ status: 'graded', percent: 10 });
    expect(itemOf(released, `quiz:${quizAfterClose.id}`)).toMatchObject({ status: 'graded', percent: 10 });
    // A cohort's moved due date is the one that counts.
    await db.update(assignments).set({ countsForGrade: false }).where(eq(assignments.id, overdue.id));
    expect(itemOf((await gradebookOf()).json, `assignment:${overdue.id}`)).toBeUndefined();
  });

  it('shows completion and attendance, and only the cohort’s ACTIVE students', async () => {
    const category = await createGradeCategory(world.courseA.id);
    await putAssignmentIn(world.assignmentA.id, category.id);
    const lessons = [await createLesson({ courseId: world.courseA.id }), await createLesson({ courseId: world.courseA.id }), await createLesson({ courseId: world.courseA.id }), await createLesson({ courseId: world.courseA.id })];
    await completeLesson(world.student.id, lessons[0]!.id);
    const sessions = [await createSession(world.cohortA.id, past(3)), await createSession(world.cohortA.id, past(2)), await createSession(world.cohortA.id, future())];
    await attend(sessions[0]!.id, world.student.id);
    const gone = await createUser({ userType: 'student' });
    await enrollStudent(gone, world.cohortA, { status: 'INACTIVE' });
    const gradebook = (await gradebookOf()).json as Gradebook;
    expect(gradebook.rows.map((row) => row.userId)).toEqual([world.student.id]);
    expect(rowOf(gradebook)).toMatchObject({ completionPercent: 25, attendancePercent: 50 });
  });

  it('takes a tutor’s override with a reason, audited and shown as such, and lets it be cleared', async () => {
    const category = await createGradeCategory(world.courseA.id);
    await putAssignmentIn(world.assignmentA.id, category.id);
    await gradeSubmission(world.assignmentA.id, world.student.id, 50);
    const put = (body: unknown, lang = 'es') =>
      call(overrideRoute, {
        method: 'PUT',
        path: `/api/v2/cohorts/${world.cohortA.id}/gradebook/overrides/${world.student.id}/`,
        params: { id: String(world.cohortA.id), userId: String(world.student.id) },
        body,
        token: tutorToken,
        headers: { 'accept-language': lang },
      });
    const noReason = await put({ course_id: world.courseA.id, grade: 4 }, 'en');
    expect(noReason.status).toBe(400);
    expect(noReason.json.error.fields).toHaveProperty('reason');
    expect((await put({ course_id: world.courseA.id, grade: 5.5, reason: 'x' })).json.error.fields).toHaveProperty('grade');

    const first = await put({ course_id: world.courseA.id, grade: 3.5, reason: 'Sustentación oral' });
    expect(first.status).toBe(200);
    expect(first.json.row).toMatchObject({ courseGrade: 3.5, coursePercent: 70, override: { grade: 3.5, computedGrade: 2.5, reason: 'Sustentación oral', changedBy: world.tutor.id } });
    const second = await put({ course_id: world.courseA.id, grade: 4, reason: 'Recuperación' });
    expect(second.json.audit).toMatchObject([
      { oldGrade: 2.5, newGrade: 3.5, reason: 'Sustentación oral', changedBy: world.tutor.id },
      { oldGrade: 3.5, newGrade: 4, reason: 'Recuperación', changedBy: world.tutor.id },
    ]);
    expect(rowOf((await gradebookOf()).json).override).toMatchObject({ grade: 4, computedGrade: 2.5 });
    const cleared = await put({ course_id: world.courseA.id, grade: null, reason: 'Error' });
    expect(cleared.json.row).toMatchObject({ courseGrade: 2.5, override: null });
    expect(cleared.json.audit).toHaveLength(3);
    // A student of another cohort is not in this gradebook.
    const stranger = await call(overrideRoute, {
      method: 'PUT',
      path: `/api/v2/cohorts/${world.cohortA.id}/gradebook/overrides/${world.otherStudent.id}/`,
      params: { id: String(world.cohortA.id), userId: String(world.otherStudent.id) },
      body: { course_id: world.courseA.id, grade: 4, reason: 'x' },
      token: tutorToken,
    });
    expect(stranger.status).toBe(404);
  });
});

describe('a student’s own grades', () => {
  it('show weights, scores and what each pending item could still add, and never another student’s row', async () => {
    const tasks = await createGradeCategory(world.courseA.id, { name: 'Entregas', weight: 50 });
    const project = await createGradeCategory(world.courseA.id, { name: 'Proyecto', weight: 50 });
    await putAssignmentIn(world.assignmentA.id, tasks.id);
    const second = await createAssignment({ courseId: world.courseA.id, gradeCategoryId: tasks.id, dueAt: future() });
    const final = await createAssignment({ courseId: world.courseA.id, gradeCategoryId: project.id, dueAt: future() });
    await gradeSubmission(world.assignmentA.id, world.student.id, 100);
    const classmate = await createUser({ userType: 'student' });
    await enrollStudent(classmate, world.cohortA);
    await gradeSubmission(world.assignmentA.id, classmate.id, 20);

    const response = await call(myGradesRoute, { path: `/api/v2/courses/${world.courseA.id}/my-grades/`, params: { id: String(world.courseA.id) }, token: await accessTokenFor(world.student) });
    expect(response.status).toBe(200);
    const mine = response.json as MyGrades;
    expect(mine.categories.map((category) => [category.name, category.weight])).toEqual([
      ['Entregas', 50],
      ['Proyecto', 50],
    ]);
    expect(mine.items.find((item) => item.id === world.assignmentA.id)).toMatchObject({ status: 'graded', percent: 100, maxContribution: null });
    expect(mine.items.find((item) => item.id === second.id)).toMatchObject({ status: 'pending', maxContribution: 25 });
    expect(mine.items.find((item) => item.id === final.id)).toMatchObject({ status: 'pending', maxContribution: 50 });
    expect(mine).toMatchObject({ coursePercent: 100, courseGrade: 5, maxReachableGrade: 5 });
    expect(JSON.stringify(mine)).not.toContain(classmate.email);
  });
});

describe('approval rules and states', () => {
  const RULE = { minGrade: 3, minCompletionPercent: 50, minAttendancePercent: 50, mustPassItems: true, allCoursesRequired: true, passMark: 3 };

  it('come from the cohort, else the program, else the defaults', async () => {
    const admin = await accessTokenFor(world.admin);
    const cohortRule = () => call(cohortRuleRoute.GET, { path: `/api/v2/cohorts/${world.cohortA.id}/approval-rule/`, params: { id: String(world.cohortA.id) }, token: tutorToken });
    expect((await cohortRule()).json).toMatchObject({ minGrade: 3, passMark: 3, mustPassItems: true, allCoursesRequired: true, source: 'default' });
    const programPath = { path: `/api/v2/programs/${world.cohortA.programId}/approval-rule/`, params: { id: String(world.cohortA.programId) }, token: admin };
    expect((await call(programRuleRoute.PUT, { method: 'PUT', ...programPath, body: { ...RULE, passMark: 3.5 } })).status).toBe(200);
    expect((await cohortRule()).json).toMatchObject({ passMark: 3.5, source: 'program' });
    expect((await call(cohortRuleRoute.PUT, { method: 'PUT', path: `/api/v2/cohorts/${world.cohortA.id}/approval-rule/`, params: { id: String(world.cohortA.id) }, body: RULE, token: admin })).status).toBe(200);
    expect((await cohortRule()).json).toMatchObject({ passMark: 3, source: 'cohort' });
    // Removed: the program's holds again (a second removal finds nothing and answers the same).
    const removal = { method: 'DELETE', path: `/api/v2/cohorts/${world.cohortA.id}/approval-rule/`, params: { id: String(world.cohortA.id) }, token: admin };
    expect((await call(cohortRuleRoute.DELETE, removal)).json).toMatchObject({ passMark: 3.5, source: 'program' });
    expect((await cohortRule()).json).toMatchObject({ passMark: 3.5, source: 'program' });
    expect((await call(cohortRuleRoute.DELETE, removal)).status).toBe(200);
    const invalid = await call(programRuleRoute.PUT, { method: 'PUT', ...programPath, body: { ...RULE, minGrade: 6, minAttendancePercent: 101 }, headers: { 'accept-language': 'en' } });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.json.error.fields).sort()).toEqual(['minAttendancePercent', 'minGrade']);
    expect((await call(programRuleRoute.GET, { path: '/api/v2/programs/999999/approval-rule/', params: { id: '999999' }, token: admin })).status).toBe(404);
  });

  it('list each student’s state with what is missing, in Spanish and English, with plurals', async () => {
    const db = await getDb();
    await db.update(cohorts).set({ startsOn: '2020-01-01', endsOn: new Date(Date.now() + 365 * DAY_MS).toISOString().slice(0, 10) }).where(eq(cohorts.id, world.cohortA.id));
    const admin = await accessTokenFor(world.admin);
    await call(cohortRuleRoute.PUT, { method: 'PUT', path: `/api/v2/cohorts/${world.cohortA.id}/approval-rule/`, params: { id: String(world.cohortA.id) }, body: { ...RULE, minCompletionPercent: 0, minAttendancePercent: 0 }, token: admin });
    const category = await createGradeCategory(world.courseA.id);
    await putAssignmentIn(world.assignmentA.id, category.id, { mustPass: true });
    const second = await createAssignment({ courseId: world.courseA.id, gradeCategoryId: category.id, mustPass: true, dueAt: future() });
    const quiz = await createQuizIn(world.courseA.id, category.id, { mustPass: true });
    await completeQuiz(quiz.id, world.student.id, 50);
    const good = await createUser({ userType: 'student', lastName: 'Zapata' });
    await enrollStudent(good, world.cohortA);
    await gradeSubmission(world.assignmentA.id, good.id, 90);
    await gradeSubmission(second.id, good.id, 80);
    await completeQuiz(quiz.id, good.id, 70);

    const list = (lang: string) => call(approvalsRoute, { path: `/api/v2/cohorts/${world.cohortA.id}/approvals/`, params: { id: String(world.cohortA.id) }, token: tutorToken, headers: { 'accept-language': lang } });
    const spanish = (await list('es')).json;
    const student = spanish.results.find((row: { userId: number }) => row.userId === world.student.id);
    // The quiz was failed (50 % < 60 %): the rule cannot hold any more.
    expect(student).toMatchObject({ state: 'at_risk', missing: { assignments: 2, quizzes: 1, grade: { current: 2.5, required: 3 } } });
    expect(student.line).toBe('Te falta: 2 entregas, 1 quiz, nota 2.5 de 3.0');
    expect(spanish.results.find((row: { userId: number }) => row.userId === good.id)).toMatchObject({ state: 'approved', line: null, grade: 4 });
    const english = (await list('en')).json.results.find((row: { userId: number }) => row.userId === world.student.id);
    expect(english.line).toBe('Still missing: 2 assignments, 1 quiz, grade 2.5 of 3.0');

    // approvalsOf: what the certificates read, the same states.
    const rows = await approvalsOf(db, world.cohortA.id);
    expect(rows.map((row) => [row.userId, row.state])).toEqual(spanish.results.map((row: { userId: number; state: string }) => [row.userId, row.state]));
    expect(Object.keys(rows[0]!).sort()).toEqual(['attendancePercent', 'completionPercent', 'courses', 'email', 'firstName', 'grade', 'lastName', 'missing', 'state', 'userId']);
    expect(await approvalsOf(db, 999_999)).toEqual([]);
    // Inside another domain's transaction (the certificates'), the same answer.
    expect(await db.transaction((tx) => approvalsOf(tx, world.cohortA.id))).toEqual(rows);
  });

  it('say not_approved after the end date, and follow attendance', async () => {
    const db = await getDb();
    await db.update(cohorts).set({ startsOn: '2020-01-01', endsOn: '2020-06-30' }).where(eq(cohorts.id, world.cohortA.id));
    const admin = await accessTokenFor(world.admin);
    await call(cohortRuleRoute.PUT, { method: 'PUT', path: `/api/v2/cohorts/${world.cohortA.id}/approval-rule/`, params: { id: String(world.cohortA.id) }, body: { ...RULE, minCompletionPercent: 0 }, token: admin });
    const category = await createGradeCategory(world.courseA.id);
    await putAssignmentIn(world.assignmentA.id, category.id);
    await gradeSubmission(world.assignmentA.id, world.student.id, 100);
    const sessions = [await createSession(world.cohortA.id, past(5)), await createSession(world.cohortA.id, past(4)), await createSession(world.cohortA.id, past(3)), await createSession(world.cohortA.id, past(2))];
    await attend(sessions[0]!.id, world.student.id);
    const [before] = await approvalsOf(db, world.cohortA.id);
    expect(before).toMatchObject({ state: 'not_approved', attendancePercent: 25, missing: { attendancePercent: 25 } });
    await attend(sessions[1]!.id, world.student.id);
    const [after] = await approvalsOf(db, world.cohortA.id);
    expect(after).toMatchObject({ state: 'approved', attendancePercent: 50 });
  });
});

describe('the gradebook export', () => {
  it('writes the endpoint’s numbers as CSV', async () => {
    const category = await createGradeCategory(world.courseA.id, { name: 'Entregas' });
    await putAssignmentIn(world.assignmentA.id, category.id);
    await gradeSubmission(world.assignmentA.id, world.student.id, 87.5);
    const response = await call(reportsRoute, { path: `/api/v2/reports/?type=gradebook&cohort_id=${world.cohortA.id}&course_id=${world.courseA.id}&export_format=csv`, token: tutorToken, headers: { 'accept-language': 'en' } });
    expect(response.status).toBe(200);
    const lines = String(response.json).replace(/^\uFEFF/, '').trim().split(/\r\n/);
    expect(lines[0]).toBe(`Last name,First name,Email,Tarea A (%),Entregas (100%),Course grade (%),Course grade (0.0–5.0),Grade overridden by the tutor,Lesson completion (%),Attendance (%),State,Still missing`);
    expect(lines[1]).toBe(`${world.student.lastName},${world.student.firstName},${world.student.email},87.5,87.5,87.5,4.4,No,100,100,Approved,`);
    const missing = await call(reportsRoute, { path: `/api/v2/reports/?type=gradebook&cohort_id=${world.cohortA.id}&export_format=csv`, token: tutorToken });
    expect(missing.status).toBe(400);
    expect(missing.json.error.fields).toHaveProperty('course_id');
  });
});

describe('the student’s grades page', () => {
  it('shows the course grade, the categories and the approval state once the weights add up to 100', async () => {
    const path = { path: `/courses/${world.courseA.id}/grades`, params: { id: String(world.courseA.id) } };
    await (await getDb()).update(users).set({ termsAcceptedAt: new Date(), statusStudent: 1 }).where(inArray(users.id, [world.student.id, world.tutor.id]));
    const category = await createGradeCategory(world.courseA.id, { name: 'Entregas', weight: 60 });
    await putAssignmentIn(world.assignmentA.id, category.id);
    await gradeSubmission(world.assignmentA.id, world.student.id, 80);
    const incomplete = await renderPage(GradesPage, { ...path, userId: world.student.id });
    expect(incomplete.status).toBe(200);
    expect(incomplete.html).not.toContain('Nota del curso');
    await createGradeCategory(world.courseA.id, { name: 'Quices', weight: 40 });
    const { status, html } = await renderPage(GradesPage, { ...path, userId: world.student.id });
    expect(status).toBe(200);
    expect(html).toContain('Tu nota hasta ahora: 4.0 de 5.0.');
    expect(html).toContain('Aún puedes llegar hasta 4.0.');
    expect(html).toContain('Estado: Aprobado.');
    expect(html).toMatch(/<th scope="row"[^>]*>Entregas<\/th>/);
    // Staff have no grades of their own: the section is not there.
    expect((await renderPage(GradesPage, { ...path, userId: world.tutor.id })).html).not.toContain('Nota del curso');
  });
});

