/**
 * Stored pictures at a phone-sized width (issue 34): banners, course pictures
 * and the images in lessons are fetched as WebP no wider than the phone needs,
 * never larger than the file as stored, and a bad width is a 400 in the
 * caller's language.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { GET as getFile } from '~/pages/api/v2/files/[key]';
import { renderMarkdown } from '~/lib/server/markdown/render-markdown';
import { getStorage } from '~/lib/server/storage';
import { srcsetOf } from '~/lib/shared/responsive-images';
import { call } from '../support/http';

/** A photo-like picture (grain everywhere, as a camera's: it does not compress to nothing), as PNG. */
async function storedPhoto(width: number, height: number) {
  const png = await sharp({ create: { width, height, channels: 3, background: '#4a7', noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).png().toBuffer();
  const stored = await getStorage().put(new Uint8Array(png), 'image/png');
  return { ...stored, bytes: png.byteLength };
}

const keyIn = (url: string) => url.replace('/api/v2/files/', '').replace(/\?.*$/, '');

/** The file endpoint's answer as a browser's <img> gets it: its status, type and bytes. */
async function fetchFile(url: string) {
  const response = await getFile({ request: new Request(`http://localhost${url}`), params: { key: keyIn(url) }, url: new URL(`http://localhost${url}`) } as never);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get('content-type'), bytes };
}

describe('GET /api/v2/files/{key}?w=', () => {
  it('serves a stored picture as WebP at the width asked for, lighter than the original, and the original without a width', async () => {
    const photo = await storedPhoto(1600, 900);
    for (const width of [390, 780, 1170]) {
      const { status, type, bytes } = await fetchFile(`${photo.url}?w=${width}`);
      expect(status, String(width)).toBe(200);
      expect(type).toBe('image/webp');
      expect(bytes.byteLength).toBeLessThan(photo.bytes);
      const { width: shownWidth, height, format } = await sharp(bytes).metadata();
      expect({ format, width: shownWidth, height }).toEqual({ format: 'webp', width, height: Math.round((900 * width) / 1600) });
    }
    const whole = await fetchFile(photo.url);
    expect(whole.type).toBe('image/png');
    expect(whole.bytes.byteLength).toBe(photo.bytes);
  });

  it('never enlarges a small picture, and serves as stored what cannot be resized', async () => {
    const small = await storedPhoto(200, 100);
    const response = await fetchFile(`${small.url}?w=780`);
    expect(response.status).toBe(200);
    const { width } = await sharp(response.bytes).metadata();
    expect(width).toBe(200);

    // Bytes that only claim to be a PNG: the file as stored, not a 500.
    const broken = await getStorage().put(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png');
    const answer = await fetchFile(`${broken.url}?w=390`);
    expect(answer.status).toBe(200);
    expect(answer.bytes).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });

  it('refuses a width it does not make, in the caller’s language, and a deleted picture is gone at every width', async () => {
    const photo = await storedPhoto(800, 400);
    const odd = await call(getFile, { path: `${photo.url}?w=500`, params: { key: photo.key }, headers: { 'accept-language': 'en' } });
    expect(odd.status).toBe(400);
    expect(odd.json.error.code).toBe('validation_failed');
    expect(odd.json.error.fields).toHaveProperty('w');
    expect((await fetchFile(`${photo.url}?w=390`)).status).toBe(200);
    await getStorage().delete(photo.key);
    expect((await fetchFile(`${photo.url}?w=390`)).status).toBe(404);
  });
});

describe('pages ask for the width that fits', () => {
  it('offers a stored picture at three widths and leaves other sites’ images and SVGs as they are', () => {
    expect(srcsetOf('/api/v2/files/abc.png')).toBe('/api/v2/files/abc.png?w=390 390w, /api/v2/files/abc.png?w=780 780w, /api/v2/files/abc.png?w=1170 1170w');
    expect(srcsetOf('/banners/banner-1.svg')).toBeUndefined();
    expect(srcsetOf('https://example.org/photo.jpg')).toBeUndefined();
    expect(srcsetOf(null)).toBeUndefined();
  });

  it('shows a lesson’s stored images at a phone’s width, other sites’ images as written', () => {
    const html = renderMarkdown('![Mapa](/api/v2/files/abcdefghijklmnopqrstuvwxyz012345.jpg)\n\n![Foto](https://example.org/foto.jpg)');
    expect(html).toContain('src="/api/v2/files/abcdefghijklmnopqrstuvwxyz012345.jpg?w=780"');
    expect(html).toContain('src="https://example.org/foto.jpg"');
  });
});
