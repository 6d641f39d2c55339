/** Every route module under src/pages, loaded lazily (so the docs endpoint can include itself). */
// `**` skips dot folders: the well-known documents (Astro routes `.well-known`) are named on their own.
const ROUTE_MODULES = import.meta.glob(['/src/pages/**/*.ts', '/src/pages/.well-known/**/*.ts']);

/** Every route module under src/pages, loaded. */
export async function listRouteModules(): Promise<Record<string, unknown>> {
  const entries = await Promise.all(Object.entries(ROUTE_MODULES).map(async ([path, load]) => [path, await load()] as const));
  return Object.fromEntries(entries);
}

/** The module of an endpoint route, by Astro's route pattern (`/api/v2/courses/[id]`), or null when no .ts file serves it. */
export async function findRouteModule(routePattern: string): Promise<Record<string, unknown> | null> {
  const base = routePattern === '/' ? '' : routePattern;
  const load = ROUTE_MODULES[`/src/pages${base}.ts`] ?? ROUTE_MODULES[`/src/pages${base}/index.ts`];
  return load ? ((await load()) as Record<string, unknown>) : null;
}
