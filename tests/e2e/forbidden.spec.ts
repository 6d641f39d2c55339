/**
 * (e) Any 403: the shared request helper sets remove-session, the page reloads
 * about 150 ms later, and the reloaded app signs the user out.
 */
import { expect, test, type Page } from '@playwright/test';
import { getItem, getJson, KEYS, signIn, submitSignIn } from './support/app';
import { DEMO } from './support/servers';

const ATTACHMENTS = /^\/api\/v2\/lessons\/\d+\/attachments\/$/;

test("the API answers 403 for someone else's homework", async ({ page }) => {
  await signIn(page, DEMO.tutor);
  const access = (await getJson<{ accessToken: string; idUser: number; idTrainingPath: number }>(page, KEYS.accessData))!;
  expect(access.idTrainingPath).toEqual(expect.any(Number));

  const call = (idUser: number) =>
    page.evaluate(
      async ({ path, token }) => {
        const response = await fetch(path, { headers: { Authorization: `Bearer ${token}` } });
        return { status: response.status, body: (await response.json()) as unknown };
      },
      { path: `/training_path/${access.idTrainingPath}/user/${idUser}/homework/`, token: access.accessToken },
    );
  expect((await call(access.idUser)).status).toBe(200);
  const other = await call(access.idUser + 1);
  expect(other.status).toBe(403);
  expect(other.body).toMatchObject({ error: { code: 'forbidden_other_user' } });
});

test('a 403 through the request helper sets remove-session, reloads after ~150 ms and signs the user out', async ({ page, context }) => {
  // Record when the app sets remove-session (the exposed binding survives reloads).
  const removeSessionSetAt: number[] = [];
  await page.exposeFunction('__e2eRemoveSessionSet', (at: number) => removeSessionSetAt.push(at));
  await page.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      setItem.call(this, key, value);
      if (key === 'remove-session') void (window as unknown as { __e2eRemoveSessionSet(at: number): Promise<void> }).__e2eRemoveSessionSet(Date.now());
    };
  });

  await page.goto('/signin');
  await submitSignIn(page, DEMO.tutor);
  await expect(page).toHaveURL(/\/home$/);
  // The app shell copies the session into local storage once it has loaded.
  await expect.poll(() => getItem(page, KEYS.accessData)).not.toBeNull();
  const access = (await getJson<{ idUser: number; idTrainingPath: number }>(page, KEYS.accessData))!;
  const courseId = await firstLinkedId(page, '/home', /^\/courses\/\d+$/);
  const lessonId = await firstLinkedId(page, `/courses/${courseId}`, /^\/lessons\/\d+$/);
  const editor = `/admin/lessons/${lessonId}`;

  // Every navigation to the lesson editor, timed: the first is the visit, the next the reload.
  const editorNavigations: number[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && new URL(request.url()).pathname === editor) editorNavigations.push(Date.now());
  });
  // The editor's attachment list asks through the shared helper once it is scrolled into view; the test asks the
  // server for another user's homework with the same request (same token) and answers with what it got: a real 403.
  await page.route(
    (url) => ATTACHMENTS.test(url.pathname),
    async (route) => {
      const otherUser = new URL(`/training_path/${access.idTrainingPath}/user/${access.idUser + 999_999}/homework/`, route.request().url()).href;
      await route.fulfill({ response: await route.fetch({ url: otherUser, method: 'GET' }) });
    },
    { times: 1 },
  );
  const forbidden = page.waitForResponse((response) => ATTACHMENTS.test(new URL(response.url()).pathname) && response.status() === 403);
  await page.goto(editor);
  // The attachments island hydrates when it comes into view.
  await page.getByRole('heading', { name: 'Archivos adjuntos' }).scrollIntoViewIfNeeded();
  await forbidden;
  await expect.poll(() => removeSessionSetAt.length).toBe(1);
  await expect.poll(() => editorNavigations.filter((at) => at >= removeSessionSetAt[0]!).length).toBeGreaterThan(0);
  const reloadedAt = editorNavigations.find((at) => at >= removeSessionSetAt[0]!)!;

  expect(removeSessionSetAt).toHaveLength(1);
  const delay = reloadedAt - removeSessionSetAt[0]!;
  expect(delay).toBeGreaterThanOrEqual(140);
  expect(delay).toBeLessThan(1500);

  // The reloaded page sees remove-session, clears storage and signs out.
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByRole('heading', { name: 'Te damos la bienvenida a Senda' })).toBeVisible();
  for (const key of [KEYS.accessData, KEYS.userInfo, KEYS.logged, KEYS.removeSession]) {
    await expect.poll(() => getItem(page, key), key).toBeNull();
  }
  await expect.poll(async () => (await context.cookies()).map((cookie) => cookie.name)).not.toContain('authjs.session-token');

  await page.goto('/home');
  await expect(page).toHaveURL(/\/signin\?error=SessionRequired/);
});

/** The id in the first link on a page matching the pattern. */
async function firstLinkedId(page: Page, path: string, pattern: RegExp): Promise<string> {
  await page.goto(path);
  const hrefOf = () =>
    page.locator('a[href]').evaluateAll((links, source) => links.map((link) => link.getAttribute('href') ?? '').find((href) => new RegExp(source).test(href)) ?? '', pattern.source);
  await expect.poll(hrefOf, { message: `a link matching ${pattern}` }).not.toBe('');
  return /(\d+)/.exec(await hrefOf())![1]!;
}
