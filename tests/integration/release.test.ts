import { beforeEach, describe, expect, it } from 'vitest';
import { POST as coursesXUser } from '~/pages/api-getCoursesXUser';
import { GET as homework } from '~/pages/training_path/[idTrainingPath]/user/[idUser]/homework';
import { GET as cohortCourses } from '~/pages/api/v2/cohorts/[id]/content/courses';
import * as release from '~/pages/api/v2/cohorts/[id]/content/courses/[courseId]/release';
import { GET as courseDetail } from '~/pages/api/v2/courses/[id]';
import { GET as courseLessons } from '~/pages/api/v2/courses/[id]/lessons';
import { GET as lessonDetail } from '~/pages/api/v2/lessons/[id]';
import { call } from '../support/http';
import { accessTokenFor, createAssignment, createCourse, createLesson, createWorld, releaseCourse } from '../factories';

type World = Awaited<ReturnType<typeof createWorld>>;
let world: World;
let tokens: Record<'student' | 'tutor' | 'otherStudent' | 'admin', string>;

const DAY_MS = 24 * 60 * 60 * 1000;
const names = (list: { name: string }[]) => list.map((course) => course.name);
const releaseCall = (cohortId: number, courseId: number, token: string, body: object = {}, method = 'POST') =>
  call(method === 'POST' ? release.POST : release.DELETE, {
    method,
    path: `/api/v2/cohorts/${cohortId}/content/courses/${courseId}/release/`,
    params: { id: String(cohortId), courseId: String(courseId) },
    ...(method === 'POST' ? { body } : {}),
    token,
  });
const studentCourses = async () => names((await call(coursesXUser, { path: '/api-getCoursesXUser/', body: {}, token: tokens.student })).json);
const byId = (path: string, id: number, token: string) => ({ path: path.replace('{id}', String(id)), params: { id: String(id) }, token });

beforeEach(async () => {
  world = await createWorld();
  tokens = {
    student: await accessTokenFor(world.student),
    tutor: await accessTokenFor(world.tutor),
    otherStudent: await accessTokenFor(world.otherStudent),
    admin: await accessTokenFor(world.admin),
  };
});

describe('releasing a course to a cohort (drip)', () => {
  it('hides an unreleased course from students while its tutor sees it', async () => {
    const draft = await createCourse({ programId: world.cohortA.programId!, name: 'Borrador' });
    expect(await studentCourses()).not.toContain('Borrador');
    expect((await call(courseDetail, byId('/api/v2/courses/{id}/', draft.id, tokens.student))).status).toBe(404);
    const tutorView = await call(coursesXUser, { path: '/api-getCoursesXUser/', body: {}, token: tokens.tutor });
    expect(tutorView.json.find((c: { name: string }) => c.name === 'Borrador').releaseAt).toBeNull();
  });

  it('shows a scheduled course as "available on <date>" and never its content before then', async () => {
    const later = await createCourse({ programId: world.cohortA.programId!, name: 'Más adelante' });
    const lesson = await createLesson({ courseId: later.id, title: 'Secreta', contentMd: 'contenido' });
    const opensAt = new Date(Date.now() + 3 * DAY_MS);
    expect((await releaseCall(world.cohortA.id, later.id, tokens.tutor, { releaseAt: opensAt.toISOString() })).status).toBe(200);

    const listed = (await call(coursesXUser, { path: '/api-getCoursesXUser/', body: {}, token: tokens.student })).json.find((c: { name: string }) => c.name === 'Más adelante');
    expect(listed.releaseAt).toBe(opensAt.toISOString());
    const detail = await call(courseDetail, byId('/api/v2/courses/{id}/', later.id, tokens.student));
    expect(detail.status).toBe(200);
    expect(detail.json.availableAt).toBe(opensAt.toISOString());
    expect((await call(courseLessons, byId('/api/v2/courses/{id}/lessons/', later.id, tokens.student))).status).toBe(404);
    expect((await call(lessonDetail, byId('/api/v2/lessons/{id}/', lesson.id, tokens.student))).status).toBe(404);
    // The tutor prepares the content meanwhile.
    expect((await call(lessonDetail, byId('/api/v2/lessons/{id}/', lesson.id, tokens.tutor))).status).toBe(200);

    // Moving the release to now opens it.
    await releaseCall(world.cohortA.id, later.id, tokens.tutor, { releaseAt: new Date(Date.now() - 1000).toISOString() });
    expect((await call(lessonDetail, byId('/api/v2/lessons/{id}/', lesson.id, tokens.student))).json.contentMd).toBe('contenido');
  });

  it('withdrawing a release hides the course again', async () => {
    expect(await studentCourses()).toContain('Curso de la cohorte A');
    expect((await releaseCall(world.cohortA.id, world.courseA.id, tokens.tutor, {}, 'DELETE')).status).toBe(204);
    expect(await studentCourses()).not.toContain('Curso de la cohorte A');
  });

  it('keeps homework of courses not yet open out of the list', async () => {
    const later = await createCourse({ programId: world.cohortA.programId!, name: 'Luego' });
    await releaseCourse(world.cohortA, later, new Date(Date.now() + DAY_MS));
    await createAssignment({ courseId: later.id, title: 'Tarea futura' });
    const path = world.cohortA.learningPathId;
    const response = await call(homework, { path: `/training_path/${path}/user/${world.student.id}/homework/`, params: { idTrainingPath: String(path), idUser: String(world.student.id) }, token: tokens.student });
    expect(response.json.map((item: { title: string }) => item.title)).toEqual(['Tarea A']);
  });

  it("lists the cohort's courses with their release: managers see all, students only what is released or scheduled", async () => {
    await createCourse({ programId: world.cohortA.programId!, name: 'Sin publicar' });
    const asTutor = await call(cohortCourses, byId('/api/v2/cohorts/{id}/content/courses/', world.cohortA.id, tokens.tutor));
    expect(asTutor.json.map((row: { course: { name: string } }) => row.course.name)).toEqual(['Curso de la cohorte A', 'Sin publicar']);
    const asStudent = await call(cohortCourses, byId('/api/v2/cohorts/{id}/content/courses/', world.cohortA.id, tokens.student));
    expect(asStudent.json.map((row: { course: { name: string } }) => row.course.name)).toEqual(['Curso de la cohorte A']);
  });

  it('refuses a course of another program, a bad date, and students', async () => {
    expect((await releaseCall(world.cohortA.id, world.courseB.id, tokens.admin)).status).toBe(404);
    const badDate = await releaseCall(world.cohortA.id, world.courseA.id, tokens.tutor, { releaseAt: 'mañana' });
    expect(badDate.status).toBe(400);
    expect(badDate.json.error.fields.releaseAt).toBe('La fecha no es válida');
    expect((await releaseCall(world.cohortA.id, world.courseA.id, tokens.student)).status).toBe(403);
    expect((await releaseCall(world.cohortA.id, world.courseA.id, tokens.otherStudent)).status).toBe(404);
  });
});
