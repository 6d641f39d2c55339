import { and, asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import * as programsRoute from '~/pages/api/v2/programs/index';
import * as programRoute from '~/pages/api/v2/programs/[id]/index';
import { GET as programCourses } from '~/pages/api/v2/programs/[id]/courses';
import { POST as createCourseRoute } from '~/pages/api/v2/courses/index';
import * as courseRoute from '~/pages/api/v2/courses/[id]/index';
import * as courseLessons from '~/pages/api/v2/courses/[id]/lessons/index';
import { POST as bulkLessons } from '~/pages/api/v2/courses/[id]/lessons/bulk';
import { PUT as reorderRoute } from '~/pages/api/v2/courses/[id]/lessons/reorder';
import { GET as courseProgress } from '~/pages/api/v2/courses/[id]/progress';
import * as lessonRoute from '~/pages/api/v2/lessons/[id]';
import * as historyRoute from '~/pages/api/v2/lesson-history/index';
import { POST as completeRoute } from '~/pages/api/v2/lesson-history/complete';
import { GET as resumeRoute } from '~/pages/api/v2/lesson-history/resume';
import { GET as pathProgress } from '~/pages/api/v2/learning-paths/[id]/progress';
import { POST as coursesXUser } from '~/pages/api-getCoursesXUser';
import { getDb } from '~/lib/server/db/client';
import { lessonHistory, lessons, memberships } from '~/lib/server/db/schema';
import { MAX_BULK_LESSONS } from '~/lib/shared/schemas/content';
import { call } from '../support/http';
import { accessTokenFor, createCohort, createCourse, createLesson, createProgram, createReleasedCourse, createWorld, enrollStudent } from '../factories';

type World = Awaited<ReturnType<typeof createWorld>>;
let world: World;
const tokens = {} as Record<'student' | 'otherStudent' | 'tutor' | 'admin', string>;

beforeEach(async () => {
  world = await createWorld();
  for (const persona of ['student', 'otherStudent', 'tutor', 'admin'] as const) tokens[persona] = await accessTokenFor(world[persona]);
});

const byId = (path: string, id: number | string, token: string, extra: { body?: unknown; rawBody?: string; query?: string; headers?: Record<string, string> } = {}) => ({
  path: `${path.replace('{id}', String(id))}${extra.query ?? ''}`,
  params: { id: String(id) },
  token,
  ...(extra.body !== undefined ? { body: extra.body } : {}),
  ...(extra.rawBody !== undefined ? { rawBody: extra.rawBody, headers: { 'content-type': 'application/json' } } : {}),
  ...(extra.headers ? { headers: extra.headers } : {}),
});

async function positionsOf(courseId: number) {
  const db = await getDb();
  return db.select({ id: lessons.id, position: lessons.position }).from(lessons).where(eq(lessons.courseId, courseId)).orderBy(asc(lessons.position), asc(lessons.id));
}

const expectDense = (rows: { position: number }[]) => expect(rows.map((row) => row.position)).toEqual(rows.map((_, index) => index));

describe('programs', () => {
  it('lists all programs to admins and only the programs of ACTIVE cohorts to others, paginated', async () => {
    for (let i = 0; i < 21; i += 1) await createProgram({ name: `Extra ${i}` });
    const inactive = await createCohort({ status: 'INACTIVE' });
    await createCohort({ programId: world.cohortA.programId }); // the program shows once
    const asAdmin = await call(programsRoute.GET, { path: '/api/v2/programs/', token: tokens.admin });
    expect(asAdmin.json.count).toBe(24);
    expect(asAdmin.json.results).toHaveLength(20);
    expect(asAdmin.json.next).toBe('/api/v2/programs/?page=2');
    const page2 = await call(programsRoute.GET, { path: '/api/v2/programs/?page=2', token: tokens.admin });
    expect(page2.json.results).toHaveLength(4);
    expect(page2.json.previous).toBe('/api/v2/programs/?page=1');

    const asStudent = await call(programsRoute.GET, { path: '/api/v2/programs/', token: tokens.student });
    expect(asStudent.json.results.map((p: { id: number }) => p.id)).toEqual([world.cohortA.programId]);
    // A program whose only cohort is INACTIVE is hidden even from that cohort's members.
    await enrollStudent(world.student, inactive);
    const stillOne = await call(programsRoute.GET, { path: '/api/v2/programs/', token: tokens.student });
    expect(stillOne.json.count).toBe(1);
  });

  it('answers 400 with field messages (Spanish by default, English on request) for a bad body or page', async () => {
    const es = await call(programsRoute.POST, { path: '/api/v2/programs/', body: { name: '  ' }, token: tokens.admin });
    expect(es.status).toBe(400);
    expect(es.json.error.fields).toEqual({ name: 'El nombre es obligatorio' });
    const en = await call(programsRoute.POST, { path: '/api/v2/programs/', body: { description: 3 }, token: tokens.admin, headers: { 'accept-language': 'en' } });
    expect(en.status).toBe(400);
    expect(Object.keys(en.json.error.fields).sort()).toEqual(['description', 'name']);
    const page = await call(programsRoute.GET, { path: '/api/v2/programs/?page=cero', token: tokens.admin });
    expect(page.status).toBe(400);
    expect(page.json.error.fields.page).toBe('El valor no es válido');
    const badId = await call(programRoute.GET, byId('/api/v2/programs/{id}/', 'abc', tokens.admin));
    expect(badId.status).toBe(400);
    expect(badId.json.error.fields.id).toBe('El identificador no es válido');
  });

  it('creates, changes and archives a program; an archived program is 404 for its students but not its tutor', async () => {
    const created = await call(programsRoute.POST, { path: '/api/v2/programs/', body: { name: 'Programa', description: 'Desc' }, token: tokens.admin });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: 'Programa', description: 'Desc', status: 'ACTIVE' });
    const programId = world.cohortA.programId!;
    const changed = await call(programRoute.PATCH, byId('/api/v2/programs/{id}/', programId, tokens.admin, { body: { name: 'Renombrado' } }));
    expect(changed.json.name).toBe('Renombrado');
    expect((await call(programRoute.DELETE, byId('/api/v2/programs/{id}/', programId, tokens.admin))).status).toBe(204);
    expect((await call(programRoute.GET, byId('/api/v2/programs/{id}/', programId, tokens.student))).status).toBe(404);
    const asTutor = await call(programRoute.GET, byId('/api/v2/programs/{id}/', programId, tokens.tutor));
    expect(asTutor.json.status).toBe('INACTIVE');
    expect((await call(programRoute.GET, byId('/api/v2/programs/{id}/', 999_999, tokens.admin))).status).toBe(404);
  });

  it('answers an id beyond what the database can hold with a 400, not a server error', async () => {
    const response = await call(courseRoute.GET, byId('/api/v2/courses/{id}/', '99999999999', tokens.admin));
    expect(response.status).toBe(400);
    expect(response.json.error.fields.id).toBe('El identificador no es válido');
  });

  it("lists a program's courses in position order, paginated, hiding archived ones from students", async () => {
    const programId = world.cohortA.programId!;
    await createCourse({ programId, name: 'Tercero', position: 3 });
    await createCourse({ programId, name: 'Primero', position: -1 });
    await createCourse({ programId, name: 'Archivado', position: 1, status: 'INACTIVE' });
    const asStudent = await call(programCourses, byId('/api/v2/programs/{id}/courses/', programId, tokens.student, { query: '?page=1' }));
    expect(asStudent.json.results.map((c: { name: string }) => c.name)).toEqual(['Primero', 'Curso de la cohorte A', 'Tercero']);
    expect(asStudent.json.count).toBe(3);
    const asTutor = await call(programCourses, byId('/api/v2/programs/{id}/courses/', programId, tokens.tutor));
    expect(asTutor.json.results.map((c: { name: string }) => c.name)).toContain('Archivado');
    for (let i = 0; i < 20; i += 1) await createCourse({ programId, name: `C${i}`, position: 10 + i });
    const page2 = await call(programCourses, byId('/api/v2/programs/{id}/courses/', programId, tokens.student, { query: '?page=2' }));
    expect(page2.json.results.map((c: { name: string }) => c.name)).toEqual(['C17', 'C18', 'C19']);
  });
});

describe('courses', () => {
  it('creates a course after the last one, and refuses an unknown program with a field message', async () => {
    const created = await call(createCourseRoute, { path: '/api/v2/courses/', body: { programId: world.cohortA.programId, name: 'Nuevo' }, token: tokens.admin });
    expect(created.status).toBe(201);
    expect(created.json.position).toBe(world.courseA.position + 1);
    const unknown = await call(createCourseRoute, { path: '/api/v2/courses/', body: { programId: 999_999, name: 'Nuevo' }, token: tokens.admin, headers: { 'accept-language': 'en' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.fields.programId).toBe('The identifier is not valid');
    const badImage = await call(createCourseRoute, { path: '/api/v2/courses/', body: { programId: world.cohortA.programId, name: 'X', imageUrl: 'javascript:alert(1)' }, token: tokens.admin });
    expect(badImage.status).toBe(400);
    expect(badImage.json.error.fields.imageUrl).toBe('Ingrese un link válido');
  });

  it("lets the cohort's tutor change a course, and students see the change at once (catalog cache forgotten)", async () => {
    const before = await call(coursesXUser, { path: '/api-getCoursesXUser/', body: {}, token: tokens.student });
    expect(before.json.map((c: { name: string }) => c.name)).toEqual(['Curso de la cohorte A']);
    const changed = await call(courseRoute.PATCH, byId('/api/v2/courses/{id}/', world.courseA.id, tokens.tutor, { body: { name: 'Curso renombrado' } }));
    expect(changed.status).toBe(200);
    const after = await call(coursesXUser, { path: '/api-getCoursesXUser/', body: {}, token: tokens.student });
    expect(after.json.map((c: { name: string }) => c.name)).toEqual(['Curso renombrado']);

    expect((await call(courseRoute.DELETE, byId('/api/v2/courses/{id}/', world.courseA.id, tokens.tutor))).status).toBe(204);
    const archived = await call(coursesXUser, { path: '/api-getCoursesXUser/', body: {}, token: tokens.student });
    expect(archived.json).toEqual([]);
    expect((await call(courseRoute.GET, byId('/api/v2/courses/{id}/', world.courseA.id, tokens.student))).status).toBe(404);
    expect((await call(courseRoute.GET, byId('/api/v2/courses/{id}/', world.courseA.id, tokens.tutor))).json.status).toBe('INACTIVE');
  });

  it('does not let an INACTIVE tutor membership manage the course', async () => {
    const db = await getDb();
    await db.update(memberships).set({ status: 'INACTIVE' }).where(eq(memberships.userId, world.tutor.id));
    const response = await call(courseRoute.PATCH, byId('/api/v2/courses/{id}/', world.courseA.id, tokens.tutor, { body: { name: 'X' } }));
    expect(response.status).toBe(404);
  });
});

describe('lessons', () => {
  it('creates lessons at the end or at a position (moving later ones down), keeping positions dense', async () => {
    const courseId = world.courseA.id;
    const first = await call(courseLessons.POST, byId('/api/v2/courses/{id}/lessons/', courseId, tokens.tutor, { body: { title: 'A' } }));
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ title: 'A', position: 0, revision: 1, contentMd: '' });
    await call(courseLessons.POST, byId('/api/v2/courses/{id}/lessons/', courseId, tokens.tutor, { body: { title: 'C' } }));
    await call(courseLessons.POST, byId('/api/v2/courses/{id}/lessons/', courseId, tokens.tutor, { body: { title: 'B', position: 1 } }));
    await call(courseLessons.POST, byId('/api/v2/courses/{id}/lessons/', courseId, tokens.tutor, { body: { title: 'D', position: 99 } }));
    // Lessons created without a publication date are drafts: their staff list them (students do not).
    const list = await call(courseLessons.GET, byId('/api/v2/courses/{id}/lessons/', courseId, tokens.tutor));
    expect(list.json.map((l: { title: string; position: number }) => `${l.position}:${l.title}`)).toEqual(['0:A', '1:B', '2:C', '3:D']);
    expect(list.json[0].contentMd).toBeUndefined();
    const bad = await call(courseLessons.POST, byId('/api/v2/courses/{id}/lessons/', courseId, tokens.tutor, { body: { title: '', videoUrl: 'ftp://x', position: -1 } }));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error.fields).sort()).toEqual(['position', 'title', 'videoUrl']);
  });

  it('bumps the revision on every change, hides archived lessons from students, and closes the gap on delete', async () => {
    const courseId = world.courseA.id;
    const a = await createLesson({ courseId, title: 'A' });
    const b = await createLesson({ courseId, title: 'B' });
    const c = await createLesson({ courseId, title: 'C' });
    const edited = await call(lessonRoute.PATCH, byId('/api/v2/lessons/{id}/', a.id, tokens.tutor, { body: { contentMd: '# Nuevo' } }));
    expect(edited.json).toMatchObject({ contentMd: '# Nuevo', revision: 2 });
    const again = await call(lessonRoute.PATCH, byId('/api/v2/lessons/{id}/', a.id, tokens.admin, { body: { title: 'A2' } }));
    expect(again.json.revision).toBe(3);
    const unchanged = await call(lessonRoute.PATCH, byId('/api/v2/lessons/{id}/', a.id, tokens.admin, { body: {} }));
    expect(unchanged.json.revision).toBe(3);

    await call(lessonRoute.PATCH, byId('/api/v2/lessons/{id}/', b.id, tokens.tutor, { body: { status: 'INACTIVE' } }));
    expect((await call(lessonRoute.GET, byId('/api/v2/lessons/{id}/', b.id, tokens.student))).status).toBe(404);
    const asStudent = await call(courseLessons.GET, byId('/api/v2/courses/{id}/lessons/', courseId, tokens.student));
    expect(asStudent.json.map((l: { title: string }) => l.title)).toEqual(['A2', 'C']);

    expect((await call(lessonRoute.DELETE, byId('/api/v2/lessons/{id}/', a.id, tokens.tutor))).status).toBe(204);
    expect(await positionsOf(courseId)).toEqual([
      { id: b.id, position: 0 },
      { id: c.id, position: 1 },
    ]);
    expect((await call(lessonRoute.GET, byId('/api/v2/lessons/{id}/', a.id, tokens.admin))).status).toBe(404);
  });

  it('bulk-creates lessons after the existing ones, all or nothing with per-row errors', async () => {
    const courseId = world.courseA.id;
    await createLesson({ courseId, title: 'Existente' });
    const rows = Array.from({ length: 5 }, (_, i) => ({ title: `L${i}`, contentMd: `# ${i}` }));
    const broken = rows.map((row, i) => (i === 3 ? { ...row, title: '' } : i === 4 ? { ...row, videoUrl: 'nope' } : row));
    const refused = await call(bulkLessons, byId('/api/v2/courses/{id}/lessons/bulk/', courseId, tokens.tutor, { body: { lessons: broken } }));
    expect(refused.status).toBe(400);
    expect(refused.json.error.fields).toEqual({ 'lessons.3.title': 'El título es obligatorio', 'lessons.4.videoUrl': 'Ingrese un link válido' });
    expect(await positionsOf(courseId)).toHaveLength(1);

    const tooMany = await call(bulkLessons, byId('/api/v2/courses/{id}/lessons/bulk/', courseId, tokens.tutor, {
      body: { lessons: Array.from({ length: MAX_BULK_LESSONS + 1 }, () => ({ title: 'x' })) },
    }));
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.error.fields.lessons).toBe(`Incluye máximo ${MAX_BULK_LESSONS} elementos`);
    const empty = await call(bulkLessons, byId('/api/v2/courses/{id}/lessons/bulk/', courseId, tokens.tutor, { body: { lessons: [] } }));
    expect(empty.status).toBe(400);

    const created = await call(bulkLessons, byId('/api/v2/courses/{id}/lessons/bulk/', courseId, tokens.tutor, { body: { lessons: rows } }));
    expect(created.status).toBe(201);
    expect(created.json.created).toBe(5);
    expect(created.json.lessons.map((l: { title: string; position: number }) => `${l.position}:${l.title}`)).toEqual(['1:L0', '2:L1', '3:L2', '4:L3', '5:L4']);
    expectDense(await positionsOf(courseId));
  });

  it('reorders in one call, and refuses a list that is not exactly the course lessons (nothing changed)', async () => {
    const courseId = world.courseA.id;
    const [a, b, c] = [await createLesson({ courseId }), await createLesson({ courseId }), await createLesson({ courseId })];
    const foreign = await createLesson({ courseId: world.courseB.id });
    const before = await positionsOf(courseId);
    const mismatch = 'El orden debe incluir exactamente las lecciones del curso, cada una una vez. No se cambió nada.';
    const cases: [number[], string][] = [
      [[a!.id, b!.id], mismatch],
      [[a!.id, b!.id, c!.id, foreign.id], mismatch],
      [[a!.id, b!.id, foreign.id], mismatch],
      [[a!.id, a!.id, b!.id], 'El orden tiene lecciones repetidas'],
    ];
    for (const [order, message] of cases) {
      const response = await call(reorderRoute, byId('/api/v2/courses/{id}/lessons/reorder/', courseId, tokens.tutor, { body: { order } }));
      expect(response.status, JSON.stringify(order)).toBe(400);
      expect(response.json.error.fields.order, JSON.stringify(order)).toBe(message);
    }
    const en = await call(reorderRoute, byId('/api/v2/courses/{id}/lessons/reorder/', courseId, tokens.tutor, { body: { order: [a!.id] }, headers: { 'accept-language': 'en' } }));
    expect(en.json.error.fields.order).toBe("The order must list exactly the course's lessons, each once. Nothing was changed.");
    const malformed = await call(reorderRoute, byId('/api/v2/courses/{id}/lessons/reorder/', courseId, tokens.tutor, { rawBody: '{"order": [' }));
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.code).toBe('malformed_json');
    expect(await positionsOf(courseId)).toEqual(before);

    const done = await call(reorderRoute, byId('/api/v2/courses/{id}/lessons/reorder/', courseId, tokens.tutor, { body: { order: [c!.id, a!.id, b!.id] } }));
    expect(done.status).toBe(200);
    expect(done.json.map((l: { id: number }) => l.id)).toEqual([c!.id, a!.id, b!.id]);
    expect(await positionsOf(courseId)).toEqual([
      { id: c!.id, position: 0 },
      { id: a!.id, position: 1 },
      { id: b!.id, position: 2 },
    ]);
  });

  it('keeps positions dense and unique under two concurrent reorders (and a concurrent create)', async () => {
    const courseId = world.courseA.id;
    const ids: number[] = [];
    for (let i = 0; i < 8; i += 1) ids.push((await createLesson({ courseId })).id);
    const reversed = [...ids].reverse();
    const rotated = [...ids.slice(3), ...ids.slice(0, 3)];
    const results = await Promise.all([
      call(reorderRoute, byId('/api/v2/courses/{id}/lessons/reorder/', courseId, tokens.tutor, { body: { order: reversed } })),
      call(reorderRoute, byId('/api/v2/courses/{id}/lessons/reorder/', courseId, tokens.admin, { body: { order: rotated } })),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const final = await positionsOf(courseId);
    expectDense(final);
    expect(new Set(final.map((row) => row.id)).size).toBe(8);
    // One of the two orders won whole; they never interleave.
    expect([reversed, rotated]).toContainEqual(final.map((row) => row.id));

    const mixed = await Promise.all([
      call(reorderRoute, byId('/api/v2/courses/{id}/lessons/reorder/', courseId, tokens.tutor, { body: { order: ids } })),
      call(courseLessons.POST, byId('/api/v2/courses/{id}/lessons/', courseId, tokens.tutor, { body: { title: 'Nueva', position: 0 } })),
      call(lessonRoute.DELETE, byId('/api/v2/lessons/{id}/', ids[4]!, tokens.tutor)),
    ]);
    expect(mixed[1].status).toBe(201);
    expect(mixed[2].status).toBe(204);
    expectDense(await positionsOf(courseId));
  });
});

describe('lesson history', () => {
  const history = (token: string, body: unknown, method: 'POST' | 'PATCH' = 'POST') =>
    call(method === 'POST' ? historyRoute.POST : historyRoute.PATCH, { method, path: '/api/v2/lesson-history/', body, token });
  const complete = (token: string, lessonId: number) => call(completeRoute, { path: '/api/v2/lesson-history/complete/', body: { lessonId }, token });

  it('start, progress and complete are idempotent; progress never goes down; the first completion stays', async () => {
    const lesson = await createLesson({ courseId: world.courseA.id });
    const started = await history(tokens.student, { lessonId: lesson.id });
    expect(started.json).toMatchObject({ lessonId: lesson.id, progress: 0, completedAt: null });
    expect((await history(tokens.student, { lessonId: lesson.id })).json.startedAt).toBe(started.json.startedAt);

    expect((await history(tokens.student, { lessonId: lesson.id, progress: 60, resumeAt: 120 }, 'PATCH')).json).toMatchObject({ progress: 60, resumeAt: 120 });
    expect((await history(tokens.student, { lessonId: lesson.id, progress: 30, resumeAt: 45 }, 'PATCH')).json).toMatchObject({ progress: 60, resumeAt: 45 });

    const first = await complete(tokens.student, lesson.id);
    expect(first.json.progress).toBe(100);
    expect(first.json.completedAt).toBeTruthy();
    const second = await complete(tokens.student, lesson.id);
    expect(second.json.completedAt).toBe(first.json.completedAt);
    expect((await history(tokens.student, { lessonId: lesson.id, progress: 10, resumeAt: 0 }, 'PATCH')).json.progress).toBe(100);

    const db = await getDb();
    const rows = await db.select().from(lessonHistory).where(and(eq(lessonHistory.userId, world.student.id), eq(lessonHistory.lessonId, lesson.id)));
    expect(rows).toHaveLength(1);
  });

  it('refuses bad input with 400 and lessons the caller cannot see with 404', async () => {
    const lesson = await createLesson({ courseId: world.courseA.id });
    const archived = await createLesson({ courseId: world.courseA.id, status: 'INACTIVE' });
    const bad = await history(tokens.student, { lessonId: lesson.id, progress: 101, resumeAt: -1 }, 'PATCH');
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields).toEqual({ progress: 'Debe ser menor o igual a 100', resumeAt: 'Debe ser mayor o igual a 0' });
    expect((await history(tokens.student, { lessonId: 'x' })).status).toBe(400);
    expect((await history(tokens.otherStudent, { lessonId: lesson.id })).status).toBe(404);
    expect((await complete(tokens.student, archived.id)).status).toBe(404);
    expect((await complete(tokens.student, 999_999)).status).toBe(404);
  });

  it('resumes at the last started and not completed lesson, else the first not completed', async () => {
    const courseId = world.courseA.id;
    const [a, b, c] = [await createLesson({ courseId }), await createLesson({ courseId }), await createLesson({ courseId })];
    const resume = async () => (await call(resumeRoute, { path: `/api/v2/lesson-history/resume/?course=${courseId}`, token: tokens.student })).json;
    expect((await resume()).lesson.id).toBe(a!.id);
    await history(tokens.student, { lessonId: c!.id });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await history(tokens.student, { lessonId: b!.id, progress: 20, resumeAt: 33 }, 'PATCH');
    expect(await resume()).toMatchObject({ lesson: { id: b!.id }, history: { resumeAt: 33 } });
    await complete(tokens.student, b!.id);
    expect((await resume()).lesson.id).toBe(c!.id);
    await complete(tokens.student, c!.id);
    expect((await resume()).lesson.id).toBe(a!.id);
    await complete(tokens.student, a!.id);
    expect(await resume()).toEqual({ lesson: null, history: null });
    expect((await call(resumeRoute, { path: '/api/v2/lesson-history/resume/', token: tokens.student })).status).toBe(400);
    expect((await call(resumeRoute, { path: `/api/v2/lesson-history/resume/?course=${world.courseB.id}`, token: tokens.student })).status).toBe(404);
  });

  it('computes course and learning-path progress over ACTIVE lessons the caller completed', async () => {
    const courseId = world.courseA.id;
    const lessonsA = [await createLesson({ courseId }), await createLesson({ courseId }), await createLesson({ courseId })];
    await createLesson({ courseId, status: 'INACTIVE' });
    const second = await createReleasedCourse(world.cohortA, { name: 'Segundo', position: 5 });
    const secondLesson = await createLesson({ courseId: second.id });
    await createReleasedCourse(world.cohortA, { name: 'Archivado', status: 'INACTIVE' });
    await complete(tokens.student, lessonsA[0]!.id);
    await history(tokens.student, { lessonId: lessonsA[1]!.id, progress: 90, resumeAt: 0 }, 'PATCH');
    await complete(tokens.tutor, lessonsA[2]!.id); // someone else's completion does not count

    const progress = await call(courseProgress, byId('/api/v2/courses/{id}/progress/', courseId, tokens.student));
    expect(progress.json).toEqual({ courseId, totalLessons: 3, completedLessons: 1, percentage: 33 });

    const path = await call(pathProgress, byId('/api/v2/learning-paths/{id}/progress/', world.cohortA.learningPathId, tokens.student));
    expect(path.json).toMatchObject({ learningPathId: world.cohortA.learningPathId, totalLessons: 4, completedLessons: 1, percentage: 25 });
    expect(path.json.courses.map((c: { courseId: number }) => c.courseId)).toEqual([courseId, second.id]);
    await complete(tokens.student, secondLesson.id);
    const after = await call(pathProgress, byId('/api/v2/learning-paths/{id}/progress/', world.cohortA.learningPathId, tokens.student));
    expect(after.json.courses[1]).toEqual({ courseId: second.id, totalLessons: 1, completedLessons: 1, percentage: 100 });

    expect((await call(pathProgress, byId('/api/v2/learning-paths/{id}/progress/', world.cohortB.learningPathId, tokens.student))).status).toBe(404);
    expect((await call(pathProgress, byId('/api/v2/learning-paths/{id}/progress/', 999_999, tokens.admin))).status).toBe(404);
    const empty = await call(courseProgress, byId('/api/v2/courses/{id}/progress/', world.courseB.id, tokens.otherStudent));
    expect(empty.json.percentage).toBe(0);
  });
});
