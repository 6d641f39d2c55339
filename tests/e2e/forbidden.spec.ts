/**
 * (e) Any 403: the shared request helper sets remove-session, the page reloads
 * about 150 ms later, and the reloaded app signs the user out.
 */
import { expect, test } from '@playwright/test';
import { getItem, getJson, KEYS, signIn, submitSignIn } from './support/app';
import { DEMO } from './support/servers';

const HOMEWORK = /\/training_path\/\d+\/user\/\d+\/homework\/$/;
const isHomework = (url: string) => HOMEWORK.test(new URL(url).pathname);

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

  // Every navigation to /home, timed: the first is the sign-in, the next the reload.
  const homeNavigations: number[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && new URL(request.url()).pathname === '/home') homeNavigations.push(Date.now());
  });
  // The homework list's request goes to another user's id, so the server itself answers 403.
  await page.route(
    (url) => isHomework(url.href),
    (route) => route.continue({ url: route.request().url().replace(/\/user\/\d+\//, '/user/999999/') }),
    { times: 1 },
  );
  const forbidden = page.waitForResponse((response) => isHomework(response.url()) && response.status() === 403);

  await page.goto('/signin');
  await submitSignIn(page, DEMO.tutor);
  // The homework list asks through the shared helper as soon as the session is known.
  await forbidden;
  await expect.poll(() => removeSessionSetAt.length).toBe(1);
  await expect.poll(() => homeNavigations.filter((at) => at >= removeSessionSetAt[0]!).length).toBeGreaterThan(0);
  const reloadedAt = homeNavigations.find((at) => at >= removeSessionSetAt[0]!)!;

  expect(removeSessionSetAt).toHaveLength(1);
  const delay = reloadedAt - removeSessionSetAt[0]!;
  expect(delay).toBeGreaterThanOrEqual(140);
  expect(delay).toBeLessThan(1500);

  // The reloaded page sees remove-session, clears storage and signs out.
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { name: 'Te damos la bienvenida a Senda' })).toBeVisible();
  for (const key of [KEYS.accessData, KEYS.userInfo, KEYS.logged, KEYS.removeSession]) {
    await expect.poll(() => getItem(page, key), key).toBeNull();
  }
  await expect.poll(async () => (await context.cookies()).map((cookie) => cookie.name)).not.toContain('authjs.session-token');

  await page.goto('/home');
  await expect(page).toHaveURL(/\/signin\?error=SessionRequired/);
});
