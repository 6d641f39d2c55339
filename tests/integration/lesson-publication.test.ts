/**
 * Issue 8: lessons have a draft state and an optional publication date, and
 * only published lessons reach students (lists, the lesson, progress, the
 * resume point), while the course's staff see and edit drafts.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import * as courseLessons from '~/pages/api/v2/courses/[id]/lessons/index';
import { POST as bulkLessons } from '~/pages/api/v2/courses/[id]/lessons/bulk';
import { GET as courseProgress } from '~/pages/api/v2/courses/[id]/progress';
import * as lessonRoute from '~/pages/api/v2/lessons/[id]';
import { POST as completeRoute } from '~/pages/api/v2/lesson-history/complete';
import { GET as resumeRoute } from '~/pages/api/v2/lesson-history/resume';
import { getDb } from '~/lib/server/db/client';
import { lessons } from '~/lib/server/db/schema';
import { call } from '../support/http';
import { accessTokenFor, createLesson, createWorld } from '../factories';

type World = Awaited<ReturnType<typeof createWorld>>;
let world: World;
const tokens = {} as Record<'student' | 'tutor', string>;

beforeEach(async () => {
  world = await createWorld();
  tokens.student = await accessTokenFor(world.student);
  tokens.tutor = await accessTokenFor(world.tutor);
});

const lessonsPath = (courseId: number) => ({ path: `/api/v2/courses/${courseId}/lessons/`, params: { id: String(courseId) } });
const lessonPath = (lessonId: number) => ({ path: `/api/v2/lessons/${lessonId}/`, params: { id: String(lessonId) } });
const titlesFor = async (token: string, courseId: number) =>
  (await call(courseLessons.GET, { ...lessonsPath(courseId), token })).json.map((lesson: { title: string }) => lesson.title);

describe('a lesson created in the editor', () => {
  it('is a draft: its tutor sees it, its students neither list, open, complete nor count it until it is published', async () => {
    await createLesson({ courseId: world.courseA.id, title: 'Publicada' });
    const created = await call(courseLessons.POST, { ...lessonsPath(world.courseA.id), token: tokens.tutor, body: { title: 'En preparación' } });
    expect(created.status).toBe(201);
    expect(created.json.publishedAt).toBeNull();
    const draftId = created.json.id as number;

    expect(await titlesFor(tokens.tutor, world.courseA.id)).toEqual(['Publicada', 'En preparación']);
    expect(await titlesFor(tokens.student, world.courseA.id)).toEqual(['Publicada']);
    expect((await call(lessonRoute.GET, { ...lessonPath(draftId), token: tokens.student })).status).toBe(404);
    expect((await call(lessonRoute.GET, { ...lessonPath(draftId), token: tokens.tutor })).status).toBe(200);
    const complete = await call(completeRoute, { path: '/api/v2/lesson-history/complete/', token: tokens.student, body: { lessonId: draftId } });
    expect(complete.status).toBe(404);
    const progress = await call(courseProgress, { path: `/api/v2/courses/${world.courseA.id}/progress/`, params: { id: String(world.courseA.id) }, token: tokens.student });
    expect(progress.json).toMatchObject({ totalLessons: 1 });

    const published = await call(lessonRoute.PATCH, { ...lessonPath(draftId), token: tokens.tutor, body: { publishedAt: new Date().toISOString() } });
    expect(published.status).toBe(200);
    expect(await titlesFor(tokens.student, world.courseA.id)).toEqual(['Publicada', 'En preparación']);
    expect((await call(lessonRoute.GET, { ...lessonPath(draftId), token: tokens.student })).status).toBe(200);
  });

  it('may be scheduled: students see it from its date on, and back to a draft it disappears again', async () => {
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const created = await call(courseLessons.POST, { ...lessonsPath(world.courseA.id), token: tokens.tutor, body: { title: 'Programada', publishedAt: inAnHour } });
    expect(Date.parse(created.json.publishedAt)).toBe(Date.parse(inAnHour));
    expect(await titlesFor(tokens.student, world.courseA.id)).toEqual([]);
    const resume = await call(resumeRoute, { path: `/api/v2/lesson-history/resume/?course=${world.courseA.id}`, token: tokens.student });
    expect(resume.json.lesson).toBeNull();

    // The date comes (written straight to the database, as time passing would).
    const db = await getDb();
    await db.update(lessons).set({ publishedAt: new Date(Date.now() - 1000) }).where(eq(lessons.id, created.json.id));
    expect(await titlesFor(tokens.student, world.courseA.id)).toEqual(['Programada']);

    await call(lessonRoute.PATCH, { ...lessonPath(created.json.id), token: tokens.tutor, body: { publishedAt: null } });
    expect(await titlesFor(tokens.student, world.courseA.id)).toEqual([]);
  });

  it('refuses a publication date that is not a date, in the caller’s language', async () => {
    const lesson = await createLesson({ courseId: world.courseA.id });
    const refused = await call(lessonRoute.PATCH, { ...lessonPath(lesson.id), token: tokens.tutor, body: { publishedAt: 'mañana' }, headers: { 'accept-language': 'en' } });
    expect(refused.status).toBe(400);
    expect(refused.json.error.fields).toEqual({ publishedAt: 'The date is not valid' });
    expect((await call(lessonRoute.GET, { ...lessonPath(lesson.id), token: tokens.student })).status).toBe(200);
  });

  it('cannot be published by a student: for them the draft does not exist (404)', async () => {
    const created = await call(courseLessons.POST, { ...lessonsPath(world.courseA.id), token: tokens.tutor, body: { title: 'Borrador' } });
    const refused = await call(lessonRoute.PATCH, { ...lessonPath(created.json.id), token: tokens.student, body: { publishedAt: new Date().toISOString() } });
    expect(refused.status).toBe(404);
    expect(await titlesFor(tokens.student, world.courseA.id)).toEqual([]);
  });
});

describe('lessons created in bulk', () => {
  it('are published at once unless a lesson is sent as a draft', async () => {
    const created = await call(bulkLessons, {
      path: `/api/v2/courses/${world.courseA.id}/lessons/bulk/`,
      params: { id: String(world.courseA.id) },
      token: tokens.tutor,
      body: { lessons: [{ title: 'Uno' }, { title: 'Dos', publishedAt: null }] },
    });
    expect(created.status).toBe(201);
    expect(created.json.lessons.map((lesson: { publishedAt: string | null }) => lesson.publishedAt === null)).toEqual([false, true]);
    expect(await titlesFor(tokens.student, world.courseA.id)).toEqual(['Uno']);
  });
});
