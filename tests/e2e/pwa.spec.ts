/**
 * Senda in the pocket (issue 34, first slice; ADR 032), on a 390 px phone:
 * the app is installable (its manifest is served, valid, and its icons are
 * there); once the person accepts the install offer its service worker takes
 * the page over (and never before), and without a connection a
 * page the person opened still opens while any other shows Senda's offline
 * page in Spanish, never the browser's error page. After signing out, the next
 * person to sign in on the same browser never gets the first one's pages.
 */
import { expect, test, type Page } from '@playwright/test';
import { isControlled, signIn } from './support/app';

const PERSON = { email: 'valentina@senda.test', name: 'Valentina Ospina' };
const NEXT_PERSON = { email: 'tutor@senda.test', name: 'Tomás Rincón' };

test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

interface WebAppManifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** Senda's offline page, in Spanish, standing where the page asked for should be. */
async function expectOfflinePage(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Sin conexión' })).toBeVisible();
  await expect(page.getByText('No hay conexión a internet y esta página no está guardada en este dispositivo.')).toBeVisible();
}

async function signOut(page: Page, name: string) {
  await page.getByRole('button', { name: `Cuenta de ${name}` }).click();
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/signin$/);
}

/** Chromium's install offer, as the browser fires it when the app can be installed (headless Chromium never does). */
const offerInstall = (page: Page) =>
  page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => undefined,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    window.dispatchEvent(offer);
  });

test('the manifest is served and valid: a Spanish name, a start page, and icons that are there', async ({ page, request }) => {
  await page.goto('/signin');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as WebAppManifest;
  expect(manifest).toMatchObject({ name: 'Senda', short_name: 'Senda', start_url: '/home', display: 'standalone' });
  expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);

  // Chromium installs an app with a 192 px and a 512 px icon; a maskable one fills the launcher's shapes.
  const sizes = manifest.icons.map((icon) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toBe(icon.type);
  }
  // The start page is a real page (signed out, it asks to sign in first).
  expect((await request.get(manifest.start_url, { maxRedirects: 0 })).status()).toBeLessThan(400);
});

test('offline, an opened page still opens, any other shows the Spanish offline page, and the next person never gets the first one\'s pages', async ({ page, context }) => {
  await signIn(page, PERSON.email);
  // She accepts the offer to install Senda: from then on this phone studies offline (ADR 032).
  await page.evaluate(() => window.localStorage.setItem('installPrompt', JSON.stringify({ visits: 2 })));
  await offerInstall(page);
  await page.getByRole('complementary', { name: 'Instala Senda en tu teléfono' }).getByRole('button', { name: 'Instalar' }).click();
  // The worker installs (its precache complete when it is ready), then controls the page.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => isControlled(page)).toBe(true);
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();

  await context.setOffline(true);
  // A page she opened: the worker's copy.
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: `¡Hola, ${PERSON.name}! Te damos la bienvenida a Senda` })).toBeVisible();
  // A page she never opened: Senda's offline page at that address, with what can be read offline.
  await page.goto('/forums');
  await expect(page).toHaveURL(/\/forums$/);
  await expectOfflinePage(page);
  const kept = page.getByRole('list').filter({ has: page.getByRole('link', { name: 'Mi cuenta' }) });
  await expect(kept.getByRole('link', { name: 'Mi cuenta' })).toHaveAttribute('href', '/account');
  await expect(kept.getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/home');
  // Back online, "Reintentar" brings the page itself.
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Foros' })).toBeVisible();

  // Another person signs in on the same phone.
  await page.goto('/home');
  await signOut(page, PERSON.name);
  await signIn(page, NEXT_PERSON.email);
  await expect.poll(() => isControlled(page)).toBe(true);

  await context.setOffline(true);
  // Valentina's account page is not his to read: the offline page, and it lists none of her pages.
  await page.goto('/account');
  await expectOfflinePage(page);
  await expect(page.getByRole('link', { name: 'Mi cuenta' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Foros' })).toHaveCount(0);
  // His own home page, opened when he signed in, is his.
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: `¡Hola, ${NEXT_PERSON.name}! Te damos la bienvenida a Senda` })).toBeVisible();
  await expect(page.getByText(PERSON.name)).toHaveCount(0);
  await context.setOffline(false);
});

test('the install offer shows once, fits the phone, and closes for good from the keyboard', async ({ page }) => {
  await signIn(page, PERSON.email);
  await expect(page.locator('astro-island[ssr][client="idle"]')).toHaveCount(0);
  // A second visit in this browser (the first was counted when the page woke).
  await page.evaluate(() => window.localStorage.setItem('installPrompt', JSON.stringify({ visits: 2 })));
  await offerInstall(page);
  const offer = page.getByRole('complementary', { name: 'Instala Senda en tu teléfono' });
  await expect(offer).toBeVisible();
  const box = (await offer.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await offer.getByRole('button', { name: 'Ahora no' }).focus();
  await page.keyboard.press('Enter');
  await expect(offer).toBeHidden();
  // Not installed: no service worker comes to this browser, not even after the page has long loaded (ADR 032).
  await page.waitForTimeout(6000);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);

  // Next time the browser offers, Senda does not ask again.
  await page.reload();
  await expect(page.locator('astro-island[ssr][client="idle"]')).toHaveCount(0);
  await offerInstall(page);
  await page.waitForTimeout(300);
  await expect(offer).toHaveCount(0);
});
