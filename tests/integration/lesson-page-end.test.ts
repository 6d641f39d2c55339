/**
 * The last lesson of a course is not a dead end (issue 35): it leads to the
 * lessons still to do in the course, or once there are none to the cohort's
 * next open course, or back to the course page when this was the last one.
 * The outline carries the count to show once this lesson is completed.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import LessonPage from '~/pages/lessons/[id].astro';
import { completeLesson } from '~/lib/server/services/lesson-history';
import { callerOf } from '../factories/forums';
import { createCourse, createLesson, createUser, createWorld, enrollStudent, releaseCourse } from '../factories';
import { renderPage } from '../support/astro-pages';

type World = Awaited<ReturnType<typeof createWorld>>;
let world: World;
let course: { id: number };
let first: { id: number };
let last: { id: number };
let student: { id: number };

beforeEach(async () => {
  world = await createWorld();
  student = await createUser({ userType: 'student', statusStudent: 1 });
  await enrollStudent(student, world.cohortA);
  course = await createCourse({ programId: world.cohortA.programId!, name: 'Fundamentos', position: 1 });
  await releaseCourse(world.cohortA, course);
  first = await createLesson({ courseId: course.id, title: 'Variables' });
  last = await createLesson({ courseId: course.id, title: 'Condicionales' });
});

const open = async (lessonId: number) => (await renderPage(LessonPage, { path: `/lessons/${lessonId}`, params: { id: String(lessonId) }, userId: student.id })).html;

describe('the last lesson of a course', () => {
  it('with a lesson still to do, leads back to the course and says how many are left', async () => {
    const html = await open(last.id);
    expect(html).toContain(`href="/courses/${course.id}"`);
    expect(html).toContain('Te falta 1 lección de este curso: ver el curso');
  });

  it('with every other lesson done, leads to the cohort’s next open course', async () => {
    const next = await createCourse({ programId: world.cohortA.programId!, name: 'Estructuras de datos', position: 2 });
    await releaseCourse(world.cohortA, next);
    const later = await createCourse({ programId: world.cohortA.programId!, name: 'Programado', position: 3 });
    await releaseCourse(world.cohortA, later, new Date(Date.now() + 86_400_000));
    await completeLesson(await callerOf(student), first.id);
    const html = await open(last.id);
    expect(html).toContain('Siguiente curso: Estructuras de datos');
    expect(html).toContain(`href="/courses/${next.id}"`);
    expect(html).not.toContain('Programado');
  });

  it('when it is the cohort’s last course, leads back to the course page', async () => {
    await completeLesson(await callerOf(student), first.id);
    const html = await open(last.id);
    expect(html).not.toContain('Siguiente curso');
    expect(html).toMatch(new RegExp(`<a class="button button--ghost" href="/courses/${course.id}">Volver al curso</a>`));
  });

  it('carries the outline’s count for once it is completed (the page updates it without a reload)', async () => {
    const html = await open(first.id);
    expect(html).toMatch(/data-after-completion="· 1 de 2 lecciones"/);
    expect(html).toMatch(/data-current-lesson[^>]*data-done-text=", Completada"/);
  });
});
