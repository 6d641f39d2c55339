/**
 * axe-core run in the page itself, for the accessibility sweep, the page walk
 * and the specs that check a screen of their own. Like `@axe-core/playwright`'s
 * legacy mode, axe goes into every frame of the page and runs there (frames of
 * the same origin are tested through the top one); unlike it, axe's 550 KB
 * script is evaluated once per page load, not twice per run plus a
 * configuration: the same rules on the same pages in half the time (issue 30,
 * docs/benchmarks.md).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0, 2.1 and 2.2 A and AA, best practices, and 2.2's target size (24 px, or spaced as much), which axe leaves off unless asked (issue 35). */
export const SWEEP_RULES: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
  rules: { 'target-size': { enabled: true } },
};

type AxeWindow = Window & { axe?: { run(context: Document, options: RunOptions): Promise<AxeResults> } };

/** Puts axe in each frame that does not have it yet (a frame that refuses, e.g. one still loading, is skipped as axe's own builder does). */
async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    try {
      if (await frame.evaluate(() => (window as AxeWindow).axe === undefined)) await frame.evaluate(AXE_SOURCE);
    } catch {
      // A detached or cross-process frame that cannot be reached: the top page's run reports it as not tested.
    }
  }
}

/** What axe finds on the page as it stands now (only violations are detailed: passes are not worth their time). */
export async function axeViolations(page: Page, options: RunOptions): Promise<AxeResults['violations']> {
  await injectAxe(page);
  return page.evaluate(
    async (runOptions) => (await (window as AxeWindow).axe!.run(document, runOptions)).violations,
    { ...options, resultTypes: ['violations'] } satisfies RunOptions,
  );
}

/** Each violation as one line: the rule, its impact and where. */
export const describeViolations = (violations: AxeResults['violations']): string[] =>
  violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
