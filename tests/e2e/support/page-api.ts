/** What the specs that set up their own data share: API calls with the signed-in page's token, and axe's findings. */
import { expect, type Page } from '@playwright/test';
import { getJson, KEYS } from './app';
import { axeViolations, describeViolations, SWEEP_RULES } from './axe';

/** An API call with the signed-in page's token: a test's own setup and checks, not what is under test. */
export async function api<T>(page: Page, method: string, path: string, data?: object): Promise<T> {
  const access = await getJson<{ accessToken: string }>(page, KEYS.accessData);
  const response = await page.request.fetch(path, { method, headers: { Authorization: `Bearer ${access!.accessToken}` }, ...(data ? { data } : {}) });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** What axe finds on the page as it stands (the accessibility sweep's rules, target size included). */
export async function violationsOn(page: Page): Promise<string[]> {
  return describeViolations(await axeViolations(page, SWEEP_RULES));
}
