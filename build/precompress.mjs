/**
 * Static files are compressed once, at build time: every text asset of the
 * client build (scripts, styles, SVG, JSON) of 1 KB or more gets a `.br`
 * (brotli, best quality) and a `.gz` (gzip level 9) next to it, which the
 * server's static layer (sirv, see boot/serve-app.ts) sends to browsers that
 * accept them. Pages are compressed on the fly instead (compression).
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT_ASSET = /\.(js|mjs|css|svg|json|txt|xml|csv|map)$/;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* filesUnder(folder) {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (TEXT_ASSET.test(entry.name)) yield path;
  }
}

/** @returns {import('astro').AstroIntegration} */
export function precompress() {
  return {
    name: 'senda-precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        let count = 0;
        for await (const path of filesUnder(fileURLToPath(dir))) {
          if ((await stat(path)).size < MIN_BYTES) continue;
          const body = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
            gzipAsync(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
          count += 1;
        }
        logger.info(`${count} static files precompressed (brotli and gzip)`);
      },
    },
  };
}
