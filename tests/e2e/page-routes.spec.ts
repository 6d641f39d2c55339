/**
 * The pages' own security matrix (issue 28: eleven pages answered 500 to a
 * signed-out visitor; they had never joined the middleware's list of
 * protected pages). Every page route under src/pages is walked, read from
 * the files themselves so a page added tomorrow is walked too: signed out
 * (each page but the public ones sends the visitor to
 * /signin?error=SessionRequired), and as each persona, with an existing id
 * (found by following the links a persona sees, starting from their menu),
 * a missing one and malformed ones. No answer may be a 5xx. It runs on a
 * server of its own: opening every page marks notifications seen and
 * lessons started, which the other specs must not find.
 *
 * The same walk checks every page's layout for every role (issue 35): no
 * page wider than a 390 px phone or a 1,366 px desktop, and no control too
 * small to tap on the phone (the accessibility sweep proves both checks see
 * a page that breaks them).
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { isApiPath, isPublicPage } from '../../src/lib/server/http/public-pages';
import { signIn } from './support/app';
import { axeViolations } from './support/axe';
import { useOwnServer } from './support/own-server';
import { REPO_ROOT, WALK_SERVER } from './support/servers';

interface PageRoute {
  /** As written in src/pages: `/courses/[id]/grades`. */
  template: string;
  params: string[];
  pattern: RegExp;
}

/** Every page route of the app (API routes answer for themselves and have their own matrix). */
function listPageRoutes(): PageRoute[] {
  const root = join(REPO_ROOT, 'src', 'pages');
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(astro|ts)$/.test(name)) files.push(path);
    }
  };
  walk(root);
  return files
    .map((file) => `/${relative(root, file).replace(/\.(astro|ts)$/, '').replace(/(^|\/)index$/, '')}`.replace(/\/$/, '') || '/')
    .filter((template) => !isApiPath(template))
    .map((template) => ({
      template,
      params: [...template.matchAll(/\[(?:\.\.\.)?(\w+)\]/g)].map((match) => match[1]!),
      pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\[\.\.\.\w+\]/g, '.+').replace(/\[\w+\]/g, '[^/]+')}/?$`),
    }));
}

const ROUTES = listPageRoutes();

/** Ids no row has, and ids no route should ever parse as one (each param gets each). */
const MISSING = '987654321';
const MALFORMED = ['abc', '99999999999999999999', '-1', '%C3%28', '1.5'];

const fill = (route: PageRoute, value: string) => route.params.reduce((path, name) => path.replace(new RegExp(`\\[(?:\\.\\.\\.)?${name}\\]`), value), route.template);

interface Persona {
  name: string;
  email: string | null;
}

/** The matrix's personas, from the demo data: Andrés studies in the workshop's cohort, not in Bogotá's. */
const PERSONAS: Persona[] = [
  { name: 'signed out', email: null },
  { name: 'student', email: 'valentina@senda.test' },
  { name: 'other-cohort student', email: 'andres@senda.test' },
  { name: 'tutor', email: 'tutor@senda.test' },
  { name: 'cohort admin', email: 'coordinacion@senda.test' },
  { name: 'admin', email: 'admin@senda.test' },
];

/** Where a person's crawl starts: their menu's pages. */
const START_PAGES = ['/home', '/admin', '/forums', '/quizzes', '/evaluations', '/practice', '/nivelations', '/live', '/feedback', '/notifications', '/account', '/registrations', '/offers', '/admin/users', '/admin/programs', '/admin/mailbox', '/admin/payments', '/admin/structure', '/admin/reports'];
const CRAWL_LIMIT = 250;

/** Routes the demo data has no row for, whatever the persona (a file built on request, a payment made later): walked with missing and malformed ids only. */
const NO_DEMO_EXAMPLE: Record<string, string> = {
  '/admin/reports/files/[exportId]': 'a large report is built only when someone asks for it',
  '/assignments/zips/[exportId]': 'a large zip is built only when a tutor asks for it',
  '/calendar/[token].ics': 'the feed URL is secret, shown once on /live',
  '/assignments/files/[fileId]': "the demo's submissions are text and links, without files",
  '/lessons/[id]/attachments/[attachmentId]': 'the demo lessons have no attachments',
  '/payments/sandbox/[reference]': 'a payment exists only once a buyer starts paying',
};

/** Routes reached by a redirect or a script rather than a link: their example is written here. */
const STATIC_EXAMPLES: Record<string, string> = {
  '/offers/[slug]/registered': '/offers/taller-introductorio/registered',
  // Every feature of the menu has its page now; old bookmarks of /soon/… are sent there.
  '/soon/[feature]': '/soon/practice',
};

async function signedInRequest(browser: Browser, email: string): Promise<{ request: APIRequestContext; close(): Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, { acceptTerms: false });
  await page.close();
  return { request: context.request, close: () => context.close() };
}

interface Crawl {
  /** The first concrete path found for each route with parameters. */
  examples: Map<string, string>;
  /** The first page of each route that answered this person with a page (200, HTML). */
  pages: Map<string, string>;
}

/** Follows the links a person sees, from their menu, and keeps the first concrete path found for each route. */
async function crawl(request: APIRequestContext, start: string[] = START_PAGES): Promise<Crawl> {
  const examples = new Map<string, string>();
  const pages = new Map<string, string>();
  const queue = [...start];
  const seen = new Set(queue);
  let visited = 0;
  while (queue.length > 0 && visited < CRAWL_LIMIT) {
    const path = queue.shift()!;
    visited++;
    const response = await request.get(path, { maxRedirects: 0 });
    const type = response.headers()['content-type'] ?? '';
    if (response.status() !== 200 || !type.includes('text/html')) continue;
    const template = ROUTES.find((candidate) => candidate.pattern.test(path))?.template;
    if (template && !pages.has(template)) pages.set(template, path);
    for (const [, href] of (await response.text()).matchAll(/href="(\/[^"#?]*)[^"]*"/g)) {
      const link = href!.replace(/&amp;/g, '&');
      const route = ROUTES.find((candidate) => candidate.params.length > 0 && candidate.pattern.test(link));
      if (route && !examples.has(route.template)) examples.set(route.template, link);
      if (!seen.has(link) && !link.startsWith('/api') && !link.startsWith('/_astro') && ROUTES.some((candidate) => candidate.pattern.test(link))) {
        seen.add(link);
        queue.push(link);
      }
    }
  }
  return { examples, pages };
}

/** Requests each path without following redirects, a few at a time; answers the failures (a 5xx, or a broken redirect to sign in). */
async function walk(request: APIRequestContext, paths: string[], check: (path: string, status: number, location: string | undefined) => string | null): Promise<string[]> {
  const failures: string[] = [];
  const CONCURRENCY = 4;
  for (let index = 0; index < paths.length; index += CONCURRENCY) {
    await Promise.all(
      paths.slice(index, index + CONCURRENCY).map(async (path) => {
        const response = await request.get(path, { maxRedirects: 0 });
        const failure = check(path, response.status(), response.headers().location);
        if (failure) failures.push(failure);
        await response.dispose();
      }),
    );
  }
  return failures;
}

/** Each persona's crawl, kept for the layout test (the tests of this file run one after the other in one worker). */
const CRAWLS = new Map<string, Crawl>();

useOwnServer(WALK_SERVER);

test.describe('every page route', () => {
  test.describe.configure({ timeout: 300_000 });

  test('sends a signed-out visitor to /signin?error=SessionRequired, unless the page is public, and never answers 5xx', async ({ request }) => {
    const paths = ROUTES.flatMap((route) => (route.params.length === 0 ? [route.template] : [fill(route, '1'), fill(route, MISSING), ...MALFORMED.map((value) => fill(route, value))]));
    const failures = await walk(request, paths, (path, status, location) => {
      if (status >= 500) return `${path}: ${status}`;
      if (isPublicPage(path)) return null;
      // A path that is not valid UTF-8 once decoded is refused by the server before any page runs.
      if (status === 400 && path.includes('%C3%28')) return null;
      if (status !== 303 || !location?.startsWith('/signin?error=SessionRequired&callbackUrl=')) return `${path}: ${status} ${location ?? ''} (expected a redirect to /signin?error=SessionRequired)`;
      return null;
    });
    expect(failures).toEqual([]);
  });

  test('never answers 5xx to any persona, with an existing, a missing or a malformed id', async ({ browser }) => {
    const sessions = new Map<string, Awaited<ReturnType<typeof signedInRequest>>>();
    const examples = new Map<string, Map<string, string>>();
    try {
      for (const persona of PERSONAS.filter((candidate) => candidate.email)) {
        const session = await signedInRequest(browser, persona.email!);
        sessions.set(persona.name, session);
        const found = await crawl(session.request);
        CRAWLS.set(persona.name, found);
        examples.set(persona.name, found.examples);
      }
      // An id one persona reaches is, for the others, someone else's row: each persona gets every example found.
      const anyExample = new Map<string, string[]>(Object.entries(STATIC_EXAMPLES).map(([template, path]) => [template, [path]]));
      for (const found of examples.values()) for (const [template, path] of found) anyExample.set(template, [...new Set([...(anyExample.get(template) ?? []), path])]);
      const withoutExample = ROUTES.filter((route) => route.params.length > 0 && !anyExample.has(route.template) && !(route.template in NO_DEMO_EXAMPLE)).map((route) => route.template);
      expect(withoutExample, 'page routes no persona reaches by a link: link them, or say why in NO_DEMO_EXAMPLE').toEqual([]);

      const failures: string[] = [];
      for (const [name, session] of sessions) {
        const paths = ROUTES.flatMap((route) =>
          route.params.length === 0 ? [route.template] : [...(anyExample.get(route.template) ?? []), fill(route, MISSING), ...MALFORMED.map((value) => fill(route, value))],
        );
        failures.push(...(await walk(session.request, paths, (path, status) => (status >= 500 ? `${name} ${path}: ${status}` : null))));
      }
      expect(failures).toEqual([]);
    } finally {
      for (const session of sessions.values()) await session.close();
    }
  });

  test('every page a person reaches fits a 390 px phone and a 1,366 px desktop, and its controls are large enough to tap on both', async ({ browser }) => {
    test.setTimeout(600_000);
    const problems: string[] = [];
    const checked = new Map<string, number>();
    // Three people at a time, each in a browser context of their own (a page load mostly waits on the server).
    const checkPersona = async (persona: Persona) => {
      const context = await browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      try {
        if (persona.email) await signIn(page, persona.email);
        // The crawl of the test before, when it ran (same pages for the same person); signed out, the public pages are the menu.
        const { pages } = CRAWLS.get(persona.name) ?? (await crawl(context.request, persona.email ? START_PAGES : PUBLIC_START_PAGES));
        checked.set(persona.name, pages.size);
        for (const path of pages.values()) problems.push(...(await layoutProblems(page, path)).map((problem) => `${persona.name} ${path}: ${problem}`));
      } finally {
        await context.close();
      }
    };
    for (let index = 0; index < PERSONAS.length; index += 3) await Promise.all(PERSONAS.slice(index, index + 3).map(checkPersona));
    test.info().annotations.push({ type: 'pages checked', description: [...checked].map(([name, count]) => `${name}: ${count}`).join(', ') });
    // Each person's crawl reached their pages (a crawl that found none would check nothing).
    for (const persona of PERSONAS) expect(checked.get(persona.name), persona.name).toBeGreaterThanOrEqual(persona.email ? 8 : 3);
    expect(problems).toEqual([]);
  });
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const PUBLIC_START_PAGES = ['/signin', '/offers', '/forgot-password'];

/**
 * What is wrong with a page's layout at both sizes: a page wider than its
 * screen (it scrolls sideways and hides half of every line), and controls
 * smaller than WCAG 2.2's 24 px target without the spacing that makes up for
 * it (axe's target-size rule).
 */
async function layoutProblems(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  await page.setViewportSize(PHONE);
  const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
  if (!response || response.status() !== 200 || !(response.headers()['content-type'] ?? '').includes('text/html')) return [];
  await page.evaluate(() => document.fonts.ready);
  problems.push(...(await widthProblem(page, 'phone')), ...(await targetSizeProblems(page, 'phone')));
  await page.setViewportSize(DESKTOP);
  problems.push(...(await widthProblem(page, 'desktop')), ...(await targetSizeProblems(page, 'desktop')));
  return problems;
}

async function targetSizeProblems(page: Page, screen: string): Promise<string[]> {
  // axe goes into the page once, at the phone's size; the desktop's run finds it there (tests/e2e/support/axe.ts).
  const violations = await axeViolations(page, { runOnly: { type: 'rule', values: ['target-size'] } });
  return violations.map((violation) => `target-size on the ${screen}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function widthProblem(page: Page, screen: string): Promise<string[]> {
  const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
  return width.page > width.screen ? [`${width.page} px wide on a ${width.screen} px ${screen}`] : [];
}
