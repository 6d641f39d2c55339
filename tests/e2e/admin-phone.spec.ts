/**
 * The admin screens on a 390 px phone (issue 35): the sections are one row
 * that scrolls sideways with the current one in view, so a page's own content
 * starts near the top instead of under eleven buttons (~290 px).
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support/app';
import { DEMO } from './support/servers';

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone the admin sections take one row, the current one in view, and the page starts near the top', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/admin/payments');
  const nav = page.getByRole('navigation', { name: 'Secciones de administración' });
  const current = nav.getByRole('link', { name: 'Pagos' });
  await expect(current).toHaveAttribute('aria-current', 'page');

  const navBox = (await nav.boundingBox())!;
  expect(navBox.height).toBeLessThan(64);
  // The current section, near the end of the row, is scrolled into view.
  const currentBox = (await current.boundingBox())!;
  expect(currentBox.x).toBeGreaterThanOrEqual(navBox.x - 1);
  expect(currentBox.x + currentBox.width).toBeLessThanOrEqual(navBox.x + navBox.width + 1);
  // The page's own heading follows right under it.
  const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
  expect(heading.y).toBeLessThan(navBox.y + navBox.height + 80);

  // Every section is still reachable: the row scrolls to the first one.
  await nav.getByRole('link', { name: 'Resumen' }).scrollIntoViewIfNeeded();
  await nav.getByRole('link', { name: 'Resumen' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});
