/** What the course and lesson admin screens rely on: who may open them, and the editor's video check. */
import { beforeEach, describe, expect, it } from 'vitest';
import * as lessonRoute from '~/pages/api/v2/lessons/[id]';
import * as courseLessonsRoute from '~/pages/api/v2/courses/[id]/lessons/index';
import { POST as bulkLessonsRoute } from '~/pages/api/v2/courses/[id]/lessons/bulk';
import { getManagedCourse, getManagedLesson } from '~/lib/server/access/loaders';
import type { Caller } from '~/lib/server/access/permissions';
import { isAppError } from '~/lib/shared/errors';
import { ROLE_IDS } from '~/lib/shared/constants';
import { call } from '../support/http';
import { accessTokenFor, createCourse, createLesson, createUser, createWorld, enrollStudent } from '../factories';

type World = Awaited<ReturnType<typeof createWorld>>;
let world: World;

beforeEach(async () => {
  world = await createWorld();
});

const callerFor = (user: { id: number; email: string; userType: Caller['userType'] }): Caller => ({ id: user.id, email: user.email, userType: user.userType, cohorts: [] });

/** The error code a service call fails with, or 'ok'. */
async function outcome(load: Promise<unknown>): Promise<string> {
  try {
    await load;
    return 'ok';
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
}

describe('who opens a course or lesson admin screen', () => {
  it('admins open any course; tutors only those of programs their ACTIVE cohorts use; students none (not found)', async () => {
    const admin = callerFor(world.admin);
    const tutor = callerFor(world.tutor);
    expect((await getManagedCourse(admin, world.courseB.id)).name).toBe('Curso de la cohorte B');
    expect((await getManagedCourse(tutor, world.courseA.id)).name).toBe('Curso de la cohorte A');
    expect(await outcome(getManagedCourse(tutor, world.courseB.id))).toBe('not_found');
    expect(await outcome(getManagedCourse(callerFor(world.student), world.courseA.id))).toBe('not_found');
    expect(await outcome(getManagedCourse(admin, 987_654))).toBe('not_found');

    // An archived course is still managed (so it can be restored); a tutor whose membership lapsed manages nothing.
    const archived = await createCourse({ programId: world.cohortA.programId!, status: 'INACTIVE' });
    expect((await getManagedCourse(tutor, archived.id)).status).toBe('INACTIVE');
    const formerTutor = await createUser({ userType: 'staff' });
    await enrollStudent(formerTutor, world.cohortA, { roleId: ROLE_IDS.tutor, status: 'INACTIVE' });
    expect(await outcome(getManagedCourse(callerFor(formerTutor), world.courseA.id))).toBe('not_found');
  });

  it('opens the lesson editor with its course for managers of that course only', async () => {
    const lessonA = await createLesson({ courseId: world.courseA.id, title: 'Lección A', status: 'INACTIVE' });
    const lessonB = await createLesson({ courseId: world.courseB.id, title: 'Lección B' });
    const cohortAdmin = await createUser({ userType: 'staff' });
    await enrollStudent(cohortAdmin, world.cohortB, { roleId: ROLE_IDS.cohortAdmin });

    const found = await getManagedLesson(callerFor(world.tutor), lessonA.id);
    expect(found.lesson.title).toBe('Lección A');
    expect(found.course.id).toBe(world.courseA.id);
    expect((await getManagedLesson(callerFor(cohortAdmin), lessonB.id)).lesson.title).toBe('Lección B');
    expect(await outcome(getManagedLesson(callerFor(world.tutor), lessonB.id))).toBe('not_found');
    expect(await outcome(getManagedLesson(callerFor(world.student), lessonA.id))).toBe('not_found');
    expect(await outcome(getManagedLesson(callerFor(world.student), (await createLesson({ courseId: world.courseA.id })).id))).toBe('not_found');
  });
});

describe('PATCH /api/v2/lessons/{id}/ video link', () => {
  const patch = (id: number, token: string, body: unknown, headers?: Record<string, string>) =>
    call(lessonRoute.PATCH, { method: 'PATCH', path: `/api/v2/lessons/${id}/`, params: { id: String(id) }, body, token, ...(headers ? { headers } : {}) });

  it('accepts YouTube, Vimeo and https mp4 links and clears the video with null', async () => {
    const lesson = await createLesson({ courseId: world.courseA.id });
    const token = await accessTokenFor(world.tutor);
    for (const videoUrl of ['https://www.youtube.com/watch?v=zOjov-2OZ0E', 'https://youtu.be/zOjov-2OZ0E', 'https://vimeo.com/76979871', 'https://cdn.example.org/clase.mp4']) {
      const saved = await patch(lesson.id, token, { videoUrl });
      expect(saved.status, videoUrl).toBe(200);
      expect(saved.json.videoUrl).toBe(videoUrl);
    }
    const cleared = await patch(lesson.id, token, { videoUrl: null });
    expect(cleared.json.videoUrl).toBeNull();
  });

  it('refuses a link the lesson page cannot play, naming the field, in the caller\'s language, and changes nothing', async () => {
    const lesson = await createLesson({ courseId: world.courseA.id, title: 'Sin video' });
    const token = await accessTokenFor(world.admin);
    for (const videoUrl of ['https://example.org/pagina', 'http://cdn.example.org/clase.mp4', 'https://www.youtube.com/watch?v=corto']) {
      const refused = await patch(lesson.id, token, { videoUrl, title: 'Con video' });
      expect(refused.status, videoUrl).toBe(400);
      expect(refused.json.error.fields).toEqual({ videoUrl: 'Usa un link de YouTube, de Vimeo o de un archivo .mp4 con https' });
    }
    const english = await patch(lesson.id, token, { videoUrl: 'https://example.org/pagina' }, { 'accept-language': 'en' });
    expect(english.json.error.fields.videoUrl).toBe('Use a YouTube or Vimeo link, or an https link to an .mp4 file');
    const unchanged = await call(lessonRoute.GET, { path: `/api/v2/lessons/${lesson.id}/`, params: { id: String(lesson.id) }, token });
    expect(unchanged.json).toMatchObject({ title: 'Sin video', videoUrl: null, revision: lesson.revision });
  });
});

// Regression: PATCH refused links the lesson page cannot play, but creating a lesson, alone or in bulk, took any http(s) link.
describe('creating lessons: the same video rule as the editor', () => {
  const UNPLAYABLE = ['https://example.org/pagina', 'http://cdn.example.org/clase.mp4', 'https://www.youtube.com/watch?v=corto'];
  const create = (courseId: number, token: string, body: unknown, headers?: Record<string, string>) =>
    call(courseLessonsRoute.POST, { path: `/api/v2/courses/${courseId}/lessons/`, params: { id: String(courseId) }, body, token, ...(headers ? { headers } : {}) });
  const createInBulk = (courseId: number, token: string, body: unknown, headers?: Record<string, string>) =>
    call(bulkLessonsRoute, { path: `/api/v2/courses/${courseId}/lessons/bulk/`, params: { id: String(courseId) }, body, token, ...(headers ? { headers } : {}) });
  const titlesOf = async (courseId: number, token: string) =>
    (await call(courseLessonsRoute.GET, { path: `/api/v2/courses/${courseId}/lessons/`, params: { id: String(courseId) }, token })).json.map((lesson: { title: string }) => lesson.title);

  it('POST /api/v2/courses/{id}/lessons/ refuses a link the lesson page cannot play, naming the field in the caller\'s language, and adds nothing', async () => {
    const token = await accessTokenFor(world.tutor);
    for (const videoUrl of UNPLAYABLE) {
      const refused = await create(world.courseA.id, token, { title: 'Con video', videoUrl });
      expect(refused.status, videoUrl).toBe(400);
      expect(refused.json.error.fields).toEqual({ videoUrl: 'Usa un link de YouTube, de Vimeo o de un archivo .mp4 con https' });
    }
    const english = await create(world.courseA.id, token, { title: 'Con video', videoUrl: UNPLAYABLE[0] }, { 'accept-language': 'en' });
    expect(english.status).toBe(400);
    expect(english.json.error.fields).toEqual({ videoUrl: 'Use a YouTube or Vimeo link, or an https link to an .mp4 file' });
    expect(await titlesOf(world.courseA.id, token)).toEqual([]);

    const played = await create(world.courseA.id, token, { title: 'Con video', videoUrl: 'https://vimeo.com/76979871' });
    expect(played.status).toBe(201);
    expect((await create(world.courseA.id, token, { title: 'Sin video', videoUrl: null })).status).toBe(201);
    expect(await titlesOf(world.courseA.id, token)).toEqual(['Con video', 'Sin video']);
  });

  it('POST /api/v2/courses/{id}/lessons/bulk/ names every lesson whose link cannot play, in the caller\'s language, and adds none', async () => {
    const token = await accessTokenFor(world.admin);
    const lessons = [
      { title: 'Uno', videoUrl: 'https://youtu.be/zOjov-2OZ0E' },
      { title: 'Dos', videoUrl: UNPLAYABLE[0] },
      { title: 'Tres' },
      { title: 'Cuatro', videoUrl: UNPLAYABLE[1] },
    ];
    const refused = await createInBulk(world.courseA.id, token, { lessons });
    expect(refused.status).toBe(400);
    expect(refused.json.error.fields).toEqual({
      'lessons.1.videoUrl': 'Usa un link de YouTube, de Vimeo o de un archivo .mp4 con https',
      'lessons.3.videoUrl': 'Usa un link de YouTube, de Vimeo o de un archivo .mp4 con https',
    });
    const english = await createInBulk(world.courseA.id, token, { lessons }, { 'accept-language': 'en' });
    expect(english.json.error.fields['lessons.1.videoUrl']).toBe('Use a YouTube or Vimeo link, or an https link to an .mp4 file');
    expect(await titlesOf(world.courseA.id, token)).toEqual([]);

    const created = await createInBulk(world.courseA.id, token, { lessons: [lessons[0], lessons[2], { title: 'Cinco', videoUrl: 'https://cdn.example.org/clase.mp4' }] });
    expect(created.status).toBe(201);
    expect(await titlesOf(world.courseA.id, token)).toEqual(['Uno', 'Tres', 'Cinco']);
  });
});
