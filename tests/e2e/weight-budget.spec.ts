/**
 * Issue 34's weight budget, checked on the built app as a phone on prepaid
 * data loads it: a lesson page is at most 50 KB over the wire without its
 * media (the page, its styles, scripts and fonts, read to the end so every
 * island that wakes on view has loaded), and a student page's JavaScript at
 * most 100 KB gzip. Each page is a first visit (an empty HTTP cache, the
 * session kept), the heaviest case; the service worker's own fetches (its
 * precache) are not the page's and are left out.
 */
import { gzipSync } from 'node:zlib';
import { expect, test, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import { signIn } from './support/app';
import { DEMO } from './support/servers';

const LESSON_BUDGET_BYTES = 50 * 1024;
const SCRIPT_BUDGET_BYTES = 100 * 1024;
const MEDIA = new Set(['image', 'media']);

/** A fresh context (empty HTTP cache) with the student's session, on a 390 px phone. */
async function coldContextOf(browser: Browser, signedIn: BrowserContext): Promise<BrowserContext> {
  return browser.newContext({ storageState: await signedIn.storageState(), viewport: { width: 390, height: 844 }, locale: 'es-CO', timezoneId: 'America/Bogota' });
}

/** Every request the page itself makes while it loads and is read to the end. */
async function requestsOf(page: Page, path: string): Promise<Request[]> {
  const requests: Request[] = [];
  page.on('requestfinished', (request) => {
    if (!request.serviceWorker()) requests.push(request);
  });
  await page.goto(path);
  // The page itself, not a page it sent the reader to.
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  return requests;
}

/** Bytes on the wire: the encoded body and the response headers. */
async function wireBytesOf(requests: Request[]): Promise<number> {
  const sizes = await Promise.all(requests.map((request) => request.sizes()));
  return sizes.reduce((sum, size) => sum + size.responseBodySize + size.responseHeadersSize, 0);
}

test('a lesson page is at most 50 KB over the wire without its media, and a student page carries at most 100 KB of JavaScript gzip', async ({ browser, page, context, request }) => {
  await signIn(page, DEMO.student);
  const course = await page.locator('a[href^="/courses/"]').first().getAttribute('href');
  await page.goto(course!);
  const lesson = await page.locator('a[href^="/lessons/"]').first().getAttribute('href');
  expect(lesson).toMatch(/^\/lessons\/\d+$/);
  // Read once signed in, so the session the cold browsers take is the one that reads lessons (terms accepted).
  await page.goto(lesson!);
  await expect(page).toHaveURL(new RegExp(`${lesson}$`));

  const lessonContext = await coldContextOf(browser, context);
  const lessonRequests = await requestsOf(await lessonContext.newPage(), lesson!);
  const withoutMedia = lessonRequests.filter((item) => !MEDIA.has(item.resourceType()));
  expect(withoutMedia.some((item) => item.resourceType() === 'document')).toBe(true);
  const lessonBytes = await wireBytesOf(withoutMedia);
  console.log(`lesson page ${lesson}: ${(lessonBytes / 1024).toFixed(1)} KB over the wire without media, ${withoutMedia.length} requests`);
  expect(lessonBytes).toBeLessThanOrEqual(LESSON_BUDGET_BYTES);
  await lessonContext.close();

  for (const path of ['/home', course!, lesson!]) {
    const cold = await coldContextOf(browser, context);
    const scripts = [...new Set((await requestsOf(await cold.newPage(), path)).filter((item) => item.resourceType() === 'script').map((item) => new URL(item.url()).pathname))];
    await cold.close();
    // gzip, whatever the browser was answered with (brotli is smaller): each script as the server holds it, gzipped.
    const bodies = await Promise.all(scripts.map(async (src) => (await request.get(src, { headers: { 'accept-encoding': 'identity' } })).body()));
    const gzipBytes = bodies.reduce((sum, body) => sum + gzipSync(body).length, 0);
    console.log(`${path}: ${scripts.length} scripts, ${(gzipBytes / 1024).toFixed(1)} KB gzip`);
    expect(gzipBytes, `JavaScript of ${path}`).toBeLessThanOrEqual(SCRIPT_BUDGET_BYTES);
  }
});
