/**
 * The accessibility sweep (issue 35): axe (WCAG 2.1 A and AA rules, and
 * 2.2's target size) finds no violation on any page of the app, and no page
 * is wider than its screen, for the roles that see it, in Spanish; the
 * student's pages also in English. One spec per screen size, each on a
 * server of its own, so the two run side by side (issue 30):
 * accessibility.spec.ts (desktop) and accessibility-phone.spec.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './app';
import { axeViolations, describeViolations, SWEEP_RULES } from './axe';
import { DEMO } from './servers';

export const VIEWPORTS = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;

/** What axe finds on the page once it has settled (tests/e2e/support/axe.ts), and whether it is wider than its screen. */
export async function violationsOn(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const found = describeViolations(await axeViolations(page, SWEEP_RULES));
  // No page is wider than its screen: a page that scrolls sideways on a phone hides half of every line (issue 35).
  const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
  if (width.page > width.screen) found.push(`page-width: ${width.page} px on a ${width.screen} px screen: ${await widestElements(page)}`);
  return found;
}

/** The elements that start reaching past the screen's right edge, to name the cause. */
async function widestElements(page: Page): Promise<string> {
  return page.evaluate(() => {
    const screen = document.documentElement.clientWidth;
    const names: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.right <= screen + 2 || box.width === 0) continue;
      // The cause is where the overflow starts: an element wider than a parent that itself fits…
      if (element.parentElement && element.parentElement.getBoundingClientRect().right > screen + 2) continue;
      // …and that no scrolling box holds (a carousel's slides, a table in its own scroller).
      let held = false;
      for (let ancestor = element.parentElement; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
        if (getComputedStyle(ancestor).overflowX !== 'visible') held = true;
      }
      if (held) continue;
      names.push(`${element.localName}${element.id ? `#${element.id}` : ''}${element.classList.length ? `.${[...element.classList].join('.')}` : ''} (${Math.round(box.right)} px)`);
      if (names.length === 5) break;
    }
    return names.join(', ');
  });
}

async function expectNoViolations(page: Page, where: string) {
  expect(await violationsOn(page), `axe on ${where}`).toEqual([]);
}


/** The id in the first link to a page of that kind, read from where a user would follow it (once the page's islands have drawn it). */
async function firstId(page: Page, from: string, pattern: RegExp): Promise<string> {
  await page.goto(from);
  const hrefOf = () =>
    page.locator('a[href]').evaluateAll((links, source) => links.map((link) => link.getAttribute('href') ?? '').find((href) => new RegExp(source).test(href)) ?? '', pattern.source);
  await expect.poll(hrefOf, { message: `a link matching ${pattern} on ${from}` }).not.toBe('');
  return /(\d+)/.exec(await hrefOf())![1]!;
}

/** Switches the language with the header's switch, as a person would (on a phone it sits in the user menu). */
async function switchLanguage(page: Page, language: 'English' | 'Español') {
  const menu = page.locator('[data-user-menu-toggle]');
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: language }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language === 'English' ? 'en' : 'es');
}

/** The sweep's tests for one screen size (each page of each role, checked by axe). */
export function sweepPages(viewportName: keyof typeof VIEWPORTS): void {
  const viewport = VIEWPORTS[viewportName];
  test.describe(`on a ${viewportName}`, () => {
    test.use({ viewport });

    test('signed-out pages', async ({ page }) => {
      for (const path of ['/signin', '/forgot-password', '/set-password?token=no-sirve', '/legal/terms', '/legal/privacy', '/no-such-page', '/offline']) {
        await page.goto(path);
        await expectNoViolations(page, path);
      }
    });

    test("a student's pages, in Spanish and English", async ({ page }) => {
      await signIn(page, 'valentina@senda.test');
      const courseId = await firstId(page, '/home', /^\/courses\/\d+$/);
      const lessonId = await firstId(page, `/courses/${courseId}`, /^\/lessons\/\d+$/);
      const cohortId = await firstId(page, '/home', /^\/cohorts\/\d+\/news$/);
      const forumId = await firstId(page, '/forums', /^\/forums\/\d+$/);
      const threadId = await firstId(page, `/forums/${forumId}`, /^\/forums\/threads\/\d+$/);
      const pages = ['/home', `/courses/${courseId}`, `/lessons/${lessonId}`, '/account', '/forums', `/forums/${forumId}`, `/forums/threads/${threadId}`, '/live', '/notifications', '/suggested-classes', '/soon/forums', `/cohorts/${cohortId}/news`];
      for (const path of pages) {
        await page.goto(path);
        await expectNoViolations(page, `${path} (es)`);
      }
      await switchLanguage(page, 'English');
      for (const path of pages.slice(0, 9)) {
        await page.goto(path);
        await expectNoViolations(page, `${path} (en)`);
      }
      await switchLanguage(page, 'Español');
    });

    test("a student's quiz pages: the lists, a quiz, the player while answering, a result", async ({ page }) => {
      await signIn(page, 'valentina@senda.test');
      const evaluationId = await firstId(page, '/evaluations', /^\/quizzes\/\d+$/);
      await page.goto(`/quizzes/${evaluationId}`);
      const resultPath = (await page.getByRole('link', { name: 'Ver resultado' }).getAttribute('href'))!;
      const practiceId = await firstId(page, '/practice', /^\/quizzes\/\d+$/);
      for (const path of ['/quizzes', '/evaluations', '/practice', '/nivelations', `/quizzes/${evaluationId}`, resultPath]) {
        await page.goto(path);
        await expectNoViolations(page, path);
      }
      await page.goto(`/quizzes/${practiceId}`);
      // On the second screen size the attempt started on the first one is resumed at once.
      const start = page.getByRole('button', { name: 'Empezar el cuestionario' });
      const submit = page.getByRole('button', { name: 'Enviar respuestas' });
      await expect(start.or(submit)).toBeVisible();
      if (await start.isVisible()) {
        await expect(page.locator('astro-island').filter({ has: start })).not.toHaveAttribute('ssr');
        await start.click();
      }
      await expect(page.getByRole('button', { name: 'Enviar respuestas' })).toBeVisible();
      await page.getByRole('radio').first().check();
      await expect(page.getByText('Todas tus respuestas están guardadas.')).toBeVisible();
      await expectNoViolations(page, `/quizzes/${practiceId} (answering)`);
      await page.getByRole('button', { name: 'Ver una pregunta a la vez' }).click();
      await expectNoViolations(page, `/quizzes/${practiceId} (one at a time)`);
      // Nothing wider than the screen: the student can answer on a 390 px phone without scrolling sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });

    test("assignments: a student's assignment pages, grades and feedback; the tutor's grading view, settings and new-assignment form", async ({ page }) => {
      await signIn(page, 'valentina@senda.test');
      const pendingId = await firstId(page, '/home', /^\/assignments\/\d+$/);
      const submittedId = await firstId(page, '/evaluations', /^\/assignments\/\d+$/);
      const courseId = await firstId(page, `/assignments/${submittedId}`, /^\/courses\/\d+$/);
      for (const path of [`/assignments/${pendingId}`, `/assignments/${submittedId}`, `/courses/${courseId}/grades`, '/feedback']) {
        await page.goto(path);
        await expectNoViolations(page, path);
      }
      // On a phone the sign-out button sits in the user menu.
      const menu = page.locator('[data-user-menu-toggle]');
      if (await menu.isVisible()) await menu.click();
      await page.getByRole('button', { name: 'Cerrar sesión' }).click();
      await expect(page).toHaveURL(/\/signin$/);

      await signIn(page, DEMO.tutor);
      const gradingId = await firstId(page, '/evaluations', /^\/assignments\/\d+\/grading$/);
      await page.goto(`/assignments/${gradingId}/grading`);
      await expect(page.getByRole('navigation', { name: 'Estudiantes' }).getByRole('button').first()).toBeVisible();
      await expect(page.getByRole('textbox', { name: /Calificación \(0 a/ })).toBeVisible();
      await expectNoViolations(page, `/assignments/${gradingId}/grading`);
      // The lesson comment, opened (its form is part of the page a tutor uses).
      await page.getByText('Comentario sobre una lección').click();
      await expectNoViolations(page, `/assignments/${gradingId}/grading (lesson comment)`);
      for (const path of [`/assignments/${gradingId}`, `/assignments/${gradingId}/edit`, `/courses/${courseId}/assignments/new`]) {
        await page.goto(path);
        await expectNoViolations(page, path);
      }
    });

    test("a tutor's day: home with its dashboard, the to-do list, the forums as a moderator, live sessions, notifications", async ({ page }) => {
      await signIn(page, DEMO.tutor);
      await page.goto('/home');
      await expectNoViolations(page, '/home (tutor)');
      const forumId = await firstId(page, '/forums', /^\/forums\/\d+$/);
      const threadId = await firstId(page, `/forums/${forumId}`, /^\/forums\/threads\/\d+$/);
      for (const path of ['/pending', '/forums', `/forums/${forumId}`, `/forums/threads/${threadId}`, '/live', '/notifications', '/evaluations']) {
        await page.goto(path);
        await expectNoViolations(page, `${path} (tutor)`);
      }
    });

    test("the admin's pages", async ({ page }) => {
      await signIn(page, DEMO.admin);
      await page.goto('/home');
      await expectNoViolations(page, '/home (admin)');
      const cohortId = await firstId(page, '/home', /^\/cohorts\/\d+\/news$/);
      const programId = await firstId(page, '/admin/programs', /^\/admin\/programs\/\d+$/);
      const courseId = await firstId(page, `/admin/programs/${programId}`, /^\/admin\/courses\/\d+$/);
      const lessonId = await firstId(page, `/admin/courses/${courseId}`, /^\/admin\/lessons\/\d+$/);
      const quizId = await firstId(page, `/admin/courses/${courseId}`, /^\/admin\/quizzes\/\d+$/);
      const personId = await firstId(page, '/admin/users', /^\/admin\/users\/\d+$/);
      const messageId = await firstId(page, '/admin/mailbox', /^\/admin\/mailbox\/\d+$/);
      for (const path of [
        '/admin',
        '/admin/reports',
        '/admin/structure',
        '/admin/programs',
        '/admin/legal',
        `/admin/programs/${programId}`,
        `/admin/cohorts/${cohortId}`,
        `/admin/courses/${courseId}`,
        `/admin/lessons/${lessonId}`,
        `/admin/quizzes/${quizId}`,
        `/admin/quizzes/new?course=${courseId}`,
        `/quizzes/${quizId}`,
        '/admin/users',
        `/admin/users/${personId}`,
        '/admin/users/import',
        '/admin/mailbox',
        `/admin/mailbox/${messageId}`,
        '/admin/jarvis',
        '/forums',
        '/live',
      ]) {
        await page.goto(path);
        await expectNoViolations(page, path);
      }
    });
  });
}
