/** Helpers the specs share: signing in through the UI and reading browser storage. */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { STATUS_STUDENT } from '../../../src/lib/shared/constants';
import { DEMO_PASSWORD, serverAt, type E2EServer } from './servers';

/** The server the running test's project points at (its pages, its data directory for the CLI). */
export const thisServer = (): E2EServer => serverAt(test.info().project.use.baseURL);

/** The localStorage keys of the product contract (§3). */
export const KEYS = {
  accessData: 'accessData',
  userInfo: 'userInfo',
  currentSettings: 'currentSettings',
  aiFeedback: 'aiFeedback',
  logged: 'logged',
  removeSession: 'remove-session',
} as const;

/**
 * A localStorage item. Answers undefined (never equal to null or a value) when
 * the page is navigating at that instant, so an expect.poll simply asks again.
 */
export async function getItem(page: Page, key: string): Promise<string | null | undefined> {
  try {
    return await page.evaluate((name) => window.localStorage.getItem(name), key);
  } catch (error) {
    if (error instanceof Error && /Execution context was destroyed|navigat/i.test(error.message)) return undefined;
    throw error;
  }
}

/** A localStorage item parsed as JSON (undefined while navigating, as getItem). */
export async function getJson<T = Record<string, unknown>>(page: Page, key: string): Promise<T | null | undefined> {
  const raw = await getItem(page, key);
  return typeof raw === 'string' ? (JSON.parse(raw) as T) : raw;
}

/** Fills the sign-in form as a person would (Spanish labels) and submits it. */
export async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

/**
 * Signs in through /signin and waits for /home with the session copied to
 * localStorage. A student who has not accepted the terms gets the modal
 * first: it is accepted here unless `acceptTerms` is false.
 */
export async function signIn(page: Page, email: string, options: { password?: string; acceptTerms?: boolean } = {}): Promise<void> {
  await page.goto('/signin');
  await submitSignIn(page, email, options.password);
  await expect(page).toHaveURL(/\/home$/);
  // The terms modal is drawn by the app shell once its script runs (client-only), which on a busy machine may be
  // seconds after the page is parsed: whether it will come is asked of the session itself, never of the page so far.
  await page.waitForLoadState('domcontentloaded');
  if ((options.acceptTerms ?? true) && (await hasTermsPending(page))) await acceptTerms(page);
  await expect.poll(() => getItem(page, KEYS.accessData)).not.toBeNull();
}

/** Whether the signed-in person is a student who has not accepted the terms yet (the session says: contract §4). */
async function hasTermsPending(page: Page): Promise<boolean> {
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user?: { typeUser?: string; statusStudent?: number } } | null;
  return session?.user?.typeUser === 'student' && session.user.statusStudent === STATUS_STUDENT.pending;
}

/** Waits until the island holding `inside` has hydrated (Astro drops its `ssr` attribute then). */
export async function hydrated(page: Page, inside: Locator): Promise<void> {
  await expect(page.locator('astro-island').filter({ has: inside })).not.toHaveAttribute('ssr');
}

/** Whether a service worker controls the page (its requests go through the worker). */
export const isControlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);

/** Ticks the box and accepts the terms-and-conditions modal; the app goes back to /home. */
export async function acceptTerms(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Términos y condiciones' });
  // The shell's script draws it: on a busy machine, later than the default wait.
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('checkbox', { name: 'He leído y acepto los términos y condiciones' }).check();
  await dialog.getByRole('button', { name: 'Aceptar y continuar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.locator('dialog')).toHaveCount(0);
}

/**
 * Waits until the page's islands that hydrate at once (client:load and
 * client:only) have hydrated: a click on a server-rendered button before
 * that does nothing.
 */
export async function islandsReady(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr][client="load"], astro-island[ssr][client="only"]')).toHaveCount(0);
}

/** The set-password link of the newest delivered message of that subject to `to`, read in the development mailbox as an admin. */
export async function linkFromMailbox(admin: Page, to: string, subject: string): Promise<string> {
  await expect(async () => {
    await admin.goto(`/admin/mailbox?to=${encodeURIComponent(to)}`);
    const row = admin.getByRole('row').filter({ hasText: subject }).first();
    await expect(row).toContainText('Entregado', { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await admin.getByRole('row').filter({ hasText: subject }).first().getByRole('link', { name: `Abrir el correo para ${to}` }).click();
  await expect(admin.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  const href = await admin.getByTestId('mail-body').getByRole('link', { name: /\/set-password\?token=/ }).getAttribute('href');
  return new URL(href!).pathname + new URL(href!).search;
}
