/**
 * Worker threads in the built server. Code starts a worker with
 * `new Worker(new URL('./name.worker.ts', import.meta.url))`: in development,
 * tests and scripts the URL names the source file, which Node 24 runs as is
 * (a worker file imports only packages and node: modules). Vite leaves such
 * URLs alone in a server build, so this plugin bundles each `*.worker.ts` it
 * finds referenced that way into its own chunk and points the URL at it.
 */
import { dirname, posix, resolve } from 'node:path';

const WORKER_URL = /new URL\(\s*(['"])(\.{1,2}\/[^'"]+\.worker\.ts)\1\s*,\s*import\.meta\.url\s*\)/g;
const PLACEHOLDER = /__SENDA_WORKER_CHUNK_([A-Za-z0-9_$-]+)__/g;

/** @returns {import('vite').Plugin} */
export function workerChunks() {
  return {
    name: 'senda-worker-chunks',
    apply: 'build',
    transform(code, id) {
      if (!code.includes('.worker.ts')) return null;
      let changed = false;
      const out = code.replace(WORKER_URL, (_match, _quote, path) => {
        const file = resolve(dirname(id), path);
        const ref = this.emitFile({ type: 'chunk', id: file, name: posix.basename(file, '.ts').replace('.', '-') });
        changed = true;
        return `new URL(__SENDA_WORKER_CHUNK_${ref}__, import.meta.url)`;
      });
      return changed ? { code: out, map: null } : null;
    },
    renderChunk(code, chunk) {
      if (!code.includes('__SENDA_WORKER_CHUNK_')) return null;
      return code.replace(PLACEHOLDER, (_match, ref) => {
        const relative = posix.relative(posix.dirname(chunk.fileName), this.getFileName(ref));
        return JSON.stringify(relative.startsWith('.') ? relative : `./${relative}`);
      });
    },
  };
}
