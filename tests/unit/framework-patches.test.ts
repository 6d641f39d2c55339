/**
 * Senda's memos over Astro's code are text patches (ADR 018): they hold only
 * for the exact versions they were written against. An upgrade, or an
 * install that resolved another version, fails here with the file to update,
 * before any build, dev server or page test runs the changed code. And the
 * tests themselves run Astro as the server build patches it.
 */
import { readFileSync } from 'node:fs';
import { serializeProps } from 'astro/runtime/server/serialize.js';
import { describe, expect, it } from 'vitest';
import { FRAMEWORK_PATCHES, FRAMEWORK_PINS } from '../../build/framework-patches.mjs';

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
const packageJson = readJson('package.json') as { dependencies: Record<string, string> };
const lock = readJson('package-lock.json') as { packages: Record<string, { version?: string; dependencies?: Record<string, string> }> };

describe('the framework versions the patches were written against', () => {
  it.each(FRAMEWORK_PINS)('$name is pinned to $version, in package.json, package-lock.json and node_modules', ({ name, version, check }) => {
    const update = `${name}: check ${check.join(', ')} against the new version, then move its pin in build/framework-patches.mjs, package.json and package-lock.json`;
    expect(packageJson.dependencies[name], `package.json must pin ${update}`).toBe(version);
    expect(lock.packages['']?.dependencies?.[name], `package-lock.json must pin ${update}`).toBe(version);
    expect(lock.packages[`node_modules/${name}`]?.version, `package-lock.json resolves another version of ${update}`).toBe(version);
    const installed = (readJson(`node_modules/${name}/package.json`) as { version: string }).version;
    expect(installed, `installed ${name} ${installed} is not the pinned ${version}: ${update}`).toBe(version);
  });
});

describe("the text each patch replaces in the installed framework's files", () => {
  const patches = FRAMEWORK_PATCHES.flatMap(({ plugin, patches }) => patches.map((patch) => ({ plugin, ...patch })));

  it.each(patches)('$plugin finds its text in $module, once', ({ plugin, module, find, changed }) => {
    const source = readFileSync(`node_modules/${module}`, 'utf8');
    const found = source.split(find).length - 1;
    expect(found, `${changed} changed (${module}): update build/${plugin}.mjs`).toBe(1);
  });

  it('patches only packages that are pinned', () => {
    const pinned = FRAMEWORK_PINS.map(({ name }) => name);
    for (const { module } of patches) expect(pinned.some((name) => module.startsWith(`${name}/`)), `${module} belongs to no pinned package`).toBe(true);
  });
});

describe('the Astro the tests run', () => {
  it("is the patched one the server build ships: an island's props are serialized once per props object (island-render)", () => {
    const props = { title: 'first' };
    const first = serializeProps(props);
    props.title = 'second';
    expect(serializeProps(props), 'vitest loaded Astro without the patches: see build/source-patches.mjs').toBe(first);
  });
});
