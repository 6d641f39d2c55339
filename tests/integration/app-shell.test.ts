import { describe, expect, it } from 'vitest';
import { POST as showBanner } from '~/pages/api-showBanner';
import { POST as coursesXUser } from '~/pages/api-getCoursesXUser';
import { GET as trainingPath } from '~/pages/api-trainingPath';
import { POST as terms } from '~/pages/api-termsAndConditions';
import { GET as homework } from '~/pages/training_path/[idTrainingPath]/user/[idUser]/homework';
import { POST as login } from '~/pages/api/v2/auth/login';
import { setMaintenance } from '~/lib/server/services/settings';
import { ROLE_IDS } from '~/lib/shared/constants';
import { call } from '../support/http';
import {
  accessTokenFor,
  createAssignment,
  createBanner,
  createCohort,
  createReleasedCourse,
  createUser,
  DEFAULT_PASSWORD,
  enrollStudent,
} from '../factories';

const homeworkCall = (pathId: number, userId: number | string, token: string) =>
  call(homework, { path: `/training_path/${pathId}/user/${userId}/homework/`, params: { idTrainingPath: String(pathId), idUser: String(userId) }, token });

describe('POST /api-showBanner/', () => {
  it('answers the 8 default banners (idBanner 1 to 8, real images) when the cohort has none', async () => {
    const student = await createUser();
    await enrollStudent(student, await createCohort());
    const response = await call(showBanner, { path: '/api-showBanner/', body: {}, token: await accessTokenFor(student) });
    expect(response.json.map((b: { idBanner: number }) => b.idBanner)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(response.json[0].bannerImage).toBe('/banners/banner-1.svg');
  });

  it("answers the cohort's banners in position order, and ignores an inactive cohort's", async () => {
    const student = await createUser();
    const cohort = await createCohort();
    const oldCohort = await createCohort({ status: 'INACTIVE' });
    await enrollStudent(student, cohort);
    await enrollStudent(student, oldCohort);
    await createBanner({ cohortId: cohort.id, title: 'Segundo', position: 2 });
    await createBanner({ cohortId: cohort.id, title: 'Primero', position: 1 });
    await createBanner({ cohortId: oldCohort.id, title: 'Viejo', position: 0 });
    const response = await call(showBanner, { path: '/api-showBanner/', body: {}, token: await accessTokenFor(student) });
    expect(response.json.map((b: { title: string }) => b.title)).toEqual(['Primero', 'Segundo']);
  });
});

describe('POST /api-getCoursesXUser/', () => {
  it('lists the courses of ACTIVE cohorts only, in position order, with activity counts', async () => {
    const student = await createUser();
    const active = await createCohort();
    const inactive = await createCohort({ status: 'INACTIVE' });
    const paused = await createCohort();
    await enrollStudent(student, active);
    await enrollStudent(student, inactive);
    await enrollStudent(student, paused, { status: 'INACTIVE' });
    const second = await createReleasedCourse(active, { name: 'Segundo curso', position: 2 });
    await createReleasedCourse(active, { name: 'Primer curso', position: 1 });
    await createReleasedCourse(active, { name: 'Curso archivado', status: 'INACTIVE' });
    await createReleasedCourse(inactive, { name: 'Curso de cohorte inactiva' });
    await createReleasedCourse(paused, { name: 'Curso de membresía inactiva' });
    await createAssignment({ courseId: second.id, activityType: 'evaluation' });
    await createAssignment({ courseId: second.id, activityType: 'evaluation' });
    await createAssignment({ courseId: second.id, activityType: 'nivelation' });

    const response = await call(coursesXUser, { path: '/api-getCoursesXUser/', body: {}, token: await accessTokenFor(student) });

    expect(response.json.map((c: { name: string }) => c.name)).toEqual(['Primer curso', 'Segundo curso']);
    expect(response.json[1].activityCounts).toEqual({ practical: 0, evaluation: 2, nivelation: 1 });
    expect(response.json[1].cohort).toEqual({ id: active.id, name: active.name });
  });

  it('filters by the training path sent in the body', async () => {
    const student = await createUser();
    const first = await createCohort();
    const second = await createCohort();
    await enrollStudent(student, first);
    await enrollStudent(student, second);
    await createReleasedCourse(first, { name: 'Ruta uno' });
    await createReleasedCourse(second, { name: 'Ruta dos' });
    const response = await call(coursesXUser, { path: '/api-getCoursesXUser/', body: { idTrainingPath: second.learningPathId }, token: await accessTokenFor(student) });
    expect(response.json.map((c: { name: string }) => c.name)).toEqual(['Ruta dos']);
  });

  it('refuses a body idUser that is not the caller, and a malformed one', async () => {
    const student = await createUser();
    const token = await accessTokenFor(student);
    const other = await call(coursesXUser, { path: '/api-getCoursesXUser/', body: { idUser: student.id + 1 }, token });
    expect(other.status).toBe(403);
    expect(other.json.error.code).toBe('forbidden_other_user');
    const malformed = await call(coursesXUser, { path: '/api-getCoursesXUser/', body: { idUser: 'abc' }, token });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.fields.idUser).toBe('El identificador no es válido');
  });

  it('answers 401 to a forged or expired token', async () => {
    const student = await createUser();
    const token = await accessTokenFor(student);
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await call(coursesXUser, { path: '/api-getCoursesXUser/', body: {}, token: forged })).status).toBe(401);
    const expired = await accessTokenFor(student, -10);
    const response = await call(coursesXUser, { path: '/api-getCoursesXUser/', body: {}, token: expired });
    expect(response.status).toBe(401);
    expect(response.json.error.code).toBe('invalid_token');
  });

  it("accepts the contract's plain token header", async () => {
    const student = await createUser();
    const response = await call(coursesXUser, { path: '/api-getCoursesXUser/', body: {}, headers: { token: await accessTokenFor(student) } });
    expect(response.status).toBe(200);
  });

  it('is refused with 503 during maintenance', async () => {
    const student = await createUser();
    await setMaintenance(true);
    const response = await call(coursesXUser, { path: '/api-getCoursesXUser/', body: {}, token: await accessTokenFor(student) });
    expect(response.status).toBe(503);
    expect(response.json.error.message).toBe('Mantenimiento en curso');
  });
});

describe('GET /training_path/{idTrainingPath}/user/{idUser}/homework/', () => {
  it("lists a student's activities in the path, soonest due first, undated last", async () => {
    const student = await createUser();
    const cohort = await createCohort();
    await enrollStudent(student, cohort);
    const course = await createReleasedCourse(cohort);
    await createAssignment({ courseId: course.id, title: 'Sin fecha', dueAt: null });
    await createAssignment({ courseId: course.id, title: 'Luego', dueAt: new Date('2030-05-01T12:00:00Z'), activityType: 'evaluation' });
    await createAssignment({ courseId: course.id, title: 'Pronto', dueAt: new Date('2030-01-01T12:00:00Z'), isCheckpoint: true });
    const response = await homeworkCall(cohort.learningPathId, student.id, await accessTokenFor(student));
    expect(response.status).toBe(200);
    expect(response.json.map((h: { title: string }) => h.title)).toEqual(['Pronto', 'Luego', 'Sin fecha']);
    expect(response.json[0]).toMatchObject({ isCheckpoint: true, activityType: 'practical', dueAt: '2030-01-01T12:00:00.000Z' });
  });

  it('is empty for a tutor (homework belongs to students) and for a path the user is not in', async () => {
    const tutor = await createUser({ userType: 'staff' });
    const cohort = await createCohort();
    await enrollStudent(tutor, cohort, { roleId: ROLE_IDS.tutor });
    await createAssignment({ courseId: (await createReleasedCourse(cohort)).id });
    const token = await accessTokenFor(tutor);
    expect((await homeworkCall(cohort.learningPathId, tutor.id, token)).json).toEqual([]);
    expect((await homeworkCall(cohort.learningPathId + 999, tutor.id, token)).json).toEqual([]);
  });

  it('answers 400 with a field message for a non-numeric id', async () => {
    const student = await createUser();
    const response = await homeworkCall(1, 'me', await accessTokenFor(student));
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toHaveProperty('idUser');
  });
});

describe('GET /api-trainingPath/', () => {
  it("lists the user's paths with each cohort's effective status", async () => {
    const student = await createUser();
    const active = await createCohort();
    const inactive = await createCohort({ learningPathId: active.learningPathId, status: 'INACTIVE' });
    await createCohort({ learningPathId: active.learningPathId, name: 'Cohorte ajena' });
    await enrollStudent(student, active);
    await enrollStudent(student, inactive);
    const response = await call(trainingPath, { path: '/api-trainingPath/', token: await accessTokenFor(student) });
    expect(response.json).toHaveLength(1);
    expect(response.json[0].cohorts).toEqual([
      { id: active.id, name: active.name, status: 'ACTIVE' },
      { id: inactive.id, name: inactive.name, status: 'INACTIVE' },
    ]);
  });
});

describe('POST /api-termsAndConditions/', () => {
  it('sets statusStudent to 1, which the next sign-in carries', async () => {
    const student = await createUser({ email: 'terms@senda.test' });
    const response = await call(terms, { path: '/api-termsAndConditions/', body: { id: student.id, status: 1 }, token: await accessTokenFor(student) });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ id: student.id, statusStudent: 1 });
    const again = await call(login, { path: '/api/v2/auth/login/', body: { email: 'terms@senda.test', password: DEFAULT_PASSWORD } });
    expect(again.json.user.statusStudent).toBe(1);
  });

  it('refuses any status other than 1 with a clear message', async () => {
    const student = await createUser();
    const response = await call(terms, { path: '/api-termsAndConditions/', body: { id: student.id, status: 0 }, token: await accessTokenFor(student) });
    expect(response.status).toBe(400);
    expect(response.json.error.fields.status).toBe('Para aceptar los términos envía status = 1');
  });
});
