/**
 * Issue 31's staff screens: a cohort's gradebook page (its course, filters
 * as links, the downloads, an override shown with who and why, the empty
 * state while the weights are not 100), its approvals page (states with
 * their counts, what each student still needs), who may open them (a
 * student of the cohort 403, anyone else 404), and the dashboards' count of
 * students at risk with links to them.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import GradebookPage from '~/pages/cohorts/[id]/gradebook.astro';
import ApprovalsPage from '~/pages/cohorts/[id]/approvals.astro';
import HomePage from '~/pages/home.astro';
import AdminPage from '~/pages/admin/index.astro';
import { GET as downloadRoute } from '~/pages/cohorts/[id]/gradebook/download';
import { getDb } from '~/lib/server/db/client';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { gradeOverrides, submissions, users } from '~/lib/server/db/schema';
import { STATUS_STUDENT } from '~/lib/shared/constants';
import { createReleasedCourse, createUser, createWorld, enrollStudent } from '../factories';
import { createGradeCategory, gradeSubmission, putAssignmentIn } from '../factories/gradebook';
import { pageSessionOf, renderPage } from '../support/astro-pages';
import { getT } from '~/i18n';

type World = Awaited<ReturnType<typeof createWorld>>;
let world: World;
let approved: Awaited<ReturnType<typeof createUser>>;
let failing: Awaited<ReturnType<typeof createUser>>;

beforeEach(async () => {
  world = await createWorld();
  const category = await createGradeCategory(world.courseA.id, { name: 'Entregas' });
  await putAssignmentIn(world.assignmentA.id, category.id, { mustPass: true });
  approved = await createUser({ userType: 'student', firstName: 'Camila', lastName: 'Rojas' });
  failing = await createUser({ userType: 'student', firstName: 'Mateo', lastName: 'Gómez' });
  await enrollStudent(approved, world.cohortA);
  await enrollStudent(failing, world.cohortA);
  // A failed report that must be passed: the rule can no longer hold (at risk); 90 % passes it (approved).
  await gradeSubmission(world.assignmentA.id, world.student.id, 50);
  await gradeSubmission(world.assignmentA.id, failing.id, 40);
  await gradeSubmission(world.assignmentA.id, approved.id, 90);
  // Students who accepted the terms (one who has not is sent to /home first, as on every page).
  const db = await getDb();
  await db.update(users).set({ statusStudent: STATUS_STUDENT.termsAccepted }).where(inArray(users.id, [world.student.id, world.otherStudent.id]));
});

const gradebookPath = (query = `?course_id=${world.courseA.id}`, cohortId = world.cohortA.id) => ({ path: `/cohorts/${cohortId}/gradebook${query}`, params: { id: String(cohortId) } });
const approvalsPath = (query = '', cohortId = world.cohortA.id) => ({ path: `/cohorts/${cohortId}/approvals${query}`, params: { id: String(cohortId) } });
/** The body rows' student names, in order. */
const namesIn = (html: string) => [...html.matchAll(/<th scope="row"[^>]*>([^<]+)<\/th>/g)].map((match) => match[1]!.trim());

describe('the gradebook page', () => {
  it('shows a tutor one row per student with the items, the category, the course grade, the state and the downloads', async () => {
    const { status, html } = await renderPage(GradebookPage, { ...gradebookPath(), userId: world.tutor.id });
    expect(status).toBe(200);
    expect(html).toContain('role="grid"');
    expect(namesIn(html)).toHaveLength(3);
    expect(namesIn(html)).toEqual(expect.arrayContaining(['Camila Rojas', 'Mateo Gómez']));
    expect(html).toContain('Tarea A');
    expect(html).toContain('Entregas · 100 %');
    expect(html).toContain('Nota (0,0–5,0)');
    expect(html).toContain('>4.5<');
    expect(html).toContain('En riesgo');
    expect(html).toContain('Aprobado');
    expect(html).toContain(`href="/cohorts/${world.cohortA.id}/gradebook/download?course_id=${world.courseA.id}&amp;export_format=xlsx"`);
    expect(html).toContain(`href="/cohorts/${world.cohortA.id}/gradebook/download?course_id=${world.courseA.id}&amp;export_format=csv"`);
    expect(html).toContain(`href="/cohorts/${world.cohortA.id}/approvals"`);
    // Without course_id, the cohort's first course.
    expect(namesIn((await renderPage(GradebookPage, { ...gradebookPath(''), userId: world.tutor.id })).html)).toHaveLength(3);
  });

  it('filters at risk and not approved by links that work without JavaScript', async () => {
    const atRisk = await renderPage(GradebookPage, { ...gradebookPath(`?course_id=${world.courseA.id}&state=at_risk`), userId: world.tutor.id });
    expect(namesIn(atRisk.html)).not.toContain('Camila Rojas');
    expect(namesIn(atRisk.html)).toContain('Mateo Gómez');
    expect(namesIn(atRisk.html)).toHaveLength(2);
    expect(atRisk.html).toMatch(/href="[^"]*state=at_risk" aria-current="page"/);
    const notApproved = await renderPage(GradebookPage, { ...gradebookPath(`?course_id=${world.courseA.id}&state=not_approved`), userId: world.tutor.id });
    expect(namesIn(notApproved.html)).toEqual([]);
    expect(notApproved.html).toContain('Ningún estudiante en este filtro.');
  });

  it('marks an overridden grade with who changed it and why', async () => {
    const db = await getDb();
    await db.insert(gradeOverrides).values({ cohortId: world.cohortA.id, courseId: world.courseA.id, userId: failing.id, oldGrade: 2, newGrade: 3.2, reason: 'Sustentación oral', changedBy: world.tutor.id });
    const { html } = await renderPage(GradebookPage, { ...gradebookPath(), userId: world.tutor.id });
    expect(html).toContain('>3.2<');
    expect(html).toContain('Ajustada</span>');
    expect(html).toContain(`Ajustada por ${world.tutor.firstName} ${world.tutor.lastName}`);
    expect(html).toContain('«Sustentación oral». Calculada: 2.0.');
  });

  it('says what to fix while the categories do not add up to 100, with the admin course page for admins', async () => {
    const db = await getDb();
    const { gradeCategories } = await import('~/lib/server/db/schema');
    await db.update(gradeCategories).set({ weight: 60 });
    const tutor = await renderPage(GradebookPage, { ...gradebookPath(), userId: world.tutor.id });
    expect(tutor.status).toBe(200);
    expect(tutor.html).toContain('Las categorías de nota de este curso suman 60 % y deben sumar 100 %');
    expect(tutor.html).toContain('Pide a un administrador');
    expect(tutor.html).not.toContain('role="grid"');
    const admin = await renderPage(GradebookPage, { ...gradebookPath(), userId: world.admin.id });
    expect(admin.html).toContain(`href="/admin/courses/${world.courseA.id}"`);
  });

  it('switches between the cohort’s courses by links, keeping the filter; a course without categories says so', async () => {
    const second = await createReleasedCourse(world.cohortA, { name: 'Segundo curso' });
    const { html } = await renderPage(GradebookPage, { ...gradebookPath(`?course_id=${second.id}&state=at_risk`), userId: world.tutor.id });
    expect(html).toContain(`href="/cohorts/${world.cohortA.id}/gradebook?course_id=${world.courseA.id}&amp;state=at_risk">Curso de la cohorte A</a>`);
    expect(html).toContain(`href="/cohorts/${world.cohortA.id}/gradebook?course_id=${second.id}&amp;state=at_risk" aria-current="page">Segundo curso</a>`);
    expect(html).toContain('Las categorías de nota de este curso suman 0 % y deben sumar 100 %');
    expect(html).not.toContain('/gradebook/download');
  });

  it('is 403 for a student of the cohort and 404 for anyone else, another cohort’s course or a malformed one; an admin sees it', async () => {
    const outsider = await createUser({ userType: 'staff' });
    const cases: [number, number][] = [
      [world.student.id, 403],
      [world.otherStudent.id, 404],
      [outsider.id, 404],
      [world.admin.id, 200],
    ];
    for (const [userId, expected] of cases) {
      const { status, html } = await renderPage(GradebookPage, { ...gradebookPath(), userId });
      expect(status, String(userId)).toBe(expected);
      if (expected !== 200) expect(html).not.toContain('Mateo Gómez');
    }
    const newcomer = await createUser({ userType: 'student' });
    await enrollStudent(newcomer, world.cohortA);
    expect((await renderPage(GradebookPage, { ...gradebookPath(), userId: newcomer.id })).status).toBe(303);
    expect((await renderPage(GradebookPage, { ...gradebookPath(`?course_id=${world.courseB.id}`), userId: world.tutor.id })).status).toBe(404);
    expect((await renderPage(GradebookPage, { ...gradebookPath('?course_id=abc'), userId: world.tutor.id })).status).toBe(404);
    expect((await renderPage(GradebookPage, { path: '/cohorts/abc/gradebook', params: { id: 'abc' }, userId: world.tutor.id })).status).toBe(404);
  });

  it('downloads the same gradebook as CSV for the staff, and nothing for a student', async () => {
    const download = async (userId: number, format = 'csv') => {
      const session = await pageSessionOf(userId);
      const url = new URL(`http://localhost/cohorts/${world.cohortA.id}/gradebook/download?course_id=${world.courseA.id}&export_format=${format}`);
      const context = { locals: { session, lang: 'es', t: getT('es') }, params: { id: String(world.cohortA.id) }, url, redirect: (to: string, status = 302) => new Response(null, { status, headers: { Location: to } }) };
      return (downloadRoute as (context: unknown) => Promise<Response>)(context);
    };
    const csv = await download(world.tutor.id);
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain('Gómez');
    expect(text).toContain('Tarea A (%)');
    expect((await download(world.student.id)).status).toBe(404);
  });
});

describe('the approvals page', () => {
  it('lists each student’s state with what they still need, counts per state and filters by state', async () => {
    const all = await renderPage(ApprovalsPage, { ...approvalsPath(), userId: world.tutor.id });
    expect(all.status).toBe(200);
    expect(all.html).toContain('Todos (3)');
    expect(all.html).toContain('En riesgo (2)');
    expect(all.html).toContain('Aprobado (1)');
    expect(all.html).toContain('No aprobado (0)');
    expect(all.html).toContain('Te falta: 1 entrega, nota 2.0 de 3.0');
    const atRisk = await renderPage(ApprovalsPage, { ...approvalsPath('?state=at_risk'), userId: world.tutor.id });
    expect(namesIn(atRisk.html)).toHaveLength(2);
    expect(namesIn(atRisk.html)).not.toContain('Camila Rojas');
    const english = await renderPage(ApprovalsPage, { ...approvalsPath('?state=approved'), userId: world.tutor.id, lang: 'en' });
    expect(namesIn(english.html)).toEqual(['Camila Rojas']);
    expect(english.html).toContain('At risk (2)');
  });

  it('is 403 for a student of the cohort and 404 for anyone else', async () => {
    expect((await renderPage(ApprovalsPage, { ...approvalsPath(), userId: world.student.id })).status).toBe(403);
    expect((await renderPage(ApprovalsPage, { ...approvalsPath(), userId: world.otherStudent.id })).status).toBe(404);
    expect((await renderPage(ApprovalsPage, { ...approvalsPath('', 987_654), userId: world.admin.id })).status).toBe(404);
    expect((await renderPage(ApprovalsPage, { ...approvalsPath(), userId: world.admin.id })).status).toBe(200);
  });
});

describe('the dashboards', () => {
  it('tell a tutor how many students are at risk, linking to them and to the gradebook in one click', async () => {
    const { html } = await renderPage(HomePage, { path: '/home', userId: world.tutor.id });
    expect(html).toContain('2 estudiantes en riesgo de no aprobar');
    expect(html).toContain(`href="/cohorts/${world.cohortA.id}/approvals?state=at_risk"`);
    expect(html).toContain(`href="/cohorts/${world.cohortA.id}/gradebook?course_id=${world.courseA.id}"`);
    // The dashboard that was there stays (its heading and figures).
    expect(html).toContain('id="dashboard-heading"');
    // A student's home has none of it.
    expect((await renderPage(HomePage, { path: '/home', userId: world.student.id })).html).not.toContain('en riesgo de no aprobar');
  });

  it('tell an admin the students at risk across cohorts, in the singular when there is one', async () => {
    const db = await getDb();
    // Mateo's report not graded yet: he can still pass (in progress), Valentina's failed one keeps her at risk.
    await db.delete(submissions).where(and(eq(submissions.userId, failing.id), eq(submissions.assignmentId, world.assignmentA.id)));
    const { html } = await renderPage(AdminPage, { path: '/admin', userId: world.admin.id });
    expect(html).toContain('1 estudiante en riesgo de no aprobar');
    expect(html).toContain(`href="/cohorts/${world.cohortA.id}/approvals?state=at_risk"`);
  });

  it('count again on every server as soon as a grade or a membership changes (the change feed), not from a stale copy', async () => {
    const tutorHome = async () => (await renderPage(HomePage, { path: '/home', userId: world.tutor.id })).html;
    expect(await tutorHome()).toContain('2 estudiantes en riesgo de no aprobar');
    // Writes as another app server or an operator would make them: plain SQL, no service told.
    const db = await getDb();
    await db.execute(sql`update submissions set score = 90 where user_id = ${failing.id} and assignment_id = ${world.assignmentA.id}`);
    expect(await tutorHome()).toContain('1 estudiante en riesgo de no aprobar');
    await db.execute(sql`update memberships set status = 'INACTIVE' where user_id = ${world.student.id} and cohort_id = ${world.cohortA.id}`);
    expect(await tutorHome()).not.toContain('1 estudiante en riesgo de no aprobar');
  });
});
