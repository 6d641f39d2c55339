/**
 * The server looks for a client build file only when the path could be one
 * (src/lib/server/boot/compression.ts): every file the build writes has an
 * extension, and no page is prerendered into an HTML file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mayBeStaticFile } from '~/lib/server/boot/compression';

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)]));
}

describe('which requests may be for a client build file', () => {
  it('takes paths whose last segment has an extension, with or without a query', () => {
    expect(mayBeStaticFile('/_astro/client.XI9U0KhD.js')).toBe(true);
    expect(mayBeStaticFile('/favicon.svg')).toBe(true);
    expect(mayBeStaticFile('/templates/usuarios.xlsx?v=2')).toBe(true);
  });

  it('sends page and API paths straight to the app', () => {
    expect(mayBeStaticFile('/lessons/12')).toBe(false);
    expect(mayBeStaticFile('/home?lang=en')).toBe(false);
    expect(mayBeStaticFile('/api/v2/threads/5/')).toBe(false);
    expect(mayBeStaticFile('/v1.2/courses')).toBe(false);
    expect(mayBeStaticFile(undefined)).toBe(false);
  });

  it('holds for what the build copies: every public file has an extension, and no page is prerendered', () => {
    const publicFiles = filesUnder('public').map((file) => `/${file.slice('public/'.length)}`);
    expect(publicFiles.length).toBeGreaterThan(0);
    for (const file of publicFiles) expect(mayBeStaticFile(file), file).toBe(true);
    const prerendered = filesUnder('src/pages').filter((file) => /export const prerender = true/.test(readFileSync(file, 'utf8')));
    expect(prerendered).toEqual([]);
  });
});
