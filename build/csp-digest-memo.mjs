/**
 * Astro computes, for every page it renders, a SHA-256 of each of the page's
 * inline scripts and styles for the Content-Security-Policy header, through
 * WebCrypto's asynchronous digest (a thread-pool job each). The inputs are the
 * same on every render of a route, so on a busy page that is several jobs per
 * request for answers already known: 6–7 % of the lesson page's CPU. This
 * plugin memoises Astro's `generateCspDigest` (a bounded map by algorithm and
 * text) in the server build. If Astro renames or reshapes the function the
 * build fails here with this message, rather than silently losing the memo.
 */
import { sourcePatches } from './source-patches.mjs';

const ORIGINAL = 'async function generateCspDigest(data, algorithm) {';
/** Texts beyond this length are hashed every time (a large inline block is not worth keeping). */
const MAX_MEMO_TEXT = 65_536;
const MAX_MEMO_ENTRIES = 2_000;

/** @type {import('./source-patches.mjs').SourcePatch[]} */
export const CSP_DIGEST_PATCHES = [
  {
    module: 'astro/dist/core/encryption.js',
    find: ORIGINAL,
    changed: "Astro's generateCspDigest",
    replace: `const sendaCspDigests = new Map();
async function generateCspDigest(data, algorithm) {
  if (typeof data !== 'string' || data.length > ${MAX_MEMO_TEXT}) return computeCspDigest(data, algorithm);
  const key = algorithm + '\\u0000' + data;
  let digest = sendaCspDigests.get(key);
  if (digest === undefined) {
    if (sendaCspDigests.size >= ${MAX_MEMO_ENTRIES}) sendaCspDigests.clear();
    digest = computeCspDigest(data, algorithm);
    sendaCspDigests.set(key, digest);
  }
  return digest;
}
async function computeCspDigest(data, algorithm) {`,
  },
];

/** @returns {import('vite').Plugin} */
export function cspDigestMemo() {
  return sourcePatches('csp-digest-memo', CSP_DIGEST_PATCHES);
}
