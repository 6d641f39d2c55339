/**
 * Every change Senda makes to Astro's own code, in one list (ADR 018), and
 * the framework versions they were written against. Astro has no option or
 * hook for any of them; each is a text patch applied by Vite's transform
 * (build/source-patches.mjs), never a file rewritten in node_modules, and
 * the same in the server build, `astro dev` and vitest.
 * tests/unit/framework-patches.test.ts fails, naming the file to update,
 * when an installed version is not its pin or a patch's text is gone.
 */
import { CSP_DIGEST_PATCHES, cspDigestMemo } from './csp-digest-memo.mjs';
import { ISLAND_RENDER_PATCHES, islandRender } from './island-render.mjs';
import { ROUTE_MEMO_PATCHES, routeMemos } from './route-memos.mjs';

/**
 * The exact versions the patches and Senda's React renderer were checked
 * against, each with the files to look at again before moving the pin.
 * @type {{ name: string, version: string, check: string[] }[]}
 */
export const FRAMEWORK_PINS = [
  { name: 'astro', version: '7.3.5', check: ['build/csp-digest-memo.mjs', 'build/route-memos.mjs', 'build/island-render.mjs'] },
  // The server renderer copies its server.js and pairs with its client.js.
  { name: '@astrojs/react', version: '7.0.0', check: ['build/react-renderer.mjs', 'build/react-renderer-server.mjs'] },
  // Its request handler is what calls the router and the page modules route-memos.mjs memoises.
  { name: '@astrojs/node', version: '11.1.6', check: ['build/route-memos.mjs'] },
];

/** Each plugin (its file is `build/<plugin>.mjs`) with its patches. */
export const FRAMEWORK_PATCHES = [
  { plugin: 'csp-digest-memo', patches: CSP_DIGEST_PATCHES },
  { plugin: 'route-memos', patches: ROUTE_MEMO_PATCHES },
  { plugin: 'island-render', patches: ISLAND_RENDER_PATCHES },
];

/** The Vite plugins that apply FRAMEWORK_PATCHES. @returns {import('vite').Plugin[]} */
export function frameworkPatches() {
  return [cspDigestMemo(), routeMemos(), islandRender()];
}
