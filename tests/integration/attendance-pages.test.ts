/**
 * Issue 32 on the pages: the student's attendance line on their course
 * page (Spanish and English), and the absence alerts on the tutor's /home
 * and the admin dashboard, counted again on every server when attendance
 * changes (the change feed), not from a stale copy.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import HomePage from '~/pages/home.astro';
import AdminPage from '~/pages/admin/index.astro';
import CoursePage from '~/pages/courses/[id].astro';
import SessionPage from '~/pages/live/[id].astro';
import { getDb } from '~/lib/server/db/client';
import { users } from '~/lib/server/db/schema';
import { renderPage } from '../support/astro-pages';
import { createWorld } from '../factories';
import { createAttendance } from '../factories/attendance';
import { createLiveSessionRow } from '../factories/forums';

const DAY = 24 * 60 * 60_000;
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();

describe('attendance on the pages', () => {
  it("shows the student how many sessions and hours they attended on their course's page", async () => {
    const world = await createWorld();
    // Past the terms modal, as a student who uses Senda.
    await (await getDb()).update(users).set({ termsAcceptedAt: new Date(), statusStudent: 1 }).where(eq(users.id, world.student.id));
    const coursePage = (lang: 'es' | 'en') => renderPage(CoursePage, { path: `/courses/${world.courseA.id}`, params: { id: String(world.courseA.id) }, userId: world.student.id, lang });
    expect((await coursePage('es')).html).not.toContain('data-testid="attendance-line"');
    const sessions = [];
    for (let day = 3; day >= 1; day -= 1) sessions.push(await createLiveSessionRow(world.cohortA.id, { startsAt: new Date(Date.now() - day * DAY), plannedHours: 2 }));
    await createAttendance(sessions[0]!.id, world.student.id, { status: 'present' });
    await createAttendance(sessions[1]!.id, world.student.id, { status: 'late' });
    expect(text((await coursePage('es')).html)).toContain('Asististe a 2 de 3 sesiones, 4 de 6 horas');
    expect(text((await coursePage('en')).html)).toContain('You attended 2 of 3 sessions, 4 of 6 hours');
    // Staff see no line of their own.
    expect((await renderPage(CoursePage, { path: `/courses/${world.courseA.id}`, params: { id: String(world.courseA.id) }, userId: world.tutor.id })).html).not.toContain('attendance-line');
  });

  it('counts students absent from three sessions in a row on the tutor’s /home and the admin dashboard, again after a change from any server', async () => {
    const world = await createWorld();
    const sessions = [];
    for (let day = 3; day >= 1; day -= 1) sessions.push(await createLiveSessionRow(world.cohortA.id, { startsAt: new Date(Date.now() - day * DAY) }));
    const tutorHome = async () => text((await renderPage(HomePage, { path: '/home', userId: world.tutor.id })).html);
    expect(await tutorHome()).toContain('1 estudiante dejó de asistir');
    expect(text((await renderPage(AdminPage, { path: '/admin', userId: world.admin.id })).html)).toContain(`${world.cohortA.name}: 1 estudiante con ausencias seguidas`);
    // A write as another app server would make it: plain SQL, no service told.
    await (await getDb()).execute(sql`insert into live_attendance (session_id, user_id, status, joins) values (${sessions[2]!.id}, ${world.student.id}, 'present', 0)`);
    expect(await tutorHome()).toContain('Nadie ha faltado a varias sesiones seguidas');
    // The student's own home shows no such section.
    expect((await renderPage(HomePage, { path: '/home', userId: world.student.id })).html).not.toContain('absence-alerts');
  });

  it("opens a session's page with each person's own tools, and the 404 text outside its cohort", async () => {
    const world = await createWorld();
    await (await getDb()).update(users).set({ termsAcceptedAt: new Date(), statusStudent: 1 }).where(inArray(users.id, [world.student.id, world.otherStudent.id]));
    const session = await createLiveSessionRow(world.cohortA.id, { startsAt: new Date(Date.now() - DAY), kind: 'in_person', place: 'Aula 3', plannedHours: 2 });
    const open = (userId: number, id = String(session.id), lang: 'es' | 'en' = 'es') => renderPage(SessionPage, { path: `/live/${id}`, params: { id }, userId, lang });
    const tutor = await open(world.tutor.id);
    expect(tutor.status).toBe(200);
    expect(text(tutor.html)).toContain('Presencial');
    expect(text(tutor.html)).toContain('Lugar: Aula 3');
    expect(text(tutor.html)).toContain('2 horas planeadas');
    expect(tutor.html).toContain('id="roll-call-title"');
    expect(tutor.html).toContain('id="qr-title"');
    // An in-person class has no participant report; a tutor reads no audit.
    expect(tutor.html).not.toContain('id="import-title"');
    expect(tutor.html).not.toContain('id="audit-title"');
    expect((await open(world.admin.id)).html).toContain('id="audit-title"');
    const student = await open(world.student.id);
    expect(text(student.html)).toContain('Estado: Sin registro');
    expect(student.html).toContain('id="check-in-title"');
    expect(student.html).not.toContain('id="roll-call-title"');
    expect(text((await open(world.student.id, String(session.id), 'en')).html)).toContain('Status: Not recorded');
    // Checked in already: her status, and nothing left to check in.
    await createAttendance(session.id, world.student.id, { status: 'present' });
    const present = await open(world.student.id);
    expect(text(present.html)).toContain('Estado: Presente');
    expect(present.html).not.toContain('id="check-in-title"');
    // Another cohort's student, a missing id and a malformed one: the page's own 404.
    for (const [userId, id] of [[world.otherStudent.id, String(session.id)], [world.student.id, '987654321'], [world.student.id, 'abc']] as const) {
      const refused = await open(userId, id);
      expect(refused.status).toBe(404);
      expect(text(refused.html)).toContain('Clase no encontrada');
    }
  });
});
