import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { POST as reorderRoute } from '~/pages/api/v2/programs/[id]/courses/reorder';
import { POST as createCourseRoute } from '~/pages/api/v2/courses/index';
import { PATCH as patchCourseRoute } from '~/pages/api/v2/courses/[id]/index';
import { GET as programCourses } from '~/pages/api/v2/programs/[id]/courses';
import { POST as coursesXUser } from '~/pages/api-getCoursesXUser';
import { getDb } from '~/lib/server/db/client';
import { courses } from '~/lib/server/db/schema';
import { call } from '../support/http';
import { accessTokenFor, createCourse, createReleasedCourse, createWorld } from '../factories';

type World = Awaited<ReturnType<typeof createWorld>>;
let world: World;
let programId: number;
const tokens = {} as Record<'student' | 'otherStudent' | 'tutor' | 'admin', string>;

beforeEach(async () => {
  world = await createWorld();
  programId = world.cohortA.programId!;
  for (const persona of ['student', 'otherStudent', 'tutor', 'admin'] as const) tokens[persona] = await accessTokenFor(world[persona]);
});

const reorder = (id: number, token: string, body: unknown, headers: Record<string, string> = {}) =>
  call(reorderRoute, { method: 'POST', path: `/api/v2/programs/${id}/courses/reorder/`, params: { id: String(id) }, token, body, headers });

async function positionsOf(id: number) {
  const db = await getDb();
  return db.select({ id: courses.id, position: courses.position }).from(courses).where(eq(courses.programId, id)).orderBy(asc(courses.position), asc(courses.id));
}

const expectDense = (rows: { position: number }[]) => expect(rows.map((row) => row.position)).toEqual(rows.map((_, index) => index));

/** Program A holds courseA plus these: released to cohort A, one archived. */
async function addCourses() {
  const second = await createReleasedCourse(world.cohortA, { name: 'Segundo', position: 5 });
  const third = await createReleasedCourse(world.cohortA, { name: 'Tercero', position: 6 });
  const archived = await createCourse({ programId, name: 'Archivado', position: 9, status: 'INACTIVE' });
  return { first: world.courseA, second, third, archived };
}

describe('POST /api/v2/programs/{id}/courses/reorder/', () => {
  it("puts the program's courses (archived ones too) in the new order, positions 0..n-1, and students see it at once", async () => {
    const { first, second, third, archived } = await addCourses();
    const homeBefore = await call(coursesXUser, { path: '/api-getCoursesXUser/', body: {}, token: tokens.student });
    expect(homeBefore.json.map((course: { name: string }) => course.name)).toEqual([first.name, 'Segundo', 'Tercero']);

    const order = [third.id, archived.id, first.id, second.id];
    const response = await reorder(programId, tokens.admin, { order });

    expect(response.status).toBe(200);
    expect(response.json.map((course: { id: number; position: number }) => [course.id, course.position])).toEqual(order.map((id, index) => [id, index]));
    expect(await positionsOf(programId)).toEqual(order.map((id, position) => ({ id, position })));
    const listed = await call(programCourses, { path: `/api/v2/programs/${programId}/courses/`, params: { id: String(programId) }, token: tokens.tutor });
    expect(listed.json.results.map((course: { id: number }) => course.id)).toEqual(order);
    // The students' cached catalog was forgotten: their home shows the new order without waiting.
    const homeAfter = await call(coursesXUser, { path: '/api-getCoursesXUser/', body: {}, token: tokens.student });
    expect(homeAfter.json.map((course: { name: string }) => course.name)).toEqual(['Tercero', first.name, 'Segundo']);
  });

  it('refuses a list that is not exactly the program courses, in the caller language, and changes nothing', async () => {
    const { first, second, third, archived } = await addCourses();
    const before = await positionsOf(programId);
    const mismatching = [
      [first.id, second.id, third.id], // the archived course is missing
      [first.id, second.id, third.id, archived.id, world.courseB.id], // another program's course
      [first.id, second.id, third.id, world.courseB.id], // one swapped for a foreign course
      [],
    ];
    for (const order of mismatching) {
      const response = await reorder(programId, tokens.admin, { order });
      expect(response.status, JSON.stringify(order)).toBe(400);
      expect(response.json.error.code).toBe('course_order_mismatch');
      expect(response.json.error.message).toBe('El orden debe incluir exactamente todos los cursos del programa (también los archivados), cada uno una vez. No se cambió nada.');
    }
    const english = await reorder(programId, tokens.admin, { order: [first.id] }, { 'accept-language': 'en' });
    expect(english.json.error.message).toBe("The order must list every course of the program (archived ones too), each once. Nothing was changed.");

    const duplicated = await reorder(programId, tokens.admin, { order: [first.id, first.id, second.id, third.id] });
    expect(duplicated.status).toBe(400);
    expect(duplicated.json.error.fields.order).toBe('La lista tiene identificadores repetidos');
    const notAList = await reorder(programId, tokens.admin, { order: 'primero' });
    expect(notAList.status).toBe(400);
    expect(notAList.json.error.fields.order).toBe('El valor no tiene el tipo esperado');
    const malformed = await call(reorderRoute, {
      method: 'POST',
      path: `/api/v2/programs/${programId}/courses/reorder/`,
      params: { id: String(programId) },
      token: tokens.admin,
      rawBody: '{"order": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.code).toBe('malformed_json');

    expect(await positionsOf(programId)).toEqual(before);
  });

  it('keeps positions dense and unique under two concurrent reorders and a concurrent create', async () => {
    const ids = [world.courseA.id];
    for (let i = 0; i < 7; i += 1) ids.push((await createCourse({ programId, name: `C${i}`, position: i * 3 })).id);
    const reversed = [...ids].reverse();
    const rotated = [...ids.slice(3), ...ids.slice(0, 3)];

    const results = await Promise.all([reorder(programId, tokens.admin, { order: reversed }), reorder(programId, tokens.admin, { order: rotated })]);

    expect(results.map((result) => result.status)).toEqual([200, 200]);
    const final = await positionsOf(programId);
    expectDense(final);
    // One of the two orders won whole; they never interleave.
    expect([reversed, rotated]).toContainEqual(final.map((row) => row.id));

    const [created, reordered] = await Promise.all([
      call(createCourseRoute, { path: '/api/v2/courses/', body: { programId, name: 'Nuevo' }, token: tokens.admin }),
      reorder(programId, tokens.admin, { order: ids }),
    ]);
    expect(created.status).toBe(201);
    // Either the reorder ran first (the new course goes last) or it saw a list without the new course (400, nothing changed).
    const after = await positionsOf(programId);
    expectDense(after);
    expect(after.at(-1)!.id).toBe(created.json.id);
    if (reordered.status === 200) expect(after.map((row) => row.id)).toEqual([...ids, created.json.id]);
    else expect(reordered.json.error.code).toBe('course_order_mismatch');
  });

  it('is for platform admins: the tutor and the student of a cohort using the program get 403, others 404', async () => {
    const order = [world.courseA.id];
    expect((await reorder(programId, tokens.tutor, { order })).status).toBe(403);
    expect((await reorder(programId, tokens.student, { order })).status).toBe(403);
    expect((await reorder(programId, tokens.otherStudent, { order })).status).toBe(404);
    expect((await reorder(world.cohortB.programId!, tokens.tutor, { order: [world.courseB.id] })).status).toBe(404);
    expect((await reorder(999_999, tokens.admin, { order })).status).toBe(404);
    expect((await call(reorderRoute, { method: 'POST', path: `/api/v2/programs/${programId}/courses/reorder/`, params: { id: String(programId) }, body: { order } })).status).toBe(401);
  });

  // Regression: PATCH /api/v2/courses/{id}/ accepted `position`, so a caller could leave gaps or duplicates in the order.
  it('PATCH on a course does not move it: the order stays as the reorder left it, 0..n-1', async () => {
    const { first, second, third, archived } = await addCourses();
    const order = [first.id, second.id, third.id, archived.id];
    expect((await reorder(programId, tokens.admin, { order })).status).toBe(200);
    const patch = (courseId: number, token: string, body: unknown) =>
      call(patchCourseRoute, { method: 'PATCH', path: `/api/v2/courses/${courseId}/`, params: { id: String(courseId) }, token, body });

    const renamed = await patch(third.id, tokens.admin, { name: 'Tercero renombrado', position: 0 });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ name: 'Tercero renombrado', position: 2 });
    expect((await patch(second.id, tokens.tutor, { position: 2 })).json.position).toBe(1);
    expect((await patch(first.id, tokens.admin, { position: 40 })).json.position).toBe(0);

    expect(await positionsOf(programId)).toEqual(order.map((id, position) => ({ id, position })));
    const home = await call(coursesXUser, { path: '/api-getCoursesXUser/', body: {}, token: tokens.student });
    expect(home.json.map((course: { name: string }) => course.name)).toEqual([first.name, 'Segundo', 'Tercero renombrado']);
  });
});
