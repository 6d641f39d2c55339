/**
 * The app server process runs from a bundle made at build time
 * (dist/boot/serve-worker.mjs and its chunks, from src/lib/server/boot/serve-worker.ts) on
 * plain Node, not through tsx: Astro imports a page's module on every request,
 * and each import passed through tsx's resolve hooks. Packages stay external
 * (node_modules); the files the server reads beside its code (the
 * dictionaries, the SQL migrations) are copied next to the bundle.
 */
import { cp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** @returns {import('astro').AstroIntegration} */
export function bootBundle() {
  return {
    name: 'senda-boot-bundle',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(new URL('..', import.meta.url));
        const out = join(fileURLToPath(dir), '..', 'boot');
        await rm(out, { recursive: true, force: true });
        await build({
          absWorkingDir: root,
          entryPoints: ['src/lib/server/boot/serve-worker.ts'],
          outdir: out,
          outExtension: { '.js': '.mjs' },
          // What the server loads only when asked (the S3 client, the mail, zip and report jobs) stays in its own chunk,
          // imported on first use. Chunks sit beside the entry: modules that read files next to themselves
          // (`new URL('./locales/', import.meta.url)`) find them whichever chunk they land in.
          splitting: true,
          chunkNames: '[name]-[hash]',
          bundle: true,
          platform: 'node',
          format: 'esm',
          target: 'node24',
          packages: 'external',
          tsconfig: 'tsconfig.json',
          logLevel: 'warning',
        });
        await cp(join(root, 'src/i18n/locales'), join(out, 'locales'), { recursive: true });
        await cp(join(root, 'src/lib/server/db/migrations'), join(out, 'migrations'), { recursive: true });
        logger.info('app server bundled (dist/boot/serve-worker.mjs)');
      },
    },
  };
}
