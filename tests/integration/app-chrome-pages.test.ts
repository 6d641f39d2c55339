/**
 * The app's chrome (top bar and sidebar) is rendered once per language, active
 * entry and admin links, then copied (RenderedOnce, ADR 030): each copy must
 * still be the one that request's key names — never another language's,
 * another page's active entry, or an administrator's links shown to a student.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import HomePage from '~/pages/home.astro';
import LessonPage from '~/pages/lessons/[id].astro';
import { forgetFragments } from '~/lib/server/render/rendered-fragments';
import { createCourse, createLesson, createUser, createWorld, enrollStudent, releaseCourse } from '../factories';
import { renderPage } from '../support/astro-pages';

let student: { id: number };
let admin: { id: number };
let lesson: { id: number };

beforeEach(async () => {
  forgetFragments();
  const world = await createWorld();
  student = await createUser({ userType: 'student', statusStudent: 1 });
  admin = await createUser({ userType: 'admin' });
  await enrollStudent(student, world.cohortA);
  const course = await createCourse({ programId: world.cohortA.programId!, name: 'Fundamentos', position: 1 });
  await releaseCourse(world.cohortA, course);
  lesson = await createLesson({ courseId: course.id, title: 'Variables' });
});

const sidebarOf = (html: string) => /<nav class="sidebar"[\s\S]*?<\/nav>/.exec(html)![0];
const home = (userId: number, lang: 'es' | 'en' = 'es') => renderPage(HomePage, { path: '/home', userId, lang });

describe('the chrome rendered once and copied', () => {
  it('is the same markup on a copied render as on the first', async () => {
    const first = (await home(student.id)).html;
    const copied = (await home(student.id)).html;
    expect(sidebarOf(copied)).toBe(sidebarOf(first));
    expect(sidebarOf(copied)).toContain('<a href="/home" aria-current="page">Inicio</a>');
  });

  it('follows the language of each request', async () => {
    await home(student.id, 'es');
    const english = (await home(student.id, 'en')).html;
    expect(sidebarOf(english)).toContain('>Home</a>');
    expect(sidebarOf(english)).not.toContain('>Inicio</a>');
  });

  it('marks the page’s own entry: no entry is current on a lesson after /home was copied', async () => {
    await home(student.id);
    const lessonHtml = (await renderPage(LessonPage, { path: `/lessons/${lesson.id}`, params: { id: String(lesson.id) }, userId: student.id })).html;
    expect(sidebarOf(lessonHtml)).not.toContain('aria-current');
  });

  it('never shows an administrator’s links to a student rendered after them (test_student_cannot_see_copied_admin_links)', async () => {
    expect(sidebarOf((await home(admin.id)).html)).toContain('href="/admin"');
    const studentSidebar = sidebarOf((await home(student.id)).html);
    expect(studentSidebar).not.toContain('href="/admin"');
    expect(studentSidebar).not.toContain('href="/pending"');
  });
});
