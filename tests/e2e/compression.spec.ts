/**
 * Pages, scripts and styles travel compressed: brotli when the browser
 * accepts it, gzip otherwise; static files from their copies made at build
 * time (cached for a year, since their names change with their content).
 */
import { expect, test } from '@playwright/test';

test('pages and static files are compressed on the wire, and read back the same', async ({ request, page }) => {
  await page.goto('/signin');
  const scripts = await page.locator('script[src^="/_astro/"], link[rel="modulepreload"][href^="/_astro/"]').evaluateAll((elements) => elements.map((element) => element.getAttribute('src') ?? element.getAttribute('href')!));
  // Files under 1 KB are not worth compressing (build/precompress.mjs): take the page's largest script.
  const sizes = await Promise.all(scripts.map(async (src) => ({ src, bytes: (await (await request.get(src, { headers: { 'accept-encoding': 'identity' } })).body()).length })));
  const script = sizes.sort((a, b) => b.bytes - a.bytes)[0]?.src;
  expect(script).toMatch(/^\/_astro\/.+\.js$/);

  const plain = await request.get(script!, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  for (const encoding of ['br', 'gzip'] as const) {
    const compressed = await request.fetch(script!, { headers: { 'accept-encoding': encoding } });
    expect(compressed.headers()['content-encoding']).toBe(encoding);
    expect(compressed.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(compressed.headers()['vary']).toMatch(/accept-encoding/i);
    // Playwright decodes the body: the same script either way.
    expect((await compressed.body()).equals(await plain.body())).toBe(true);
  }

  const html = await request.get('/signin', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(html.headers()['content-encoding']).toBe('br');
  expect(html.headers()['content-type']).toMatch(/text\/html/);
  expect(await html.text()).toContain('<html lang="es">');
  const gzipped = await request.get('/signin', { headers: { 'accept-encoding': 'gzip' } });
  expect(gzipped.headers()['content-encoding']).toBe('gzip');
  // The baseline security headers still come with a compressed answer.
  expect(gzipped.headers()['x-content-type-options']).toBe('nosniff');
});

test('a browser’s first page carries the stylesheet inline; later pages link the cached file', async ({ page, context }) => {
  await context.clearCookies();
  const first = await page.goto('/signin');
  const firstHtml = await first!.text();
  expect(firstHtml).toMatch(/<style>[^<]*\.signin/);
  expect(firstHtml).toMatch(/<link rel="prefetch" href="\/_astro\/[\w.-]+\.css">/);
  expect((await context.cookies()).map((cookie) => cookie.name)).toContain('senda_styles');

  const next = await page.goto('/legal/terms');
  const nextHtml = await next!.text();
  expect(nextHtml).toMatch(/<link rel="stylesheet" href="\/_astro\/[\w.-]+\.css">/);
  expect(nextHtml).not.toMatch(/<style>[^<]*\.signin/);
  // Styled either way: the sign-in card and the legal page use the same rules.
  await expect(page.locator('main')).toHaveCSS('display', /block|grid|flex/);
  expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
});
