import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src', 'public', 'astro.config.mjs', 'auth.config.ts', 'package.json', 'tsconfig.json'];
const STAMP = join('dist', '.build-stamp');

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

/** True when there is no build, or a source file changed after the last one. */
export function needsBuild(root: string): boolean {
  const stamp = join(root, STAMP);
  if (!existsSync(stamp) || !existsSync(join(root, 'dist', 'server', 'entry.mjs'))) return true;
  const built = statSync(stamp).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(root, source)) > built);
}

/** Runs `astro build` with this Node and stamps the result. */
export function buildApp(root: string): void {
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    // Secrets stay out of the build: they are read from the environment at run time.
    env: Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'AUTH_SECRET')),
  });
  if (result.status !== 0) throw new Error(`astro build failed (exit ${result.status})`);
  writeFileSync(join(root, STAMP), new Date().toISOString());
}
