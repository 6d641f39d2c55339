/**
 * The scripts Senda writes inline into every page's <head>, minified at build
 * time (and in dev and the tests, the same way): `virtual:senda/hold-early-actions`
 * is holdEarlyActions (src/lib/client/keep-early-actions.ts) as a minified
 * script that runs it on `window`. Its source stays readable TypeScript; the
 * page carries a third of its size (the early-click keeper runs on every page,
 * and /home's JavaScript has a budget: issue 2).
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCRIPTS = {
  'virtual:senda/hold-early-actions': {
    source: 'src/lib/client/keep-early-actions.ts',
    entry: "import { holdEarlyActions } from './src/lib/client/keep-early-actions.ts'; holdEarlyActions(window);",
  },
  'virtual:senda/register-service-worker': {
    source: 'src/lib/client/register-service-worker.ts',
    entry: "import { startServiceWorker } from './src/lib/client/register-service-worker.ts'; startServiceWorker(window);",
  },
};

/** @returns {import('vite').Plugin} */
export function inlineScripts() {
  return {
    name: 'senda-inline-scripts',
    resolveId(id) {
      return id in SCRIPTS ? `\0${id}` : null;
    },
    async load(id) {
      const script = SCRIPTS[id.replace(/^\0/, '')];
      if (!id.startsWith('\0') || !script) return null;
      this.addWatchFile(`${ROOT}${script.source}`);
      const result = await build({
        stdin: { contents: script.entry, resolveDir: ROOT, loader: 'ts' },
        bundle: true,
        minify: true,
        format: 'iife',
        target: 'es2020',
        write: false,
        logLevel: 'silent',
      });
      const code = result.outputFiles[0].text.trim();
      return `export default ${JSON.stringify(code)};`;
    },
  };
}
