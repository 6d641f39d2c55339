/**
 * Renders the installed app's icons (public/icons/*.png, listed in public/manifest.webmanifest) from the favicon's
 * drawing, with the Chromium the end-to-end tests use: `npx tsx scripts/render-app-icons.ts`. The PNGs are committed;
 * run this again only when public/favicon.svg changes. The maskable icon fills its square with the brand colour and
 * keeps the drawing inside the safe zone (the central 80 %), so a launcher's circle or squircle never cuts it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';

const root = resolve(import.meta.dirname, '..');
const favicon = readFileSync(resolve(root, 'public/favicon.svg'), 'utf8');
const drawing = favicon.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '').replace(/<rect[^>]*\/>/, '');
const brand = /<rect[^>]*fill="([^"]+)"/.exec(favicon)?.[1] ?? '#0f766e';
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${brand}"/><g transform="translate(8 8) scale(0.75)">${drawing}</g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
  { file: 'apple-touch-icon.png', size: 180, svg: maskable },
];

const browser = await chromium.launch({ executablePath: process.env.SENDA_E2E_CHROMIUM ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium'), args: ['--no-sandbox', '--headless'] });
const page = await browser.newPage();
for (const icon of ICONS) {
  await page.setViewportSize({ width: icon.size, height: icon.size });
  const svg = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.locator('svg').screenshot({ path: resolve(root, 'public/icons', icon.file), omitBackground: true });
}
await browser.close();
console.log(`${ICONS.length} icons written to public/icons/`);
