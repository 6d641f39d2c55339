/**
 * Issue 32's per-course figures: a session may teach one of its cohort's
 * courses (else it is the whole cohort's). A course's attendance counts its
 * own sessions and the whole cohort's, never another course's: in the
 * cohort's attendance (`?course_id=`), its file, and the student's line on
 * the course page. A course that is not the cohort's is refused in the
 * caller's language.
 */
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import CoursePage from '~/pages/courses/[id].astro';
import { POST as createSessionEndpoint } from '~/pages/api/v2/live-session/index';
import { PATCH as updateSessionEndpoint } from '~/pages/api/v2/live-session/[id]/index';
import { GET as cohortAttendanceEndpoint } from '~/pages/api/v2/cohorts/[id]/attendance/index';
import { GET as cohortExportEndpoint } from '~/pages/api/v2/cohorts/[id]/attendance/export';
import { getDb } from '~/lib/server/db/client';
import { users } from '~/lib/server/db/schema';
import { renderPage } from '../support/astro-pages';
import { call } from '../support/http';
import { createReleasedCourse, createWorld } from '../factories';
import { createAttendance } from '../factories/attendance';
import { accessTokenFor, createLiveSessionRow } from '../factories/forums';

const DAY = 24 * 60 * 60_000;
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();

const form = (cohort: number) => ({
  cohort,
  className: 'Taller de redes',
  videoLink: 'https://meet.example.co/redes',
  duration: { minutes: 60, seconds: 0 },
  startDate: '2030-03-02T14:00:00Z',
  endDate: '2030-03-02T15:00:00Z',
  wasLive: true,
});

describe('attendance per course', () => {
  it("schedules a session for one of the cohort's courses, and refuses another cohort's course in the caller's language", async () => {
    const world = await createWorld();
    const token = await accessTokenFor(world.tutor);
    const created = await call(createSessionEndpoint, { path: '/api/v2/live-session/', token, body: { ...form(world.cohortA.id), course: world.courseA.id } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ courseId: world.courseA.id, courseName: 'Curso de la cohorte A' });
    const refused = await call(createSessionEndpoint, { path: '/api/v2/live-session/', token, body: { ...form(world.cohortA.id), course: world.courseB.id } });
    expect(refused.status).toBe(400);
    expect(refused.json.error.fields.course).toBe('El curso debe ser uno de los cursos de la cohorte');
    const inEnglish = await call(createSessionEndpoint, { path: '/api/v2/live-session/', token, headers: { 'accept-language': 'en' }, body: { ...form(world.cohortA.id), course: world.courseB.id } });
    expect(inEnglish.json.error.fields.course).toBe('The course must be one of the cohort’s courses');
    // Back to the whole cohort.
    const id = String((created.json as { id: number }).id);
    const changed = await call(updateSessionEndpoint, { path: `/api/v2/live-session/${id}/`, method: 'PATCH', params: { id }, token, body: { course: null } });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ courseId: null, courseName: null });
  });

  it("counts a course's own sessions and the whole cohort's, never another course's, in the cohort's figures, its file and the student's course page", async () => {
    const world = await createWorld();
    const second = await createReleasedCourse(world.cohortA, { name: 'Curso de bases de datos' });
    const held = (day: number, courseId: number | null) => createLiveSessionRow(world.cohortA.id, { startsAt: new Date(Date.now() - day * DAY), courseId });
    const ofCourseA = await held(3, world.courseA.id);
    await held(2, second.id);
    const wholeCohort = await held(1, null);
    await createAttendance(ofCourseA.id, world.student.id, { status: 'present' });
    await createAttendance(wholeCohort.id, world.student.id, { status: 'late' });
    const token = await accessTokenFor(world.tutor);
    const figures = async (query: string) => {
      const answer = await call(cohortAttendanceEndpoint, { path: `/api/v2/cohorts/${world.cohortA.id}/attendance/${query}`, params: { id: String(world.cohortA.id) }, token });
      return { status: answer.status, row: (answer.json as { userId: number; attended: number; sessions: number }[] | null)?.find?.((item) => item.userId === world.student.id) };
    };
    expect((await figures('')).row).toMatchObject({ attended: 2, sessions: 3 });
    expect((await figures(`?course_id=${world.courseA.id}`)).row).toMatchObject({ attended: 2, sessions: 2 });
    expect((await figures(`?course_id=${second.id}`)).row).toMatchObject({ attended: 1, sessions: 2 });
    // Another cohort's course is nothing of this cohort's.
    expect((await figures(`?course_id=${world.courseB.id}`)).status).toBe(404);

    const file = await call(cohortExportEndpoint, { path: `/api/v2/cohorts/${world.cohortA.id}/attendance/export/?format=csv&course_id=${second.id}`, params: { id: String(world.cohortA.id) }, token });
    expect(file.status).toBe(200);
    expect(String(file.json).split('\n').find((line) => line.includes(world.student.email))).toMatch(/;1;2;|,1,2,/);

    // The student's line on each course's page.
    await (await getDb()).update(users).set({ termsAcceptedAt: new Date(), statusStudent: 1 }).where(inArray(users.id, [world.student.id]));
    const line = async (courseId: number) => text((await renderPage(CoursePage, { path: `/courses/${courseId}`, params: { id: String(courseId) }, userId: world.student.id })).html);
    expect(await line(world.courseA.id)).toContain('Asististe a 2 de 2 sesiones');
    expect(await line(second.id)).toContain('Asististe a 1 de 2 sesiones');
  });
});
