/** Every route module under src/pages (loaded lazily, so the docs endpoint can include itself). */
export async function listRouteModules(): Promise<Record<string, unknown>> {
  const loaders = import.meta.glob('/src/pages/**/*.ts');
  const entries = await Promise.all(Object.entries(loaders).map(async ([path, load]) => [path, await load()] as const));
  return Object.fromEntries(entries);
}
