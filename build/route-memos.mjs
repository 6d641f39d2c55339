/**
 * Two answers Astro's server works out again on every request, although they
 * never change while a build runs:
 * - which route a path is: the router tries each route's pattern in turn
 *   (some 300 routes; ~3.5 % of the lesson page's CPU);
 * - a route's page module: a dynamic `import()` per request, which Node
 *   resolves again each time (~3 %).
 * This plugin remembers both in the server build: the route found for a path
 * (a bounded map; the params are still read from the path each time) and the
 * module promise per route. If Astro reshapes either function the build fails
 * here with this message, rather than silently losing the memo.
 */
const ROUTER = /astro\/dist\/core\/routing\/router\.js$/;
const ROUTER_FIND = `const route = this.#routes.find((candidate) => {
      if (candidate.pattern.test(pathname)) return true;
      return candidate.fallbackRoutes.some((fallbackRoute) => fallbackRoute.pattern.test(pathname));
    });`;
const PRODUCTION = /astro\/dist\/core\/environment\/production\.js$/;
const MODULE_FOR_ROUTE = 'async function getModuleForRoute(manifest, route) {';
/** Paths remembered at most (ids in paths make them many); the map starts afresh when full. */
const MAX_PATHS = 20_000;

/** @returns {import('vite').Plugin} */
export function routeMemos() {
  return {
    name: 'senda-route-memos',
    apply: 'build',
    transform(code, id) {
      const file = id.replaceAll('\\', '/');
      if (ROUTER.test(file)) {
        if (!code.includes(ROUTER_FIND)) this.error("senda-route-memos: Astro's router changed; update build/route-memos.mjs");
        const memo = `let route = this.sendaRouteOfPath?.get(pathname);
    if (route === undefined) {
      route = this.#routes.find((candidate) => {
        if (candidate.pattern.test(pathname)) return true;
        return candidate.fallbackRoutes.some((fallbackRoute) => fallbackRoute.pattern.test(pathname));
      }) ?? null;
      this.sendaRouteOfPath ??= new Map();
      if (this.sendaRouteOfPath.size >= ${MAX_PATHS}) this.sendaRouteOfPath.clear();
      this.sendaRouteOfPath.set(pathname, route);
    }`;
        return { code: code.replace(ROUTER_FIND, memo), map: null };
      }
      if (PRODUCTION.test(file)) {
        if (!code.includes(MODULE_FOR_ROUTE)) this.error("senda-route-memos: Astro's getModuleForRoute changed; update build/route-memos.mjs");
        const memo = `const sendaRouteModules = new WeakMap();
function getModuleForRoute(manifest, route) {
  let loading = sendaRouteModules.get(route);
  if (loading === undefined) {
    loading = loadModuleForRoute(manifest, route);
    sendaRouteModules.set(route, loading);
    loading.catch(() => sendaRouteModules.delete(route));
  }
  return loading;
}
async function loadModuleForRoute(manifest, route) {`;
        return { code: code.replace(MODULE_FOR_ROUTE, memo), map: null };
      }
      return null;
    },
  };
}
