import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '~/lib/server/storage/local-disk';
import { detectImageType } from '~/lib/server/storage/detect-image-type';
import { isStorageKey, keyOfUrl } from '~/lib/server/storage/keys';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('detectImageType', () => {
  it('recognises PNG, JPEG and WebP by their magic bytes only', () => {
    expect(detectImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xdb))).toBe('image/jpeg');
    expect(detectImageType(text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses SVG, other RIFF files, truncated signatures and empty files', () => {
    expect(detectImageType(text('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(detectImageType(text('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(detectImageType(text('RIFF\u0000\u0000\u0000\u0000WAVEfmt '))).toBeNull();
    expect(detectImageType(bytes(0x89, 0x50, 0x4e))).toBeNull();
    expect(detectImageType(bytes())).toBeNull();
  });
});

describe('storage keys', () => {
  it('accept only 32 base64url characters and a known extension', () => {
    expect(isStorageKey(`${'a'.repeat(32)}.png`)).toBe(true);
    for (const bad of [`${'a'.repeat(31)}.png`, `${'a'.repeat(32)}.svg`, `../${'a'.repeat(29)}.png`, `${'a'.repeat(32)}.png/`, `${'a'.repeat(32)}.png.partial`]) {
      expect(isStorageKey(bad), bad).toBe(false);
    }
  });

  it('map our file URLs back to keys and ignore any other URL', () => {
    expect(keyOfUrl(`/api/v2/files/${'b'.repeat(32)}.webp`)).toBe(`${'b'.repeat(32)}.webp`);
    expect(keyOfUrl('/banners/banner-1.svg')).toBeNull();
    expect(keyOfUrl('/api/v2/files/../../secret')).toBeNull();
  });
});

describe('local disk storage', () => {
  it('puts, gets and deletes real files under random keys', async () => {
    const directory = join(mkdtempSync(join(tmpdir(), 'senda-storage-')), 'uploads');
    const storage = createLocalDiskStorage(directory);
    const first = await storage.put(bytes(1, 2, 3), 'image/png');
    const second = await storage.put(bytes(1, 2, 3), 'image/png');
    expect(first.key).not.toBe(second.key);
    expect(first.url).toBe(`/api/v2/files/${first.key}`);
    expect(readdirSync(directory).sort()).toEqual([first.key, second.key].sort());
    expect(await storage.get(first.key)).toEqual({ data: bytes(1, 2, 3), contentType: 'image/png' });
    await storage.delete(first.key);
    expect(existsSync(join(directory, first.key))).toBe(false);
    expect(await storage.get(first.key)).toBeNull();
    expect(await storage.get('../../etc/passwd')).toBeNull();
    await storage.delete('../../etc/passwd');
  });
});
