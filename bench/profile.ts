/**
 * `npm run bench:profile -- --page home|course|lesson|thread`: where a hot
 * page's server CPU goes under the many-students load (`thread`: the demo
 * student on the 500-comment thread of bench/forums.ts, demo data only).
 * Seeds the demo and scale data
 * once into a kept data directory (`--data DIR`, default
 * $TMPDIR/senda-profile-data; `--fresh` seeds again), starts the built app
 * with `--cpu-prof`, signs in N distinct scale students, loads the page for
 * `--duration` seconds, stops the server so it writes its profile, and prints
 * the self time of those seconds grouped by package or source file and the
 * top functions.
 * Flags: --students N (100), --connections N (16), --duration N (15),
 * --database-url URL (profile on PostgreSQL), --top N (25), --summarise FILE
 * (only print the summary of a profile written before, its last --duration s),
 * --no-profile (just the load figures and the server's CPU per request).
 * BENCH_NODE_FLAGS="--flag …" passes V8/Node flags to the server (to compare, e.g., `--liftoff-only`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runLoadProcess } from './run-load';
import { apiSignIn, browserSignIn } from './sign-in';
import { signInStudents, studentPages } from './students';
import { freePort } from './free-port';
import { createLoadThread, THREAD_READER_EMAIL } from './forums';
import type { LoadOptions } from './load';

const root = resolve(import.meta.dirname, '..');
const PAGES = { course: 'students-course', home: 'students-home', lesson: 'students-lesson', thread: 'thread' } as const;

interface Options {
  page: keyof typeof PAGES;
  students: number;
  connections: number;
  duration: number;
  dataDir: string;
  fresh: boolean;
  databaseUrl: string | null;
  top: number;
  /** Run without the profiler (just the figures and the CPU per request). */
  profile: boolean;
  /** Only summarise this profile file (no run). */
  summariseOnly: string | null;
}

function parseArgs(argv: string[]): Options {
  const options: Options = {
    page: 'home',
    students: 100,
    connections: 16,
    duration: 15,
    dataDir: join(tmpdir(), 'senda-profile-data'),
    fresh: false,
    databaseUrl: null,
    top: 25,
    summariseOnly: null,
    profile: true,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = () => argv[++i] ?? '';
    if (flag === '--page') options.page = value() as Options['page'];
    else if (flag === '--students') options.students = Number(value());
    else if (flag === '--connections') options.connections = Number(value());
    else if (flag === '--duration') options.duration = Number(value());
    else if (flag === '--data') options.dataDir = resolve(value());
    else if (flag === '--fresh') options.fresh = true;
    else if (flag === '--database-url') options.databaseUrl = value();
    else if (flag === '--top') options.top = Number(value());
    else if (flag === '--summarise') options.summariseOnly = resolve(value());
    else if (flag === '--no-profile') options.profile = false;
    else throw new Error(`Unknown flag ${flag}`);
  }
  if (!(options.page in PAGES)) throw new Error('--page is home, course, lesson or thread');
  if (options.page === 'thread' && options.dataDir === join(tmpdir(), 'senda-profile-data')) options.dataDir = join(tmpdir(), 'senda-profile-thread-data');
  return options;
}


/** The page to load: each scale student on their own page, or the demo student on a 500-comment thread. */
async function pageToLoad(origin: string, options: Options): Promise<{ label: string; request: Omit<LoadOptions, 'connections' | 'duration'> }> {
  if (options.page === 'thread') {
    const { threadId } = await createLoadThread(origin, (line) => console.log(line));
    const cookie = await browserSignIn(origin, THREAD_READER_EMAIL);
    return { label: '`/forums/threads/{id}` (500 comments)', request: { url: origin, method: 'GET', headers: {}, requests: [{ path: `/forums/threads/${threadId}`, headers: { cookie } }] } };
  }
  console.log(`Signing in ${options.students} scale students…`);
  const students = await signInStudents(origin, options.students, { api: apiSignIn, browser: browserSignIn });
  return studentPages(origin, students).find((candidate) => candidate.name === PAGES[options.page])!;
}

/** The app server process: the supervisor's child (cluster worker). */
function childPidOf(parentPid: number): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== parentPid) continue;
      // The supervisor's other children (tsx's esbuild service) are not the server.
      if (/serve-worker|start\.ts/.test(readFileSync(`/proc/${entry}/cmdline`, 'utf8'))) return Number(entry);
    } catch {
      // The process ended meanwhile.
    }
  }
  return null;
}

/** A process's resident memory now and at its peak, in MiB. */
function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

/** CPU seconds (user + system) a process has used so far. */
function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function waitForServer(origin: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (await fetch(`${origin}/api/v2/status/`).then((response) => response.ok, () => false)) return;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error('the server did not start');
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

/** The package (node_modules/<name>), the app's own source file, or Node's internals a URL belongs to. */
function ownerOf(url: string): string {
  if (!url) return '(native / GC / idle)';
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return dependency[1]!;
  if (url.startsWith('node:')) return 'node (internals)';
  const own = /\/(dist\/server\/[^?]+|src\/[^?]+)/.exec(url);
  return own ? own[1]! : url;
}

/** Self time per function over the last `windowS` seconds of the profile (the measured load; sign-in and warm-up left out). */
function summarise(file: string, top: number, windowS: number): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };
  const from = profile.endTime - windowS * 1e6;
  const hits = new Map<number, number>();
  let at = profile.startTime;
  let total = 0;
  profile.samples.forEach((sample, index) => {
    at += profile.timeDeltas[index]!;
    if (at < from) return;
    hits.set(sample, (hits.get(sample) ?? 0) + 1);
    total++;
  });
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const count = hits.get(node.id) ?? 0;
    if (!count || node.callFrame.functionName === '(idle)') continue;
    const owner = ownerOf(node.callFrame.url);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + count);
    const name = `${node.callFrame.functionName || '(anonymous)'}  ${owner}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + count);
  }
  const idle = profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').reduce((sum, node) => sum + (hits.get(node.id) ?? 0), 0);
  const busy = total - idle;
  const pct = (count: number) => `${((count * 100) / busy).toFixed(1).padStart(5)} %`;
  console.log(`\nProfile ${file}, its last ${windowS} s: ${total} samples, ${((idle * 100) / total).toFixed(0)} % idle; shares below are of the busy time.\n`);
  console.log('Self time by package or source file:');
  for (const [owner, count] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(count)}  ${owner}`);
  console.log('\nTop functions (self time):');
  for (const [name, count] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(count)}  ${name}`);
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  if (options.summariseOnly) {
    summarise(options.summariseOnly, options.top, options.duration);
    return;
  }
  if (!existsSync(join(root, 'dist', 'server', 'entry.mjs'))) throw new Error('No build in dist/: run `npm run build` first');
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', SENDA_DATA_DIR: options.dataDir, SENDA_SKIP_BUILD: 'true', LOG_LEVEL: 'warn' };
  delete env.AUTH_SECRET;
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const marker = join(options.dataDir, '.profile-seeded');
  if (options.fresh || options.databaseUrl || !existsSync(marker)) {
    rmSync(options.dataDir, { recursive: true, force: true });
    mkdirSync(options.dataDir, { recursive: true });
    console.log('Seeding the demo data and the scale data (--scale 1)…');
    for (const args of options.page === 'thread' ? [['seed']] : [['seed'], ['seed-scale', '--scale', '1']]) {
      const seeded = spawnSync('npm', ['run', '--silent', 'senda', '--', ...args], { cwd: root, env, stdio: 'inherit' });
      if (seeded.status !== 0) throw new Error(`npm run senda -- ${args.join(' ')} failed`);
    }
    if (!options.databaseUrl) spawnSync('touch', [marker]);
  }
  const profileDir = mkdtempSync(join(tmpdir(), 'senda-cpu-profile-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const profilerFlags = options.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const nodeFlags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...profilerFlags, ...nodeFlags, '--import', 'tsx', join(root, 'scripts', 'start.ts')], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForServer(origin, server);
    const page = await pageToLoad(origin, options);
    const sample = page.request.requests![0]!;
    const sampleBody = await (await fetch(`${origin}${sample.path}`, { headers: sample.headers })).text();
    console.log(`${sample.path}: ${(Buffer.byteLength(sampleBody) / 1024).toFixed(1)} KiB of HTML (uncompressed, as the load asks for it)`);
    const workDir = mkdtempSync(join(tmpdir(), 'senda-profile-load-'));
    // A short warm-up, then the measured load.
    await runLoadProcess({ ...page.request, connections: options.connections, duration: 3 }, { workDir });
    const serverPid = childPidOf(server.pid!);
    const cpuBefore = serverPid ? cpuSecondsOf(serverPid) : 0;
    const figures = await runLoadProcess({ ...page.request, connections: options.connections, duration: options.duration }, { workDir });
    const cpuPerRequestUs = serverPid ? ((cpuSecondsOf(serverPid) - cpuBefore) * 1e6) / figures.requestsTotal : Number.NaN;
    console.log(
      `${page.label}: ${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${figures.latencyP50} ms, p99 ${figures.latencyP99} ms, non-2xx ${figures.non2xx}; ` +
        `server CPU ${cpuPerRequestUs.toFixed(0)} µs per request${options.profile ? ' (with the profiler on)' : ''}`,
    );
    if (serverPid) {
      const memory = memoryOf(serverPid);
      console.log(`server memory: RSS ${memory.rssMb} MiB after the load, ${memory.peakMb} MiB at its peak (start-up included)`);
    }
  } finally {
    server.kill('SIGINT');
    await new Promise((done) => server.once('exit', done));
  }
  if (!options.profile) return;
  // The app server's profile is the largest (the supervisor's is small).
  const profiles = readdirSync(profileDir).map((name) => join(profileDir, name));
  if (profiles.length === 0) throw new Error(`no profile was written in ${profileDir}`);
  const largest = profiles.sort((a, b) => statSync(b).size - statSync(a).size)[0]!;
  summarise(largest, options.top, options.duration);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
