/**
 * Every cached read shows a write at once, whoever makes it. The writes here
 * are plain SQL, as another app server, the CLI or an operator's SQL session
 * would make them: no service is told anything, the database announces the
 * change (cache/change-feed.ts). Runs on PGlite and, in CI, on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/lib/server/db/client';
import { listCoursesForUser } from '~/lib/server/services/learning';
import { listMembershipsOf } from '~/lib/server/services/memberships';
import { getCourse } from '~/lib/server/services/content/courses';
import { getLesson, listCourseLessons } from '~/lib/server/services/content/lessons';
import { listLessonAttachments } from '~/lib/server/services/content/lesson-attachments';
import { listCourseHistory } from '~/lib/server/services/lesson-history';
import { getMaintenance } from '~/lib/server/services/settings';
import { listBannersForUser } from '~/lib/server/services/banners';
import { createBanner, createCohort, createLesson, createReleasedCourse, createUser, enrollStudent } from '../factories';

const run = async (query: ReturnType<typeof sql>) => (await getDb()).execute(query);

async function studentWithCourse() {
  const cohort = await createCohort({ status: 'ACTIVE' });
  const user = await createUser();
  await enrollStudent(user, cohort);
  const course = await createReleasedCourse(cohort, { name: 'Primero', position: 1 });
  const caller = { id: user.id, email: user.email, userType: 'student' as const, cohorts: [] };
  return { cohort, user, course, caller };
}

describe('a write shows at once in every cached read', () => {
  it('memberships: a student removed from a cohort loses its courses on the next read', async () => {
    const { user, cohort } = await studentWithCourse();
    expect((await listCoursesForUser(user.id)).map((course) => course.name)).toEqual(['Primero']);
    await run(sql`update memberships set status = 'INACTIVE' where user_id = ${user.id} and cohort_id = ${cohort.id}`);
    expect(await listCoursesForUser(user.id)).toEqual([]);
    expect((await listMembershipsOf(user.id))[0]!.membershipStatus).toBe('INACTIVE');
  });

  it('cohorts: a cohort closed by an admin stops counting for its members', async () => {
    const { user, cohort } = await studentWithCourse();
    expect(await listCoursesForUser(user.id)).toHaveLength(1);
    await run(sql`update cohorts set status = 'INACTIVE' where id = ${cohort.id}`);
    expect(await listCoursesForUser(user.id)).toEqual([]);
  });

  it('cohort catalogs: a course added, renamed or released, and a banner, show on the next home', async () => {
    const { user, cohort, course } = await studentWithCourse();
    expect((await listCoursesForUser(user.id)).map((item) => item.name)).toEqual(['Primero']);
    await createReleasedCourse(cohort, { name: 'Segundo', position: 2 });
    await run(sql`update courses set name = 'Primero, renovado' where id = ${course.id}`);
    expect((await listCoursesForUser(user.id)).map((item) => item.name)).toEqual(['Primero, renovado', 'Segundo']);
    expect((await listBannersForUser(user.id)).map((banner) => banner.title)).not.toContain('Bienvenida');
    await createBanner({ cohortId: cohort.id, title: 'Bienvenida' });
    expect((await listBannersForUser(user.id)).map((banner) => banner.title)).toEqual(['Bienvenida']);
  });

  it('content: a course, a lesson, a course\'s lesson list and a lesson\'s attachments', async () => {
    const { caller, course } = await studentWithCourse();
    const lesson = await createLesson({ courseId: course.id, title: 'Uno' });
    expect((await getCourse(caller, course.id)).name).toBe('Primero');
    expect((await getLesson(caller, lesson.id)).title).toBe('Uno');
    expect((await listCourseLessons(caller, course.id)).map((item) => item.title)).toEqual(['Uno']);
    expect(await listLessonAttachments(caller, lesson.id)).toEqual([]);

    await run(sql`update courses set name = 'Otro nombre' where id = ${course.id}`);
    await run(sql`update lessons set title = 'Uno, corregido' where id = ${lesson.id}`);
    await createLesson({ courseId: course.id, title: 'Dos', position: 1 });
    await run(sql`insert into lesson_attachments (lesson_id, file_name, content_type, size_bytes, storage_key, position)
      values (${lesson.id}, 'guia.pdf', 'application/pdf', 10, ${`${'a'.repeat(32)}.pdf`}, 0)`);

    expect((await getCourse(caller, course.id)).name).toBe('Otro nombre');
    expect((await getLesson(caller, lesson.id)).title).toBe('Uno, corregido');
    expect((await listCourseLessons(caller, course.id)).map((item) => item.title)).toEqual(['Uno, corregido', 'Dos']);
    expect((await listLessonAttachments(caller, lesson.id)).map((item) => item.fileName)).toEqual(['guia.pdf']);
  });

  it('lesson history: a lesson completed elsewhere shows as completed', async () => {
    const { caller, course, user } = await studentWithCourse();
    const lesson = await createLesson({ courseId: course.id });
    expect((await listCourseHistory(caller, course.id)).size).toBe(0);
    await run(sql`insert into lesson_history (user_id, lesson_id, progress, completed_at) values (${user.id}, ${lesson.id}, 100, now())`);
    expect((await listCourseHistory(caller, course.id)).get(lesson.id)?.progress).toBe(100);
  });

  it('settings: maintenance switched on elsewhere is seen on the next request', async () => {
    expect((await getMaintenance()).enabled).toBe(false);
    await run(sql`insert into settings (key, value) values ('maintenance', '{"enabled": true, "message": "Volvemos pronto"}')`);
    expect(await getMaintenance()).toEqual({ enabled: true, message: 'Volvemos pronto' });
  });
});
