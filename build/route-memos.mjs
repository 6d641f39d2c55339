/**
 * Two answers Astro's server works out again on every request, although they
 * never change while a build runs:
 * - which route a path is: the router tries each route's pattern in turn
 *   (some 300 routes; ~3.5 % of the lesson page's CPU);
 * - a route's page module: a dynamic `import()` per request, which Node
 *   resolves again each time (~3 %);
 * - the link of each of a page's scripts and stylesheets, made by parsing the
 *   asset's path as a URL (~2.3 % of the lesson page).
 * This plugin remembers them in the server build: the route found for a path
 * (a bounded map; the params are still read from the path each time), the
 * module promise per route, and each asset's link (a bounded map by base,
 * prefix and path; links with query parameters are made each time). If Astro reshapes either function the build fails
 * here with this message, rather than silently losing the memo.
 */
import { sourcePatches } from './source-patches.mjs';

const ROUTER_FIND = `const route = this.#routes.find((candidate) => {
      if (candidate.pattern.test(pathname)) return true;
      return candidate.fallbackRoutes.some((fallbackRoute) => fallbackRoute.pattern.test(pathname));
    });`;
const MODULE_FOR_ROUTE = 'async function getModuleForRoute(manifest, route) {';
const CREATE_ASSET_LINK = 'function createAssetLink(href, base, assetsPrefix, queryParams) {';
/** Asset links remembered at most (the build's assets are a bounded set; the map starts afresh when full). */
const MAX_ASSET_LINKS = 5_000;
/** Paths remembered at most (ids in paths make them many); the map starts afresh when full. */
const MAX_PATHS = 20_000;

/** @type {import('./source-patches.mjs').SourcePatch[]} */
export const ROUTE_MEMO_PATCHES = [
  {
    module: 'astro/dist/core/routing/router.js',
    find: ROUTER_FIND,
    changed: "Astro's router",
    replace: `let route = this.sendaRouteOfPath?.get(pathname);
    if (route === undefined) {
      route = this.#routes.find((candidate) => {
        if (candidate.pattern.test(pathname)) return true;
        return candidate.fallbackRoutes.some((fallbackRoute) => fallbackRoute.pattern.test(pathname));
      }) ?? null;
      this.sendaRouteOfPath ??= new Map();
      if (this.sendaRouteOfPath.size >= ${MAX_PATHS}) this.sendaRouteOfPath.clear();
      this.sendaRouteOfPath.set(pathname, route);
    }`,
  },
  {
    module: 'astro/dist/core/environment/production.js',
    find: MODULE_FOR_ROUTE,
    changed: "Astro's getModuleForRoute",
    replace: `const sendaRouteModules = new WeakMap();
function getModuleForRoute(manifest, route) {
  let loading = sendaRouteModules.get(route);
  if (loading === undefined) {
    loading = loadModuleForRoute(manifest, route);
    sendaRouteModules.set(route, loading);
    loading.catch(() => sendaRouteModules.delete(route));
  }
  return loading;
}
async function loadModuleForRoute(manifest, route) {`,
  },
  {
    module: 'astro/dist/core/render/ssr-element.js',
    find: CREATE_ASSET_LINK,
    changed: "Astro's createAssetLink",
    replace: `const sendaAssetLinks = new Map();
function createAssetLink(href, base, assetsPrefix, queryParams) {
  if ((queryParams && queryParams.size > 0) || (assetsPrefix && typeof assetsPrefix !== 'string')) return makeAssetLink(href, base, assetsPrefix, queryParams);
  const key = (base ?? '') + '\\u0000' + (assetsPrefix ?? '') + '\\u0000' + href;
  let link = sendaAssetLinks.get(key);
  if (link === undefined) {
    if (sendaAssetLinks.size >= ${MAX_ASSET_LINKS}) sendaAssetLinks.clear();
    link = makeAssetLink(href, base, assetsPrefix, queryParams);
    sendaAssetLinks.set(key, link);
  }
  return link;
}
function makeAssetLink(href, base, assetsPrefix, queryParams) {`,
  },
];

/** @returns {import('vite').Plugin} */
export function routeMemos() {
  return sourcePatches('route-memos', ROUTE_MEMO_PATCHES);
}
