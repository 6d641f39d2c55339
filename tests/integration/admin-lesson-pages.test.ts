/** The course and lesson admin pages as the server renders them (islands included), for each kind of visitor. */
import { beforeEach, describe, expect, it } from 'vitest';
import CoursePage from '~/pages/admin/courses/[id].astro';
import LessonPage from '~/pages/admin/lessons/[id].astro';
import { ROLE_IDS } from '~/lib/shared/constants';
import { createLesson, createUser, createWorld, enrollStudent } from '../factories';
import { renderPage } from '../support/astro-pages';

type World = Awaited<ReturnType<typeof createWorld>>;
let world: World;

beforeEach(async () => {
  world = await createWorld();
});

const NOT_FOUND_TEXT = 'Esta página no existe o no tienes acceso a ella.';

describe('/admin/courses/[id]', () => {
  const openCourse = (id: string | number, userId: number) => renderPage(CoursePage, { path: `/admin/courses/${id}`, params: { id: String(id) }, userId });

  it("shows a tutor their cohort's course with its lessons in order, the way back to the program and the student view", async () => {
    await createLesson({ courseId: world.courseA.id, title: 'Segunda lección', section: 'Nivel 2', position: 1 });
    await createLesson({ courseId: world.courseA.id, title: 'Primera lección', section: 'Nivel 1', position: 0 });
    await createLesson({ courseId: world.courseA.id, title: 'Lección archivada', position: 2, status: 'INACTIVE' });
    const { status, html } = await openCourse(world.courseA.id, world.tutor.id);
    expect(status).toBe(200);
    expect(html).toContain('<h1>Curso de la cohorte A</h1>');
    expect(html).toContain(`href="/admin/programs/${world.courseA.programId}"`);
    expect(html).toContain(`href="/courses/${world.courseA.id}"`);
    expect(html).toContain('Ver como estudiante');
    const titles = [...html.matchAll(/class="lesson-list__title"[^>]*>([^<]+)</g)].map((match) => match[1]);
    expect(titles).toEqual(['Primera lección', 'Segunda lección', 'Lección archivada']);
    expect(html).toContain('Restaurar «Lección archivada»');
    expect(html).toContain('Archivar «Primera lección»');
    expect(html).toContain('Nueva lección');
  });

  it('says when the course has no lessons yet', async () => {
    const { html } = await openCourse(world.courseA.id, world.admin.id);
    expect(html).toContain('Este curso aún no tiene lecciones.');
  });

  it('does not exist for students, for tutors of other programs, or for ids that name no course', async () => {
    const outsiderTutor = await createUser({ userType: 'staff' });
    await enrollStudent(outsiderTutor, world.cohortB, { roleId: ROLE_IDS.tutor, status: 'INACTIVE' });
    for (const [id, userId] of [
      [world.courseA.id, world.student.id],
      [world.courseB.id, world.tutor.id],
      [world.courseA.id, outsiderTutor.id],
      [987_654, world.admin.id],
      ['99999999999', world.admin.id],
      ['abc', world.admin.id],
    ] as const) {
      const { status, html } = await openCourse(id, userId);
      expect(status, `${id} as ${userId}`).toBe(404);
      expect(html).toContain(NOT_FOUND_TEXT);
      expect(html).not.toContain('Curso de la cohorte');
    }
    expect((await openCourse(world.courseB.id, world.admin.id)).status).toBe(200);
  });

  // Senda's React renderer (build/react-renderer.mjs), as in the server build: one renderToString per island, with the
  // island's prefix. Without it, useId gave two islands the same ids and the browser's hydration, which uses the prefix,
  // did not match.
  it("renders each island's useId ids under that island's own prefix, as the browser hydrates them", async () => {
    const { html } = await openCourse(world.courseA.id, world.tutor.id);
    const islands = [...html.matchAll(/<astro-island\b([^>]*)>([\s\S]*?)<\/astro-island>/g)]
      .map(([, attributes, body]) => ({ prefix: / prefix="([^"]+)"/.exec(attributes!)?.[1], ids: [...body!.matchAll(/ id="(_[^"]*R_[^"]*)"/g)].map((match) => match[1]!) }))
      .filter(({ ids }) => ids.length > 0);
    expect(islands.length, 'the lesson list and the lesson import both use useId').toBeGreaterThanOrEqual(2);
    expect(new Set(islands.map(({ prefix }) => prefix)).size).toBe(islands.length);
    for (const { prefix, ids } of islands) for (const id of ids) expect(id.startsWith(`_${prefix}R_`), `${id} in island ${prefix}`).toBe(true);
  });
});

describe('/admin/lessons/[id]', () => {
  const openLesson = (id: string | number, userId: number) => renderPage(LessonPage, { path: `/admin/lessons/${id}`, params: { id: String(id) }, userId });

  it('opens the editor with the saved lesson, its sanitized preview, the way back to the course and the student view', async () => {
    await createLesson({ courseId: world.courseA.id, section: 'Nivel 1' });
    const lesson = await createLesson({ courseId: world.courseA.id, title: 'Fracciones', section: 'Nivel 2', contentMd: '# Partes\n\n<script>alert(1)</script>\n\nUn **todo**' });
    const { status, html } = await openLesson(lesson.id, world.tutor.id);
    expect(status).toBe(200);
    expect(html).toContain('<h1>Fracciones</h1>');
    expect(html).toContain(`href="/admin/courses/${world.courseA.id}"`);
    expect(html).toContain(`href="/lessons/${lesson.id}"`);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;\n\nUn **todo**</textarea>');
    expect(html).toMatch(/data-testid="lesson-preview"[^>]*><h1>Partes<\/h1>/);
    expect(html).toContain('<strong>todo</strong>');
    expect(html).not.toContain('<script>alert(1)');
    // The course's sections are suggested.
    expect(html).toContain('<option value="Nivel 1">');
    expect(html).toContain('<option value="Nivel 2">');
  });

  it('does not exist for students or for tutors of other programs', async () => {
    const lessonA = await createLesson({ courseId: world.courseA.id, title: 'Lección A' });
    const lessonB = await createLesson({ courseId: world.courseB.id, title: 'Lección B' });
    for (const [id, userId] of [
      [lessonA.id, world.student.id],
      [lessonB.id, world.tutor.id],
      [987_654, world.admin.id],
      ['99999999999', world.admin.id],
    ] as const) {
      const { status, html } = await openLesson(id, userId);
      expect(status, `${id} as ${userId}`).toBe(404);
      expect(html).toContain(NOT_FOUND_TEXT);
    }
    expect((await openLesson(lessonB.id, world.admin.id)).status).toBe(200);
  });
});
