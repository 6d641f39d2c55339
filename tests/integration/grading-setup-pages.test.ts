/**
 * Issue 31's setup screens and the student's line, as the server renders
 * them: who gets the categories editor and the approval rule editors, and
 * the one line a student reads on /home and on a course page in each state
 * (no rule, missing work, approved, at risk), in Spanish and English.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import HomePage from '~/pages/home.astro';
import CoursePage from '~/pages/courses/[id].astro';
import AdminCoursePage from '~/pages/admin/courses/[id].astro';
import AdminProgramPage from '~/pages/admin/programs/[id].astro';
import AdminCohortPage from '~/pages/admin/cohorts/[id].astro';
import { getDb } from '~/lib/server/db/client';
import { cohorts, users } from '~/lib/server/db/schema';
import type { Caller } from '~/lib/server/access/permissions';
import { setCohortApprovalRule, setProgramApprovalRule } from '~/lib/server/services/gradebook/approval-rules';
import { ROLE_IDS } from '~/lib/shared/constants';
import { createWorld, enrollStudent, createUser } from '../factories';
import { createGradeCategory, gradeSubmission, putAssignmentIn } from '../factories/gradebook';
import { renderPage } from '../support/astro-pages';

type World = Awaited<ReturnType<typeof createWorld>>;
let world: World;
const DAY_MS = 86_400_000;
const RULE = { minGrade: 3, minCompletionPercent: 0, minAttendancePercent: 0, mustPassItems: true, allCoursesRequired: true, passMark: 3 };
const callerOf = (user: { id: number; email: string; userType: Caller['userType'] }): Caller => ({ id: user.id, email: user.email, userType: user.userType, cohorts: [] });

beforeEach(async () => {
  world = await createWorld();
  const db = await getDb();
  await db.update(users).set({ termsAcceptedAt: new Date(), statusStudent: 1 }).where(eq(users.id, world.student.id));
  // Most of the cohort's time to go: a student with work still to do is in progress, not at risk.
  await db.update(cohorts).set({ startsOn: new Date(Date.now() - 30 * DAY_MS).toISOString().slice(0, 10), endsOn: new Date(Date.now() + 365 * DAY_MS).toISOString().slice(0, 10) }).where(eq(cohorts.id, world.cohortA.id));
  const category = await createGradeCategory(world.courseA.id, { name: 'Entregas', weight: 100 });
  await putAssignmentIn(world.assignmentA.id, category.id, { mustPass: true, dueAt: new Date(Date.now() + 30 * DAY_MS) });
});

const setProgramRule = () => setProgramApprovalRule(callerOf(world.admin), world.cohortA.programId!, RULE);
const lineOf = (html: string) => html.match(/<p class="[^"]*approval-line"[^>]*data-state="([a-z_]+)"[^>]*>\s*([\s\S]*?)\s*<\/p>/);
const home = (userId = world.student.id, lang: 'es' | 'en' = 'es') => renderPage(HomePage, { path: '/home', userId, lang });
const coursePage = (userId = world.student.id, lang: 'es' | 'en' = 'es') =>
  renderPage(CoursePage, { path: `/courses/${world.courseA.id}`, params: { id: String(world.courseA.id) }, userId, lang });
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();

describe("the student's approval line", () => {
  it('is not shown while neither the program nor the cohort has a rule', async () => {
    expect(lineOf((await home()).html)).toBeNull();
    expect(lineOf((await coursePage()).html)).toBeNull();
  });

  it('shows on the next load once a rule is set anywhere (the rule in force is kept per cohort and dropped by the change feed)', async () => {
    expect(lineOf((await home()).html)).toBeNull();
    // As another app server or an operator would write it: plain SQL, no service told.
    const db = await getDb();
    await db.execute(
      sql`insert into approval_rules (program_id, min_grade, min_completion_percent, min_attendance_percent, must_pass_items, all_courses_required, pass_mark) values (${world.cohortA.programId}, 3, 0, 0, true, true, 3)`,
    );
    expect(lineOf((await home()).html)?.[1]).toBe('in_progress');
    await db.execute(sql`delete from approval_rules where program_id = ${world.cohortA.programId}`);
    expect(lineOf((await home()).html)).toBeNull();
  });

  it('says what is missing on /home and on the course page, in Spanish and English', async () => {
    await setProgramRule();
    for (const page of [home, coursePage]) {
      const spanish = lineOf((await page()).html);
      expect(spanish?.[1]).toBe('in_progress');
      // The approvals computation counts the grade as 0.0 while nothing is graded (ADR 027's sentence, as the staff read it too).
      expect(text(spanish![2]!)).toBe('Te falta: 1 entrega, nota 3.0 (aún sin calificaciones)');
      const english = lineOf((await page(world.student.id, 'en')).html);
      expect(text(english![2]!)).toBe('Still missing: 1 assignment, a grade of 3.0 (nothing graded yet)');
    }
  });

  it('says approved once the rule holds', async () => {
    await setProgramRule();
    await gradeSubmission(world.assignmentA.id, world.student.id, 90);
    const line = lineOf((await home()).html);
    expect(line?.[1]).toBe('approved');
    expect(text(line![2]!)).toBe('Aprobado: ya cumples la regla para aprobar.');
    expect(text(lineOf((await coursePage(world.student.id, 'en')).html)![2]!)).toBe('Approved: you already meet the rule to pass.');
  });

  it('stands out when the student is at risk (a required assignment failed), and follows a cohort’s own rule', async () => {
    await setCohortApprovalRule(callerOf(world.admin), world.cohortA.id, RULE);
    await gradeSubmission(world.assignmentA.id, world.student.id, 20);
    const { html } = await home();
    const line = lineOf(html);
    expect(line?.[1]).toBe('at_risk');
    expect(html).toMatch(/class="notice notice--warning approval-line"/);
    expect(text(line![2]!)).toBe('En riesgo de no aprobar. Te falta: 1 entrega, nota 1.0 de 3.0');
    expect(text(lineOf((await coursePage(world.student.id, 'en')).html)![2]!)).toBe('At risk of not passing. Still missing: 1 assignment, grade 1.0 of 3.0');
  });

  it('is not shown to staff, nor to a student of another program', async () => {
    await setProgramRule();
    expect(lineOf((await home(world.tutor.id)).html)).toBeNull();
    expect(lineOf((await home(world.otherStudent.id)).html)).toBeNull();
  });
});

describe('the setup editors', () => {
  const adminCourse = (userId: number) => renderPage(AdminCoursePage, { path: `/admin/courses/${world.courseA.id}`, params: { id: String(world.courseA.id) }, userId });
  const adminProgram = (userId: number) =>
    renderPage(AdminProgramPage, { path: `/admin/programs/${world.cohortA.programId}`, params: { id: String(world.cohortA.programId) }, userId });
  const adminCohort = (userId: number) => renderPage(AdminCohortPage, { path: `/admin/cohorts/${world.cohortA.id}`, params: { id: String(world.cohortA.id) }, userId });

  it("put the grade categories on the course page for its admins and its program's tutors, not for students", async () => {
    for (const user of [world.admin, world.tutor]) {
      const { status, html } = await adminCourse(user.id);
      expect(status).toBe(200);
      expect(html).toContain('<h2 id="grading-title">Categorías de la nota</h2>');
    }
    const student = await adminCourse(world.student.id);
    expect(student.status).toBe(404);
    expect(student.html).not.toContain('Categorías de la nota');
  });

  it("put the approval rule on the program page and on the cohort page (with its section link)", async () => {
    const program = await adminProgram(world.admin.id);
    expect(program.html).toContain('<h2 id="approval-rule-title">Regla para aprobar</h2>');
    const cohortAdmin = await createUser({ userType: 'staff' });
    await enrollStudent(cohortAdmin, world.cohortA, { roleId: ROLE_IDS.cohortAdmin });
    for (const user of [world.admin, cohortAdmin, world.tutor]) {
      const { status, html } = await adminCohort(user.id);
      expect(status).toBe(200);
      expect(html).toContain('<h2 id="approval-rule-title">Regla para aprobar</h2>');
      expect(html).toContain('href="#approval-rule"');
    }
    expect((await adminProgram(world.student.id)).status).toBe(404);
  });
});
