/**
 * `npm run bench:lighthouse`: Lighthouse (mobile preset: a mid-range phone,
 * simulated slow 4G and 4× CPU slowdown) in Debian's Chromium on /signin and,
 * signed in as the demo student halfway through her courses, /home, a course
 * page and a lesson page. Starts the built app on a fresh PGlite data
 * directory and writes the scores and Core Web Vitals into the notes of
 * docs/benchmarks.md (between the lighthouse markers). Also a first visit
 * to /signin (nothing cached) on a slow 3G network (issue 34). Flags:
 * --no-build, --runs N (default 3: the median run of each page is kept).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, release, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { browserSignIn } from './sign-in';
import { freePort } from './free-port';

const root = resolve(import.meta.dirname, '..');
const DOC_PATH = join(root, 'docs', 'benchmarks.md');
const START = '<!-- lighthouse:start -->';
const END = '<!-- lighthouse:end -->';
const CHROMIUM = process.env.SENDA_E2E_CHROMIUM ?? '/usr/bin/chromium';
const STUDENT = 'valentina@senda.test';
const GOALS = { performance: 95, accessibility: 100, bestPractices: 95, lcpMs: 1500, cls: 0.02, tbtMs: 100 };

/**
 * WebPageTest's "3G Slow" connection (400 ms round trip, 400 kbps each way) on Lighthouse's mid-range phone (4× CPU
 * slowdown), simulated: a first visit from a town's mobile network. Goal (issue 34): usable in under 3 s.
 */
const SLOW_3G = { rttMs: 400, throughputKbps: 400, uploadThroughputKbps: 400, cpuSlowdownMultiplier: 4, requestLatencyMs: 0, downloadThroughputKbps: 0 };
const SLOW_3G_GOAL_MS = 3000;

interface FirstVisitFigures {
  path: string;
  fcpMs: number;
  lcpMs: number;
  /** Lighthouse's time to interactive: the page shows its content and answers input at once. */
  interactiveMs: number;
  kilobytes: number;
}

interface PageFigures {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

const args = process.argv.slice(2);
const build = !args.includes('--no-build');
const runsArg = args.indexOf('--runs');
const runs = runsArg >= 0 ? Number(args[runsArg + 1]) : 3;


async function waitForServer(origin: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (await fetch(`${origin}/api/v2/status/`).then((response) => response.ok, () => false)) return;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`the server at ${origin} did not start`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(url: string, port: number, signedIn: boolean): Promise<Omit<PageFigures, 'path'>> {
  const results: Omit<PageFigures, 'path'>[] = [];
  for (let run = 0; run < runs; run++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // Signed-in pages keep the session cookies set in the browser beforehand.
      disableStorageReset: signedIn,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { categories, audits, finalDisplayedUrl } = result.lhr;
    if (process.env.LH_DUMP) writeFileSync(`${process.env.LH_DUMP}-${new URL(url).pathname.replace(/\W/g, '_')}.json`, JSON.stringify(result.lhr));
    if (new URL(finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`${url} ended on ${finalDisplayedUrl}: not signed in?`);
    const shifts = (audits['layout-shifts']?.details as { items?: { node?: { selector?: string; snippet?: string }; score?: number }[] } | undefined)?.items ?? [];
    const lcpItems = (audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string }; phase?: string; timing?: number }[] }[] } | undefined)?.items ?? [];
    const [element, phases] = [lcpItems[0]?.items?.[0]?.node?.snippet, lcpItems[1]?.items];
    console.log(`  LCP ${Math.round(audits['largest-contentful-paint']?.numericValue ?? 0)} ms: ${element?.slice(0, 100) ?? '?'}${phases ? ` (${phases.map((phase) => `${phase.phase} ${Math.round(phase.timing ?? 0)} ms`).join(', ')})` : ''}`);
    for (const shift of shifts) console.log(`  layout shift ${shift.score?.toFixed(3)}: ${shift.node?.selector ?? ''} ${shift.node?.snippet?.slice(0, 120) ?? ''}`);
    results.push({
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    });
  }
  // The median run by performance score, as Lighthouse's own guidance suggests.
  const middle = median(results.map((figures) => figures.performance));
  return results.find((figures) => figures.performance === middle)!;
}

/** A first visit (nothing cached, no cookie) on the slow 3G profile; the median run by time to interactive. */
async function measureFirstVisit(url: string, port: number): Promise<FirstVisitFigures> {
  const results: FirstVisitFigures[] = [];
  for (let run = 0; run < runs; run++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, {
      extends: 'lighthouse:default',
      settings: { formFactor: 'mobile', throttlingMethod: 'simulate', throttling: SLOW_3G },
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { audits } = result.lhr;
    results.push({
      path: new URL(url).pathname,
      fcpMs: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      interactiveMs: audits.interactive?.numericValue ?? Number.NaN,
      kilobytes: (audits['total-byte-weight']?.numericValue ?? Number.NaN) / 1024,
    });
  }
  const middle = median(results.map((figures) => figures.interactiveMs));
  return results.find((figures) => figures.interactiveMs === middle)!;
}

function section(pages: PageFigures[], firstVisits: FirstVisitFigures[]): string {
  const ok = (met: boolean) => (met ? '' : ' ✗');
  const date = new Date().toISOString().slice(0, 10);
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
  const lines = [
    START,
    `### Lighthouse, mobile preset (${date}, commit ${commit})`,
    '',
    `\`npm run bench:lighthouse\`: Lighthouse ${JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version} in Debian's Chromium, mobile preset (simulated slow 4G, 4× CPU slowdown), median of ${runs} runs per page, on ${cpus().length} × ${cpus()[0]?.model.trim()} (Linux ${release()}); signed in as the demo student halfway through her courses. Goals: performance ≥ ${GOALS.performance}, accessibility ${GOALS.accessibility}, best practices ≥ ${GOALS.bestPractices}, LCP ≤ ${GOALS.lcpMs / 1000} s, CLS ≤ ${GOALS.cls}, TBT ≤ ${GOALS.tbtMs} ms (✗ marks a miss).`,
    '',
    '| page | performance | accessibility | best practices | LCP | CLS | TBT |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...pages.map(
      (page) =>
        `| \`${page.path}\` | ${page.performance}${ok(page.performance >= GOALS.performance)} | ${page.accessibility}${ok(page.accessibility >= GOALS.accessibility)} | ${page.bestPractices}${ok(page.bestPractices >= GOALS.bestPractices)} | ${(page.lcpMs / 1000).toFixed(2)} s${ok(page.lcpMs <= GOALS.lcpMs)} | ${page.cls.toFixed(3)}${ok(page.cls <= GOALS.cls)} | ${Math.round(page.tbtMs)} ms${ok(page.tbtMs <= GOALS.tbtMs)} |`,
    ),
    '',
    `First visit on a slow 3G network (WebPageTest's "3G Slow": ${SLOW_3G.rttMs} ms round trip, ${SLOW_3G.throughputKbps} kbps; ${SLOW_3G.cpuSlowdownMultiplier}× CPU slowdown; simulated, nothing cached). Goal: usable (time to interactive) in under ${SLOW_3G_GOAL_MS / 1000} s.`,
    '',
    '| page | first contentful paint | largest contentful paint | time to interactive | transferred |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...firstVisits.map(
      (visit) =>
        `| \`${visit.path}\` | ${(visit.fcpMs / 1000).toFixed(2)} s | ${(visit.lcpMs / 1000).toFixed(2)} s | ${(visit.interactiveMs / 1000).toFixed(2)} s${ok(visit.interactiveMs < SLOW_3G_GOAL_MS)} | ${visit.kilobytes.toFixed(1)} KB |`,
    ),
    END,
  ];
  return lines.join('\n');
}

async function main() {
  if (build && spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) throw new Error('the build failed');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'senda-lighthouse-'));
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: String(port), SENDA_DATA_DIR: dataDir, SENDA_SKIP_BUILD: 'true', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.AUTH_SECRET;
  const server = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: 'ignore' });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    await waitForServer(origin, Date.now() + 180_000);
    const cookie = await browserSignIn(origin, STUDENT);
    const course = /href="\/courses\/(\d+)"/.exec(await (await fetch(`${origin}/home`, { headers: { cookie } })).text())?.[1];
    const lesson = /href="\/lessons\/(\d+)"/.exec(await (await fetch(`${origin}/courses/${course}`, { headers: { cookie } })).text())?.[1];
    if (!course || !lesson) throw new Error('no course or lesson link found for the demo student');
    console.log('Lighthouse /signin…');
    const pages: PageFigures[] = [{ path: '/signin', ...(await measure(`${origin}/signin`, chrome.port, false)) }];
    console.log('Lighthouse /signin, first visit on slow 3G…');
    const firstVisits = [await measureFirstVisit(`${origin}/signin`, chrome.port)];
    // The session cookies go into the browser itself, as a signed-in student's browser holds them.
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    await browser.setCookie(
      ...cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: '127.0.0.1', path: '/', httpOnly: true };
      }),
    );
    await browser.disconnect();
    for (const path of ['/home', `/courses/${course}`, `/lessons/${lesson}`]) {
      console.log(`Lighthouse ${path}…`);
      pages.push({ path, ...(await measure(`${origin}${path}`, chrome.port, true)) });
    }
    const doc = readFileSync(DOC_PATH, 'utf8');
    const text = section(pages, firstVisits);
    const updated = doc.includes(START) ? doc.replace(new RegExp(`${START}[\\s\\S]*?${END}`), text) : doc.replace('<!-- notes:start -->', `<!-- notes:start -->\n${text}\n`);
    writeFileSync(DOC_PATH, updated);
    console.log(text);
  } finally {
    chrome.kill();
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 2000).unref();
  }
}

await main();
