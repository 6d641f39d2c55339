/** Matrix rows for programs, courses, lessons and lesson history. */
import { expect } from 'vitest';
import * as programsRoute from '~/pages/api/v2/programs/index';
import * as programRoute from '~/pages/api/v2/programs/[id]/index';
import { GET as programCourses } from '~/pages/api/v2/programs/[id]/courses';
import { POST as createCourse } from '~/pages/api/v2/courses/index';
import * as courseRoute from '~/pages/api/v2/courses/[id]/index';
import * as courseLessons from '~/pages/api/v2/courses/[id]/lessons/index';
import { POST as bulkLessons } from '~/pages/api/v2/courses/[id]/lessons/bulk';
import { PUT as reorderLessons } from '~/pages/api/v2/courses/[id]/lessons/reorder';
import { GET as courseProgress } from '~/pages/api/v2/courses/[id]/progress';
import * as lessonRoute from '~/pages/api/v2/lessons/[id]';
import * as historyRoute from '~/pages/api/v2/lesson-history/index';
import { POST as completeLesson } from '~/pages/api/v2/lesson-history/complete';
import { GET as resume } from '~/pages/api/v2/lesson-history/resume';
import { GET as pathProgress } from '~/pages/api/v2/learning-paths/[id]/progress';
import { createLesson } from '../../../factories';
import { authed, members, type Row, type Session, type World, type Expected } from '../matrix-types';

/** Members of cohort A read its content; the other cohort's student gets 404 (scoped). */
const readers = (status: number): Expected => ({ ...members(status), otherStudent: 404 });
/** Content managers: admins and cohort A's tutor; its student sees it (403), the other student does not (404). */
const managers = (status: number): Expected => ({ outsider: 401, student: 403, otherStudent: 404, tutor: status, admin: status });
/** Platform admins only. */
const adminsOnly = (status: number, othersSee = true): Expected => ({
  outsider: 401,
  student: 403,
  otherStudent: othersSee ? 403 : 404,
  tutor: 403,
  admin: status,
});

const withId = (path: string, id: number, session: Session, extra: { body?: unknown; query?: string } = {}) => ({
  path: `${path.replace('{id}', String(id))}${extra.query ?? ''}`,
  params: { id: String(id) },
  ...(extra.body !== undefined ? { body: extra.body } : {}),
  ...authed(session),
});

const lessonOfA = async (world: World) => createLesson({ courseId: world.courseA.id, title: 'Lección de la cohorte A' });

export const ROWS: Row[] = [
  {
    method: 'GET',
    path: '/api/v2/programs/',
    handler: programsRoute.GET,
    request: (_, s) => ({ path: '/api/v2/programs/', ...authed(s) }),
    expected: members(200),
    check: (persona, json: { results: { id: number }[] }, world) => {
      const ids = json.results.map((program) => program.id);
      expect(ids.includes(world.cohortA.programId!)).toBe(persona !== 'otherStudent');
      expect(ids.includes(world.cohortB.programId!)).toBe(persona === 'otherStudent' || persona === 'admin');
    },
  },
  {
    method: 'POST',
    path: '/api/v2/programs/',
    handler: programsRoute.POST,
    request: (_, s) => ({ path: '/api/v2/programs/', body: { name: 'Programa nuevo' }, ...authed(s) }),
    expected: adminsOnly(201),
  },
  {
    method: 'GET',
    path: '/api/v2/programs/{id}/',
    handler: programRoute.GET,
    request: (world, s) => withId('/api/v2/programs/{id}/', world.cohortA.programId!, s),
    expected: readers(200),
  },
  {
    method: 'PATCH',
    path: '/api/v2/programs/{id}/',
    handler: programRoute.PATCH,
    request: (world, s) => withId('/api/v2/programs/{id}/', world.cohortA.programId!, s, { body: { name: 'Otro nombre' } }),
    expected: { ...adminsOnly(200), otherStudent: 404 },
  },
  {
    method: 'DELETE',
    path: '/api/v2/programs/{id}/',
    handler: programRoute.DELETE,
    request: (world, s) => withId('/api/v2/programs/{id}/', world.cohortA.programId!, s),
    expected: { ...adminsOnly(204), otherStudent: 404 },
  },
  {
    method: 'GET',
    path: '/api/v2/programs/{id}/courses/',
    handler: programCourses,
    request: (world, s) => withId('/api/v2/programs/{id}/courses/', world.cohortA.programId!, s, { query: '?page=1' }),
    expected: readers(200),
    check: (_, json: { results: { name: string }[] }) => expect(json.results.map((course) => course.name)).toEqual(['Curso de la cohorte A']),
  },
  {
    method: 'POST',
    path: '/api/v2/courses/',
    handler: createCourse,
    request: (world, s) => ({ path: '/api/v2/courses/', body: { programId: world.cohortA.programId, name: 'Curso nuevo' }, ...authed(s) }),
    expected: adminsOnly(201),
  },
  {
    method: 'GET',
    path: '/api/v2/courses/{id}/',
    handler: courseRoute.GET,
    request: (world, s) => withId('/api/v2/courses/{id}/', world.courseA.id, s),
    expected: readers(200),
  },
  {
    method: 'PATCH',
    path: '/api/v2/courses/{id}/',
    handler: courseRoute.PATCH,
    request: (world, s) => withId('/api/v2/courses/{id}/', world.courseA.id, s, { body: { description: 'Nueva descripción' } }),
    expected: managers(200),
  },
  {
    method: 'DELETE',
    path: '/api/v2/courses/{id}/',
    handler: courseRoute.DELETE,
    request: (world, s) => withId('/api/v2/courses/{id}/', world.courseA.id, s),
    expected: managers(204),
  },
  {
    method: 'GET',
    path: '/api/v2/courses/{id}/lessons/',
    handler: courseLessons.GET,
    request: async (world, s) => {
      await lessonOfA(world);
      return withId('/api/v2/courses/{id}/lessons/', world.courseA.id, s);
    },
    expected: readers(200),
    check: (_, json: { title: string }[]) => expect(json.map((lesson) => lesson.title)).toEqual(['Lección de la cohorte A']),
  },
  {
    method: 'POST',
    path: '/api/v2/courses/{id}/lessons/',
    handler: courseLessons.POST,
    request: (world, s) => withId('/api/v2/courses/{id}/lessons/', world.courseA.id, s, { body: { title: 'Nueva lección' } }),
    expected: managers(201),
  },
  {
    method: 'POST',
    path: '/api/v2/courses/{id}/lessons/bulk/',
    handler: bulkLessons,
    request: (world, s) => withId('/api/v2/courses/{id}/lessons/bulk/', world.courseA.id, s, { body: { lessons: [{ title: 'Uno' }, { title: 'Dos' }] } }),
    expected: managers(201),
  },
  {
    method: 'PUT',
    path: '/api/v2/courses/{id}/lessons/reorder/',
    handler: reorderLessons,
    request: async (world, s) => {
      const first = await lessonOfA(world);
      const second = await lessonOfA(world);
      return withId('/api/v2/courses/{id}/lessons/reorder/', world.courseA.id, s, { body: { order: [second.id, first.id] } });
    },
    expected: managers(200),
  },
  {
    method: 'GET',
    path: '/api/v2/courses/{id}/progress/',
    handler: courseProgress,
    request: (world, s) => withId('/api/v2/courses/{id}/progress/', world.courseA.id, s),
    expected: readers(200),
  },
  {
    method: 'GET',
    path: '/api/v2/lessons/{id}/',
    handler: lessonRoute.GET,
    request: async (world, s) => withId('/api/v2/lessons/{id}/', (await lessonOfA(world)).id, s),
    expected: readers(200),
    check: (_, json: { title: string; contentMd: string }) => expect(json.title).toBe('Lección de la cohorte A'),
  },
  {
    method: 'PATCH',
    path: '/api/v2/lessons/{id}/',
    handler: lessonRoute.PATCH,
    request: async (world, s) => withId('/api/v2/lessons/{id}/', (await lessonOfA(world)).id, s, { body: { contentMd: '# Nuevo' } }),
    expected: managers(200),
  },
  {
    method: 'DELETE',
    path: '/api/v2/lessons/{id}/',
    handler: lessonRoute.DELETE,
    request: async (world, s) => withId('/api/v2/lessons/{id}/', (await lessonOfA(world)).id, s),
    expected: managers(204),
  },
  {
    method: 'POST',
    path: '/api/v2/lesson-history/',
    handler: historyRoute.POST,
    request: async (world, s) => ({ path: '/api/v2/lesson-history/', body: { lessonId: (await lessonOfA(world)).id }, ...authed(s) }),
    expected: readers(200),
  },
  {
    method: 'PATCH',
    path: '/api/v2/lesson-history/',
    handler: historyRoute.PATCH,
    request: async (world, s) => ({ path: '/api/v2/lesson-history/', body: { lessonId: (await lessonOfA(world)).id, progress: 40, resumeAt: 12 }, ...authed(s) }),
    expected: readers(200),
  },
  {
    method: 'POST',
    path: '/api/v2/lesson-history/complete/',
    handler: completeLesson,
    request: async (world, s) => ({ path: '/api/v2/lesson-history/complete/', body: { lessonId: (await lessonOfA(world)).id }, ...authed(s) }),
    expected: readers(200),
  },
  {
    method: 'GET',
    path: '/api/v2/lesson-history/resume/',
    handler: resume,
    request: async (world, s) => {
      await lessonOfA(world);
      return { path: `/api/v2/lesson-history/resume/?course=${world.courseA.id}`, ...authed(s) };
    },
    expected: readers(200),
    check: (_, json: { lesson: { title: string } | null }) => expect(json.lesson?.title).toBe('Lección de la cohorte A'),
  },
  {
    method: 'GET',
    path: '/api/v2/learning-paths/{id}/progress/',
    handler: pathProgress,
    request: (world, s) => withId('/api/v2/learning-paths/{id}/progress/', world.cohortA.learningPathId, s),
    expected: readers(200),
  },
];
