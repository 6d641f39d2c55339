/**
 * `npm run bench`: builds the app, starts it with `npm start` on a fresh
 * PGlite data directory and a free port, signs in (Auth.js cookie and API
 * token), loads three targets with autocannon from a separate process, sums
 * the JavaScript each page loads (gzip), measures the server's RSS, and writes
 * docs/benchmarks.md (latest run + history) and a summary on stdout.
 *
 * Flags: --duration N (s, default 15), --connections N (default 32),
 * --warmup N (s, default 3), --quiet-wait N (s, default 120: before each
 * target, wait up to N s for other work on this shared machine to drop below
 * a third of a core; 0 disables), --nice N (default -10: the server and
 * autocannon get ahead of other jobs on a shared machine when run as root; 0
 * leaves priorities alone), --no-build (reuse dist/ as it is),
 * --users-import (only issue 10's scenario: 10,000 people imported from an
 * XLSX and a CSV, bench/users-import.ts; it rewrites only its own section).
 * --assignments --scale 1 (only issue 12's scenario: the grading list of a
 * 1,000-student cohort, a 1 GB zip streamed, a 1,000-row grading sheet,
 * bench/assignments.ts; it rewrites only its own section).
 * --reports (only issue 14's scenario, on the scale data at 0.5 unless
 * --scale says otherwise: the 100,000-row progress report streamed as XLSX
 * and CSV, and built by the job engine, bench/reports.ts; it rewrites only
 * its own section).
 * --registrations (only issue 15's scenario: 200 and 400 visitors signing up
 * at once for 100 seats, and one Wompi notification sent 1,000 times, through
 * the public API on a server started with REGISTRATIONS_SERVER_ENV,
 * bench/registrations.ts; it rewrites only its own section).
 * --jarvis --scale 1 (only issue 16's scenario: the 100 distinct students'
 * /home with the study assistant's card and without it, by turns on the same
 * server, and the JavaScript /home ships with and without it,
 * bench/jarvis.ts; it rewrites only its own section), --certificates (only
 * issue 31's scenario: 5,000 certificates issued in bulk by the server, with
 * its memory read meanwhile, --students N to change the count; see
 * bench/certificates.ts), --check-in --scale 1 (only issue 32's scenario:
 * 2,000 students checking in to one session within a minute, --students N
 * to change the count; bench/check-in.ts), --funder (only issue 33's
 * scenario: the funder report over 20,000 students, in-process, --students N
 * to change the count; bench/funder.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, setPriority, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { bombSection, measureZipBomb, type BombResult } from './bomb';
import type { LoadFigures, LoadOptions } from './load';
import { runLoadProcess } from './run-load';
import { apiSignIn, browserSignIn } from './sign-in';
import { SETTLE_SECONDS, signInStudents, studentGoals, studentPages, studentsSection, type StudentsReport } from './students';
import { freePort } from './free-port';
import { QUIZ_START_BLOCK_END, QUIZ_START_BLOCK_START, QUIZ_START_DEFAULTS, quizStartGoals, quizStartRun, runQuizStart, type QuizStartReport } from './quiz-start';
import { measureUsersImport, USERS_IMPORT_END, USERS_IMPORT_START, usersImportSection } from './users-import';
import { ASSIGNMENTS_END, ASSIGNMENTS_START, assignmentsSection, measureAssignments } from './assignments';
import { FORUMS_END, FORUMS_START, forumsSection, measureForums } from './forums';
import { measureReports, REPORTS_END, REPORTS_START, reportsSection } from './reports';
import { measureRegistrations, REGISTRATIONS_END, REGISTRATIONS_SERVER_ENV, REGISTRATIONS_START, registrationsSection } from './registrations';
import { JARVIS_END, JARVIS_START, jarvisFigures, jarvisSection, measureJarvis } from './jarvis';
import { CERTIFICATES_END, CERTIFICATES_START, certificatesMet, certificatesSection, measureCertificates } from './certificates';
import { CHECK_IN_END, CHECK_IN_START, checkInMet, checkInSection, runCheckIn } from './check-in';

const root = resolve(import.meta.dirname, '..');
const DOC_PATH = join(root, 'docs', 'benchmarks.md');
const HOME_MARKER = 'Fundamentos de programación';
const KB = 1000;
const GZIP_LEVEL = 9;

const TARGETS = {
  homeReqPerSec: 800,
  homeP99Ms: 100,
  signinJsKb: 15,
  homeJsKb: 100,
  // Issue 3: the lesson page and the lessons API (measured on the scale data with --scale).
  lessonReqPerSec: 800,
  lessonP99Ms: 100,
  lessonsApiReqPerSec: 1500,
  lessonJsKb: 20,
  // Issue 8: the course page ships no React either.
  courseJsKb: 20,
};
/** The demo student's first lesson and its course (the first rows the demo seed writes). */
const LESSON_PATH = '/lessons/1';
const LESSON_MARKER = '¿Qué es programar?';
const LESSONS_API_PATH = '/api/v2/courses/1/lessons/';
const COURSE_PATH = '/courses/1';

// ---------------------------------------------------------------- options

interface Options {
  duration: number;
  connections: number;
  warmup: number;
  build: boolean;
  /** Seconds to wait, before each target, for other work on the machine to calm down (0: don't wait). */
  quietWait: number;
  /** Scheduling priority for the server and autocannon (negative = ahead of other jobs; needs root). */
  nice: number;
  /** Add the scale dataset (1 = 20,000 students, 200,000 lesson-history rows) beside the demo data. */
  scale: number | null;
  /** Run on this (empty) PostgreSQL database instead of PGlite. */
  databaseUrl: string | null;
  /** Distinct scale students for the many-students phase (default 100 with --scale; 0 skips it). */
  students: number;
  /** Connections of the many-students phase (issue 9 measures at 16). */
  studentConnections: number;
  /** Only the synchronized quiz start (issue 11; needs --scale): its own section of the doc. */
  quizStart: boolean;
  /** Distinct students of the quiz start (default 3,000). */
  quizStudents: number;
  /** Run only the users import scenario (issue 10). */
  usersImport: boolean;
  /** Run only the assignments scenario (issue 12; needs --scale). */
  assignments: boolean;
  /** Run only the forums scenario (issue 13). */
  forums: boolean;
  /** Run only the reports scenario (issue 14; scale 0.5 unless given). */
  reports: boolean;
  /** Run only the sign-up and payments scenario (issue 15). */
  registrations: boolean;
  /** Run only the study assistant's home card scenario (issue 16; needs --scale). */
  jarvis: boolean;
  /** Run only the bulk certificate issue (issue 31; --students N, default 5,000). */
  certificates: boolean;
  /** Run only the QR check-in of a whole class (issue 32; needs --scale; --students N, default 2,000). */
  checkIn: boolean;
}

function parseArgs(argv: string[]): Options {
  const options: Options = {
    duration: 15,
    connections: 32,
    warmup: 3,
    build: true,
    quietWait: 120,
    nice: -10,
    scale: null,
    databaseUrl: null,
    students: -1,
    studentConnections: 16,
    quizStart: false,
    quizStudents: QUIZ_START_DEFAULTS.students,
    usersImport: false,
    assignments: false,
    forums: false,
    reports: false,
    registrations: false,
    jarvis: false,
    certificates: false,
    checkIn: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.split('=', 2) as [string, string | undefined];
    const value = () => {
      const raw = inline ?? argv[++i];
      const n = Number(raw);
      if (!raw || !Number.isFinite(n) || n < 0) throw new Error(`${flag} needs a number, got ${raw ?? 'nothing'}`);
      return n;
    };
    if (flag === '--duration') options.duration = value();
    else if (flag === '--connections') options.connections = Math.max(1, Math.round(value()));
    else if (flag === '--warmup') options.warmup = value();
    else if (flag === '--quiet-wait') options.quietWait = value();
    else if (flag === '--nice') options.nice = Number(inline ?? argv[++i]);
    else if (flag === '--no-build') options.build = false;
    else if (flag === '--users-import') options.usersImport = true;
    else if (flag === '--assignments') options.assignments = true;
    else if (flag === '--forums') options.forums = true;
    else if (flag === '--reports') options.reports = true;
    else if (flag === '--registrations') options.registrations = true;
    else if (flag === '--jarvis') options.jarvis = true;
    else if (flag === '--certificates') options.certificates = true;
    else if (flag === '--check-in') options.checkIn = true;
    else if (flag === '--scale') options.scale = value();
    else if (flag === '--students') options.students = Math.round(value());
    else if (flag === '--student-connections') options.studentConnections = Math.max(1, Math.round(value()));
    else if (flag === '--quiz-start') options.quizStart = true;
    else if (flag === '--quiz-students') options.quizStudents = Math.max(1, Math.round(value()));
    else if (flag === '--database-url') {
      const url = inline ?? argv[++i];
      if (!url || !/^postgres(ql)?:\/\//.test(url)) throw new Error('--database-url needs a postgres:// URL of an empty database');
      options.databaseUrl = url;
    }
    else throw new Error(`Unknown flag ${arg} (use --duration N, --connections N, --warmup N, --quiet-wait N, --nice N, --scale N, --database-url URL, --students N, --student-connections N, --quiz-start, --quiz-students N, --no-build, --users-import, --assignments, --forums, --reports, --registrations, --jarvis)`);
  }
  if (!Number.isInteger(options.nice) || options.nice < -20 || options.nice > 19) throw new Error('--nice needs an integer from -20 to 19');
  // 10,000 students × 10 courses: the 100,000-row progress report issue 14 measures.
  if (options.reports && !options.scale) options.scale = 0.5;
  if (options.checkIn && !options.scale) throw new Error('--check-in needs the scale data: add --scale 1');
  if (options.students < 0) options.students = options.certificates ? 5000 : options.checkIn ? 2000 : options.scale && !options.reports ? 100 : 0;
  if (options.students > 0 && !options.scale && !options.certificates) throw new Error('--students needs the scale data: add --scale 1');
  if (options.quizStart && !options.scale) throw new Error('--quiz-start needs the scale data: add --scale 1');
  if (options.assignments && !options.scale) throw new Error('--assignments needs the scale data: add --scale 1');
  if (options.jarvis && !options.scale) throw new Error('--jarvis needs the scale data: add --scale 1');
  return options;
}

// ---------------------------------------------------------------- processes

const children = new Set<ChildProcess>();
let server: ChildProcess | null = null;
let tempDir: string | null = null;
const serverLog: string[] = [];

function remember(line: string): void {
  serverLog.push(line);
  if (serverLog.length > 200) serverLog.shift();
}


/** Sets the priority of a process and all its threads (Linux sets it per thread); false when not allowed or gone. */
function renice(pid: number, priority: number): boolean {
  if (priority === 0) return false;
  let tids = [pid];
  try {
    tids = readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    /* keep the main thread */
  }
  try {
    for (const tid of tids) setPriority(tid, priority);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the server's whole process group (npm, sh, tsx, node): TERM, then KILL after 10 s. */
async function stopServer(): Promise<void> {
  const child = server;
  server = null;
  if (!child?.pid) return;
  const pgid = child.pid;
  if (!groupAlive(pgid)) return;
  try {
    process.kill(-pgid, 'SIGTERM');
  } catch {
    /* already gone */
  }
  for (let waited = 0; waited < 10_000 && groupAlive(pgid); waited += 100) await sleep(100);
  if (groupAlive(pgid)) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}

async function cleanup(): Promise<void> {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await stopServer();
  if (tempDir) {
    rmSync(tempDir, { recursive: true, force: true });
    tempDir = null;
  }
}

// ---------------------------------------------------------------- /proc

interface ProcInfo {
  pid: number;
  ppid: number;
  comm: string;
}

function readProc(pid: number): ProcInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const open = stat.indexOf('(');
    const close = stat.lastIndexOf(')');
    const rest = stat.slice(close + 2).split(' ');
    return { pid, ppid: Number(rest[1]), comm: stat.slice(open + 1, close) };
  } catch {
    return null;
  }
}

function descendantsOf(rootPid: number): ProcInfo[] {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProc(Number(name)))
    .filter((info): info is ProcInfo => info !== null);
  const found: ProcInfo[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const info of all) {
      if (info.ppid === parent) {
        found.push(info);
        queue.push(info.pid);
      }
    }
  }
  return found;
}

function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10) continue;
      const local = cols[1]!;
      if (local.endsWith(`:${hexPort}`) && cols[3] === '0A') inodes.add(cols[9]!);
    }
  }
  return inodes;
}

/**
 * The node process that serves: `npm start` supervises its app server with
 * the cluster module, so the process owning the listening socket is the
 * supervisor and the server is its node child (not the npm or tsx wrappers).
 */
function findServerPid(wrapperPid: number, port: number): number | null {
  // The built app server says what it is on its command line (dist/boot/serve-worker.mjs).
  const worker = descendantsOf(wrapperPid).find((child) => {
    try {
      return readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').includes('serve-worker');
    } catch {
      return false;
    }
  });
  if (worker) return worker.pid;
  const listener = findListenerPid(wrapperPid, port);
  if (listener === null) return null;
  // The listener is `npm start`'s cluster primary; the app server is its worker (node, shown as "MainThread"), not tsx's esbuild service beside it.
  return descendantsOf(listener).find((child) => !child.comm.startsWith('esbuild'))?.pid ?? listener;
}

/** The node process that owns the listening socket. */
function findListenerPid(wrapperPid: number, port: number): number | null {
  const inodes = listeningInodes(port);
  const candidates = descendantsOf(wrapperPid);
  for (const candidate of candidates) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${candidate.pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const target = readlinkSync(`/proc/${candidate.pid}/fd/${fd}`);
        const match = /^socket:\[(\d+)\]$/.exec(target);
        if (match && inodes.has(match[1]!)) return candidate.pid;
      } catch {
        /* fd closed meanwhile */
      }
    }
  }
  // Fallback: the deepest node process.
  const nodes = candidates.filter((c) => c.comm.startsWith('node'));
  return nodes.length > 0 ? nodes[nodes.length - 1]!.pid : null;
}

interface Memory {
  rssMb: number;
  peakMb: number;
}

function memoryOf(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** The lowest RSS a process reaches in the next `seconds` (read every second), and when: what it keeps once idle. */
async function lowestRssWithin(pid: number, seconds: number, nowMb: number): Promise<{ rssMb: number; afterS: number; withinS: number }> {
  const lowest = { rssMb: nowMb, afterS: 0, withinS: seconds };
  for (let second = 1; second <= seconds; second++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { rssMb } = memoryOf(pid);
    if (rssMb < lowest.rssMb) Object.assign(lowest, { rssMb, afterS: second });
  }
  return lowest;
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU seconds (user + system) the process has used so far. */
function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(rest[11]) + Number(rest[12])) / CLOCK_TICKS;
}

/** CPU seconds the whole machine has spent busy (all cores, from /proc/stat). */
function machineBusySeconds(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  // cpu  user nice system idle iowait irq softirq steal …: everything but idle and iowait is busy.
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = line.trim().split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS;
}

const QUIET_THRESHOLD_PERCENT = 33;

/** Waits (up to maxSeconds) until the machine, the idle server aside, is almost idle; returns the last busy %. */
async function waitForQuiet(serverPid: number, maxSeconds: number): Promise<number> {
  const deadline = Date.now() + maxSeconds * 1000;
  let busy = 0;
  let told = false;
  do {
    const machine0 = machineBusySeconds();
    const server0 = cpuSecondsOf(serverPid);
    await sleep(1000);
    busy = (machineBusySeconds() - machine0 - (cpuSecondsOf(serverPid) - server0)) * 100;
    if (busy <= QUIET_THRESHOLD_PERCENT) return busy;
    if (!told) {
      process.stdout.write(`  other work is using ${fmt(busy)} % CPU; waiting up to ${maxSeconds} s for it to calm down…\n`);
      told = true;
    }
  } while (Date.now() < deadline);
  process.stdout.write(`  still ${fmt(busy)} % busy: measuring anyway (see the "other CPU" column)\n`);
  return busy;
}

// ---------------------------------------------------------------- HTTP helpers


async function waitForServer(origin: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before answering`);
    try {
      const response = await fetch(`${origin}/signin`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await sleep(250);
  }
  throw new Error(`the server did not answer ${origin}/signin within ${timeoutMs / 1000} s`);
}


// ---------------------------------------------------------------- load

interface Target {
  name: string;
  label: string;
  request: Omit<LoadOptions, 'connections' | 'duration'>;
}

interface TargetResult extends LoadFigures {
  name: string;
  label: string;
  serverCpuPercent: number;
  loadGeneratorCpuPercent: number;
  /** Busy CPU of everything else on the machine during the run (other people's tests, the OS). */
  otherCpuPercent: number;
  /** Server CPU time per request: steadier than req/s when the machine is shared. */
  serverCpuMsPerRequest: number;
}

function runLoad(options: LoadOptions, nice: number): Promise<LoadFigures> {
  return runLoadProcess(options, { workDir: tempDir ?? tmpdir(), onStart: (child) => {
    children.add(child);
    if (child.pid) renice(child.pid, nice);
  }, onExit: (child) => children.delete(child) });
}

async function measureTarget(target: Target, options: Options, serverPid: number): Promise<TargetResult> {
  if (options.quietWait > 0) await waitForQuiet(serverPid, options.quietWait);
  if (options.warmup > 0) {
    process.stdout.write(`  warm-up ${target.label} (${options.warmup} s)…\n`);
    await runLoad({ ...target.request, connections: options.connections, duration: options.warmup }, options.nice);
  }
  process.stdout.write(`  load ${target.label}: ${options.connections} connections, ${options.duration} s…\n`);
  const cpuBefore = cpuSecondsOf(serverPid);
  const machineBefore = machineBusySeconds();
  const started = process.hrtime.bigint();
  const figures = await runLoad({ ...target.request, connections: options.connections, duration: options.duration }, options.nice);
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = cpuSecondsOf(serverPid) - cpuBefore;
  const machine = machineBusySeconds() - machineBefore;
  const percent = (seconds: number) => (seconds / wall) * 100;
  return {
    ...figures,
    name: target.name,
    label: target.label,
    serverCpuPercent: percent(cpu),
    loadGeneratorCpuPercent: percent(figures.loadGeneratorCpuSeconds),
    otherCpuPercent: Math.max(0, percent(machine - cpu - figures.loadGeneratorCpuSeconds)),
    serverCpuMsPerRequest: figures.requestsTotal > 0 ? (cpu * 1000) / figures.requestsTotal : NaN,
  };
}

// ---------------------------------------------------------------- JS bytes

interface ScriptEntry {
  source: string;
  bytes: number;
  gzipBytes: number;
  /** Fetched only when a person asks for it (ON_CLICK_MODULES and what only they import), not with the page. */
  onClick: boolean;
}

interface PageJs {
  page: string;
  scripts: ScriptEntry[];
  /** What the page loads (the goals are about this). */
  totalBytes: number;
  totalGzipBytes: number;
  /** What a click may fetch besides (0 on pages without such a module). */
  onClickBytes: number;
  onClickGzipBytes: number;
}

/**
 * Modules a page imports on a person's click, not with the page: their code (and whatever only they import) is
 * counted apart, as "on a click". Every other dynamic import is counted with the page (the dashboard's charts, say,
 * are imported as the page draws them).
 */
const ON_CLICK_MODULES = [
  // The study assistant's chat panel, imported by the home card's "Preguntar al asistente" (issue 16).
  /^\/_astro\/open-chat-panel\.[\w-]+\.js$/,
];
const isOnClickModule = (path: string) => ON_CLICK_MODULES.some((pattern) => pattern.test(path));

const attr = (attrs: string, name: string): string | null => {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attrs);
  if (!match) return null;
  return (match[1] ?? match[2] ?? match[3] ?? '').replace(/&amp;/g, '&');
};

/**
 * Module specifiers a built JS file imports, statically or dynamically, resolved against its path: `onClick` holds
 * the on-click modules it imports and the preload list Vite writes for them (`__vite__mapDeps`), `atLoad` the rest.
 */
function importsOf(code: string, from: string): { atLoad: string[]; onClick: string[] } {
  const atLoad = new Set<string>();
  const onClick = new Set<string>();
  const resolve = (specifier: string) => new URL(specifier, `http://page${from}`).pathname;
  const isRelative = (specifier: string) => specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('/');
  const patterns = [
    /\b(?:import|export)\s*(?:[^'"`;()]*?\bfrom\s*)?["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) {
      if (!isRelative(match[1]!)) continue;
      const path = resolve(match[1]!);
      (isOnClickModule(path) ? onClick : atLoad).add(path);
    }
  }
  // Vite's preload helper lists chunks relative to the site root: the closure of the file's dynamic imports.
  for (const list of code.matchAll(/__vite__mapDeps[\s\S]*?\[((?:\s*["'][^"']+["']\s*,?)+)\]/g)) {
    const items = [...list[1]!.matchAll(/["']([^"']+)["']/g)].map((item) => `/${item[1]!.replace(/^\//, '')}`);
    for (const item of items) (items.some(isOnClickModule) ? onClick : atLoad).add(item);
  }
  return { atLoad: [...atLoad], onClick: [...onClick].filter((path) => !atLoad.has(path)) };
}

async function measurePageJs(origin: string, path: string, cookie: string | null): Promise<PageJs> {
  const response = await fetch(`${origin}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`GET ${path} for JS sizes answered ${response.status}`);
  const scripts: ScriptEntry[] = [];
  // What the page loads first, then what a click adds (a file reached both ways counts with the page).
  const queue: string[] = [];
  const later: string[] = [];
  const seen = new Set<string>();
  const enqueue = (url: string, onClick = false) => {
    const absolute = new URL(url, origin);
    if (absolute.origin !== origin) return;
    const key = absolute.pathname + absolute.search;
    if (seen.has(key)) return;
    if (onClick) {
      if (!later.includes(key)) later.push(key);
      return;
    }
    seen.add(key);
    queue.push(key);
  };
  const add = (source: string, code: Buffer, onClick: boolean) =>
    scripts.push({ source, bytes: code.length, gzipBytes: gzipSync(code, { level: GZIP_LEVEL }).length, onClick });

  let inlineIndex = 0;
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = match[1] ?? '';
    const src = attr(attrs, 'src');
    const type = (attr(attrs, 'type') ?? '').toLowerCase();
    if (src) {
      enqueue(src);
    } else if (!/json/.test(type) && match[2]!.trim().length > 0) {
      add(`inline #${++inlineIndex}${type ? ` (${type})` : ''}`, Buffer.from(match[2]!), false);
    }
  }
  for (const match of html.matchAll(/<astro-island\b([^>]*)>/gi)) {
    for (const name of ['component-url', 'renderer-url']) {
      const url = attr(match[1] ?? '', name);
      if (url) enqueue(url);
    }
  }
  for (const match of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = match[1] ?? '';
    if ((attr(attrs, 'rel') ?? '').toLowerCase() === 'modulepreload') {
      const href = attr(attrs, 'href');
      if (href) enqueue(href);
    }
  }
  const crawl = async (onClick: boolean) => {
    while (queue.length > 0) {
      const path = queue.shift()!;
      const file = await fetch(`${origin}${path}`);
      const code = Buffer.from(await file.arrayBuffer());
      if (file.status !== 200) throw new Error(`GET ${path} (script of ${path}) answered ${file.status}`);
      add(path, code, onClick);
      const imports = importsOf(code.toString('utf8'), path);
      for (const specifier of imports.atLoad) enqueue(specifier);
      for (const specifier of imports.onClick) enqueue(specifier, !onClick);
    }
  };
  await crawl(false);
  for (const key of later) enqueue(key);
  await crawl(true);
  const sum = (onClick: boolean, size: (script: ScriptEntry) => number) => scripts.filter((script) => script.onClick === onClick).reduce((total, script) => total + size(script), 0);
  return {
    page: path,
    scripts,
    totalBytes: sum(false, (script) => script.bytes),
    totalGzipBytes: sum(false, (script) => script.gzipBytes),
    onClickBytes: sum(true, (script) => script.bytes),
    onClickGzipBytes: sum(true, (script) => script.gzipBytes),
  };
}

// ---------------------------------------------------------------- machine

interface Machine {
  cpu: string;
  cores: number;
  ramGb: number;
  node: string;
  os: string;
  load: string;
}

function describeMachine(): Machine {
  let cpu = cpus()[0]?.model ?? 'unknown';
  try {
    cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? cpu;
  } catch {
    /* keep os.cpus() */
  }
  let os = `Linux ${release()}`;
  try {
    const pretty = /^PRETTY_NAME="?([^"\n]+)"?$/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1];
    if (pretty) os = `${pretty}, kernel ${release()}`;
  } catch {
    /* keep the kernel */
  }
  return {
    cpu,
    cores: cpus().length,
    ramGb: totalmem() / 1024 ** 3,
    node: process.version,
    os,
    load: loadavg()
      .map((n) => n.toFixed(2))
      .join(' / '),
  };
}

// ---------------------------------------------------------------- report

interface Report {
  date: string;
  command: string;
  options: Options;
  machine: Machine;
  gitCommit: string;
  results: TargetResult[];
  js: PageJs[];
  memory: { before: Memory; after: Memory };
  /** The many-students phase, when run. */
  students: StudentsReport | null;
  bomb: BombResult;
  serverPid: number;
  /** The priority the server and autocannon ran at, or null when left alone. */
  reniced: number | null;
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const kb = (bytes: number) => fmt(bytes / KB, 1);
const verdict = (ok: boolean) => (ok ? '**pass**' : '**miss**');

function evaluate(report: Report) {
  const home = report.results.find((r) => r.name === 'home')!;
  const signinJs = report.js.find((p) => p.page === '/signin')!;
  const homeJs = report.js.find((p) => p.page === '/home')!;
  const lesson = report.results.find((r) => r.name === 'lesson')!;
  const lessonsApi = report.results.find((r) => r.name === 'lessons-api')!;
  const lessonJs = report.js.find((p) => p.page === LESSON_PATH)!;
  // Runs recorded before issue 8 did not measure the course page.
  const courseJs = report.js.find((p) => p.page === COURSE_PATH) ?? null;
  return {
    courseJs,
    courseJsOk: courseJs ? courseJs.totalGzipBytes <= TARGETS.courseJsKb * KB : null,
    home,
    signinJs,
    homeJs,
    lesson,
    lessonsApi,
    lessonJs,
    lessonThroughput: lesson.requestsPerSecond >= TARGETS.lessonReqPerSec,
    lessonP99: lesson.latencyP99 <= TARGETS.lessonP99Ms,
    lessonsApiThroughput: lessonsApi.requestsPerSecond >= TARGETS.lessonsApiReqPerSec,
    lessonJsOk: lessonJs.totalGzipBytes <= TARGETS.lessonJsKb * KB,
    homeThroughput: home.requestsPerSecond >= TARGETS.homeReqPerSec,
    homeP99: home.latencyP99 <= TARGETS.homeP99Ms,
    signinJsOk: signinJs.totalGzipBytes <= TARGETS.signinJsKb * KB,
    homeJsOk: homeJs.totalGzipBytes <= TARGETS.homeJsKb * KB,
  };
}

function latestSection(report: Report): string {
  const e = evaluate(report);
  const m = report.machine;
  const lines: string[] = [];
  lines.push('## Latest run', '');
  lines.push(`- **Date:** ${report.date}`);
  lines.push(`- **Commit:** ${report.gitCommit}`);
  lines.push(`- **Machine:** ${m.cpu}, ${m.cores} cores, ${fmt(m.ramGb, 1)} GiB RAM; ${m.os}`);
  lines.push(`- **Node:** ${m.node} (the version the project pins through the \`node\` package)`);
  lines.push(`- **Load average at start (1/5/15 min):** ${m.load}`);
  lines.push(
    `- **Database:** ${report.options.databaseUrl ? 'PostgreSQL (a local server on the same machine, reached over TCP)' : 'PGlite (embedded, in the server process)'}, fresh, seeded with the demo data${report.options.scale ? ` and the scale data (\`--scale ${report.options.scale}\`: ${fmt(20_000 * report.options.scale)} students, ${fmt(200 * report.options.scale)} cohorts, ${fmt(1_000 * report.options.scale)} courses, ${fmt(20_000 * report.options.scale)} lessons, ${fmt(200_000 * report.options.scale)} lesson-history rows)` : ''}`,
  );
  lines.push(`- **Command:** \`${report.command}\``);
  lines.push(
    `- **Load:** autocannon in a separate process, ${report.options.connections} connections, ${report.options.duration} s per target after a ${report.options.warmup} s warm-up; the server runs as \`npm start\` (\`SENDA_SKIP_BUILD=true\`, \`LOG_LEVEL=warn\`, \`NODE_ENV\` unset) on 127.0.0.1` +
      (report.reniced !== null ? `; server and autocannon at nice ${report.reniced} so other jobs on this shared machine disturb less` : ''),
  );
  lines.push('');
  lines.push('### Targets', '');
  lines.push('| target | goal | measured | result |', '| --- | --- | --- | --- |');
  lines.push(`| \`/home\` signed in, throughput at ${report.options.connections} connections | ≥ ${TARGETS.homeReqPerSec} req/s | ${fmt(e.home.requestsPerSecond, 1)} req/s | ${verdict(e.homeThroughput)} |`);
  lines.push(`| \`/home\` signed in, p99 latency at ${report.options.connections} connections | ≤ ${TARGETS.homeP99Ms} ms | ${fmt(e.home.latencyP99)} ms | ${verdict(e.homeP99)} |`);
  lines.push(`| \`/signin\` JavaScript | ≤ ${TARGETS.signinJsKb} KB gzip | ${kb(e.signinJs.totalGzipBytes)} KB gzip | ${verdict(e.signinJsOk)} |`);
  lines.push(`| \`/home\` JavaScript | ≤ ${TARGETS.homeJsKb} KB gzip | ${kb(e.homeJs.totalGzipBytes)} KB gzip | ${verdict(e.homeJsOk)} |`);
  lines.push(`| lesson page signed in (issue 3), throughput | ≥ ${TARGETS.lessonReqPerSec} req/s | ${fmt(e.lesson.requestsPerSecond, 1)} req/s | ${verdict(e.lessonThroughput)} |`);
  lines.push(`| lesson page signed in (issue 3), p99 latency | ≤ ${TARGETS.lessonP99Ms} ms | ${fmt(e.lesson.latencyP99)} ms | ${verdict(e.lessonP99)} |`);
  lines.push(`| \`GET /api/v2/courses/{id}/lessons/\` (issue 3) | ≥ ${fmt(TARGETS.lessonsApiReqPerSec)} req/s | ${fmt(e.lessonsApi.requestsPerSecond, 1)} req/s | ${verdict(e.lessonsApiThroughput)} |`);
  lines.push(`| lesson page JavaScript (issue 3) | ≤ ${TARGETS.lessonJsKb} KB gzip | ${kb(e.lessonJs.totalGzipBytes)} KB gzip | ${verdict(e.lessonJsOk)} |`);
  if (e.courseJs) lines.push(`| course page JavaScript (issue 8) | ≤ ${TARGETS.courseJsKb} KB gzip | ${kb(e.courseJs.totalGzipBytes)} KB gzip | ${verdict(e.courseJsOk!)} |`);
  if (report.options.connections !== 32) lines.push('', `Note: the throughput target is defined at 32 connections; this run used ${report.options.connections}.`);
  lines.push('');
  lines.push('### Throughput and latency', '');
  lines.push('| target | req/s (avg) | p50 (ms) | p99 (ms) | max (ms) | requests | non-2xx | errors | timeouts | server CPU | server CPU per request | autocannon CPU | other CPU |');
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of report.results) {
    lines.push(
      `| ${r.label} | ${fmt(r.requestsPerSecond, 1)} | ${fmt(r.latencyP50)} | ${fmt(r.latencyP99)} | ${fmt(r.latencyMax)} | ${fmt(r.requestsTotal)} | ${fmt(r.non2xx)} | ${fmt(r.errors)} | ${fmt(r.timeouts)} | ${fmt(r.serverCpuPercent)} % | ${fmt(r.serverCpuMsPerRequest, 2)} ms | ${fmt(r.loadGeneratorCpuPercent)} % | ${fmt(r.otherCpuPercent)} % |`,
    );
  }
  lines.push('');
  lines.push(
    'CPU columns are user + system time over the run\'s wall time (100 % = one core; the machine has ' +
      `${report.machine.cores * 100} %). Server: the node process that listens (JavaScript runs on one thread, so ~100 % means CPU-bound; above 100 % is GC and helper threads). ` +
      'Server CPU per request: the server\'s CPU time divided by the requests served — at one thread, 1,000 / this is the ceiling in req/s. ' +
      'Other: everything else busy on the machine meanwhile (the OS, other jobs); when it is high the req/s and latency figures are pessimistic.',
  );
  lines.push('');
  lines.push('### Server memory', '');
  lines.push('RSS of the node process that listens (found through its socket, not the npm/tsx wrappers), from `/proc/<pid>/status`.', '');
  lines.push('| when | VmRSS | VmHWM (peak) |', '| --- | ---: | ---: |');
  lines.push(`| after sign-in, before load | ${fmt(report.memory.before.rssMb, 1)} MiB | ${fmt(report.memory.before.peakMb, 1)} MiB |`);
  lines.push(`| after all load | ${fmt(report.memory.after.rssMb, 1)} MiB | ${fmt(report.memory.after.peakMb, 1)} MiB |`);
  lines.push('');
  if (report.students) lines.push(studentsSection(report.students));
  lines.push(bombSection(report.bomb));
  lines.push('### JavaScript per page', '');
  lines.push(
    `Every script the page loads: \`<script src>\`, \`<link rel="modulepreload">\`, Astro island \`component-url\` / \`renderer-url\`, the static and dynamic \`import\`s of those files followed recursively, and inline \`<script>\` bodies (not \`application/json\`). Each file gzipped on its own with zlib level ${GZIP_LEVEL}; KB = 1,000 bytes. ` +
      'A module imported only on a click (bench/run.ts ON_CLICK_MODULES: the study assistant\'s chat panel), and what only it imports, is listed apart as "on a click" and not counted in the page\'s figure.',
  );
  for (const page of report.js) {
    const onClick = page.scripts.filter((script) => script.onClick).length;
    const clickNote = onClick > 0 ? `; on a click, ${kb(page.onClickGzipBytes)} KB gzip more (${kb(page.onClickBytes)} KB raw, ${onClick} scripts)` : '';
    lines.push('', `**${page.page}** — ${kb(page.totalGzipBytes)} KB gzip (${kb(page.totalBytes)} KB raw), ${page.scripts.length - onClick} scripts${clickNote}`, '');
    lines.push('| script | raw (B) | gzip (B) |', '| --- | ---: | ---: |');
    for (const s of [...page.scripts].sort((a, b) => Number(a.onClick) - Number(b.onClick) || b.gzipBytes - a.gzipBytes)) lines.push(`| \`${s.source}\`${s.onClick ? ' (on a click)' : ''} | ${fmt(s.bytes)} | ${fmt(s.gzipBytes)} |`);
  }
  lines.push('');
  return lines.join('\n');
}

const HISTORY_START = '<!-- history:start -->';
const HISTORY_END = '<!-- history:end -->';
const HISTORY_HEADER = [
  '| date | commit | machine | /home req/s | /home p50 / p99 (ms) | /home server CPU ms/req | other CPU during /home | /signin req/s | API courses req/s | /signin JS (KB gz) | /home JS (KB gz) | RSS before → after (MiB) | database, data | lesson page req/s | lesson p99 (ms) | lessons API req/s | lesson JS (KB gz) |',
  '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |',
];

function historyRow(report: Report): string {
  const by = (name: string) => report.results.find((r) => r.name === name)!;
  const e = evaluate(report);
  const m = report.machine;
  const machine = `${m.cpu.replace(/\|/g, '/')}, ${m.cores} cores, ${fmt(m.ramGb, 0)} GiB, Node ${m.node}`;
  return `| ${report.date} | ${report.gitCommit} | ${machine} | ${fmt(e.home.requestsPerSecond, 1)} | ${fmt(e.home.latencyP50)} / ${fmt(e.home.latencyP99)} | ${fmt(e.home.serverCpuMsPerRequest, 2)} | ${fmt(e.home.otherCpuPercent)} % | ${fmt(by('signin').requestsPerSecond, 1)} | ${fmt(by('courses').requestsPerSecond, 1)} | ${kb(e.signinJs.totalGzipBytes)} | ${kb(e.homeJs.totalGzipBytes)} | ${fmt(report.memory.before.rssMb, 0)} → ${fmt(report.memory.after.rssMb, 0)} | ${report.options.databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${report.options.scale ? `demo + scale ${report.options.scale}` : 'demo'} | ${fmt(e.lesson.requestsPerSecond, 1)} | ${fmt(e.lesson.latencyP99)} | ${fmt(e.lessonsApi.requestsPerSecond, 1)} | ${kb(e.lessonJs.totalGzipBytes)} |`;
}

const NOTES_START = '<!-- notes:start -->';
const NOTES_END = '<!-- notes:end -->';
const DEFAULT_NOTES = 'Findings from profiling go here; `npm run bench` keeps this section as it is.';

/** The synchronized quiz start's block of the doc (its own runs, per database), kept as it is by the other modes. */
function quizStartBlockOf(doc: string): string | null {
  const start = doc.indexOf(QUIZ_START_BLOCK_START);
  const end = doc.indexOf(QUIZ_START_BLOCK_END);
  return start >= 0 && end > start ? doc.slice(start, end + QUIZ_START_BLOCK_END.length) : null;
}

/** A section kept between its markers across runs (the users import's), or ''. */
function keptSection(old: string, start: string, end: string): string {
  const from = old.indexOf(start);
  const to = old.indexOf(end);
  return from >= 0 && to > from ? `${old.slice(from, to + end.length)}\n` : '';
}

/** Rewrites only one kept section of the doc (before "## Analysis" the first time). */
function writeKeptSection(section: string, start = USERS_IMPORT_START, end = USERS_IMPORT_END): void {
  const old = existsSync(DOC_PATH) ? readFileSync(DOC_PATH, 'utf8') : '# Benchmarks\n\n## Analysis\n';
  const kept = keptSection(old, start, end);
  const doc = kept ? old.replace(kept, section) : old.replace('## Analysis', `${section}\n## Analysis`);
  writeFileSync(DOC_PATH, doc);
}

function writeDoc(report: Report): void {
  let rows: string[] = [];
  let notes = DEFAULT_NOTES;
  let quizBlock: string | null = null;
  let usersImport = '';
  let assignmentsKept = '';
  let forumsKept = '';
  let reportsKept = '';
  let registrationsKept = '';
  let jarvisKept = '';
  if (existsSync(DOC_PATH)) {
    const old = readFileSync(DOC_PATH, 'utf8');
    quizBlock = quizStartBlockOf(old);
    usersImport = keptSection(old, USERS_IMPORT_START, USERS_IMPORT_END);
    assignmentsKept = keptSection(old, ASSIGNMENTS_START, ASSIGNMENTS_END);
    forumsKept = keptSection(old, FORUMS_START, FORUMS_END);
    reportsKept = keptSection(old, REPORTS_START, REPORTS_END);
    registrationsKept = keptSection(old, REGISTRATIONS_START, REGISTRATIONS_END);
    jarvisKept = keptSection(old, JARVIS_START, JARVIS_END);
    const notesStart = old.indexOf(NOTES_START);
    const notesEnd = old.indexOf(NOTES_END);
    if (notesStart >= 0 && notesEnd > notesStart) notes = old.slice(notesStart + NOTES_START.length, notesEnd).trim();
    const start = old.indexOf(HISTORY_START);
    const end = old.indexOf(HISTORY_END);
    if (start >= 0 && end > start) {
      rows = old
        .slice(start + HISTORY_START.length, end)
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line.startsWith('|') && !HISTORY_HEADER.includes(line) && !/^\|\s*date\s*\|/.test(line) && !/^\|[\s-:|]+\|$/.test(line));
    }
  }
  rows.push(historyRow(report));
  const doc = [
    '# Benchmarks',
    '',
    'Produced by `npm run bench` (bench/run.ts), which rewrites the "Latest run" section and appends a row to the history on every run.',
    'It builds the app, starts `npm start` on a fresh PGlite data directory (or, with `--database-url`, an empty PostgreSQL database) and a free port, optionally adds the',
    'scale dataset (`--scale N`: N × 20,000 students, 200 cohorts, 100 programs, 1,000 courses, 20,000 lessons, 200,000 lesson-history rows), signs in the demo student',
    '(browser cookie through Auth.js, and an API access token), and loads each target with autocannon from a separate process.',
    '',
    'Targets: `/home` signed in ≥ 800 req/s with p99 ≤ 100 ms at 32 connections; `/signin` ≤ 15 KB JS gzip; `/home` ≤ 100 KB JS gzip (issue 2);',
    'the lesson page signed in ≥ 800 req/s with p99 ≤ 100 ms, `GET /api/v2/courses/{id}/lessons/` ≥ 1,500 req/s, a lesson page ≤ 20 KB JS gzip (issue 3, with `--scale 1`).',
    'On a 2-core machine the server and the load generator share the CPU, so the figures are a floor for a dedicated server.',
    '',
    latestSection(report),
    ...(quizBlock ? ['## Synchronized quiz start (issue 11)', '', quizBlock, ''] : []),
    ...(usersImport ? [usersImport] : []),
    ...(assignmentsKept ? [assignmentsKept] : []),
    ...(forumsKept ? [forumsKept] : []),
    ...(reportsKept ? [reportsKept] : []),
    ...(registrationsKept ? [registrationsKept] : []),
    ...(jarvisKept ? [jarvisKept] : []),
    '## Analysis',
    '',
    NOTES_START,
    notes,
    NOTES_END,
    '',
    '## History',
    '',
    HISTORY_START,
    ...HISTORY_HEADER,
    ...rows,
    HISTORY_END,
    '',
  ].join('\n');
  mkdirSync(join(root, 'docs'), { recursive: true });
  writeFileSync(DOC_PATH, doc);
}

const QUIZ_START_INTRO = [
  '`npm run bench -- --quiz-start --scale 1` (bench/quiz-start.ts): 3,000 distinct scale students in one cohort, each with the quiz open (one read of it, as the',
  'quiz page does, before the start and not measured), start the same 10-question quiz within 10 s,',
  'each saves 10 answers spread over the next 2 minutes (30,000 saves) and submits; all through the public API. Lost answers: saves acknowledged with a 2xx',
  'whose answer is not what the database holds at the end (read back through the staff attempt API). The load generator runs on the same 2 cores as the server.',
  '',
].join('\n');

const QUIZ_NOTES_START = '<!-- quiz-start-notes:start -->';
const QUIZ_NOTES_END = '<!-- quiz-start-notes:end -->';
const QUIZ_NOTES_DEFAULT = 'Findings about the quiz start go here; `npm run bench -- --quiz-start` keeps them as they are.';

/** Writes one quiz-start run into its block of the doc (the latest run per database), leaving the rest of the doc as it is. */
function writeQuizStartDoc(run: string, database: string): void {
  const old = existsSync(DOC_PATH) ? readFileSync(DOC_PATH, 'utf8') : '# Benchmarks\n\n## Analysis\n';
  const block = quizStartBlockOf(old);
  const runs = new Map<string, string>();
  const withoutNotes = (block ?? '').replace(new RegExp(`${QUIZ_NOTES_START}[\\s\\S]*${QUIZ_NOTES_END}`), '');
  for (const section of withoutNotes.split(/\n(?=### )/).filter((part) => part.startsWith('### '))) {
    runs.set(section.slice(4, section.indexOf(' — ')), section.replace(new RegExp(`\\n?${QUIZ_START_BLOCK_END}$`), '').trim());
  }
  runs.set(database, run.trim());
  // Findings written by hand stay as they are.
  const notesStart = (block ?? '').indexOf(QUIZ_NOTES_START);
  const notesEnd = (block ?? '').indexOf(QUIZ_NOTES_END);
  const notes = notesStart >= 0 && notesEnd > notesStart ? block!.slice(notesStart, notesEnd + QUIZ_NOTES_END.length) : `${QUIZ_NOTES_START}\n${QUIZ_NOTES_DEFAULT}\n${QUIZ_NOTES_END}`;
  const next = [QUIZ_START_BLOCK_START, QUIZ_START_INTRO, ...['PGlite', 'PostgreSQL'].flatMap((name) => (runs.has(name) ? [runs.get(name)!, ''] : [])), notes, QUIZ_START_BLOCK_END].join('\n');
  const doc = block
    ? old.replace(block, next)
    : old.includes('## Analysis')
      ? old.replace('## Analysis', `## Synchronized quiz start (issue 11)\n\n${next}\n\n## Analysis`)
      : `${old.trimEnd()}\n\n## Synchronized quiz start (issue 11)\n\n${next}\n`;
  mkdirSync(join(root, 'docs'), { recursive: true });
  writeFileSync(DOC_PATH, doc);
}

function printQuizStart(report: QuizStartReport): void {
  const out = ['', `Synchronized quiz start: ${report.students} students, ${report.saves} saves`];
  for (const [name, figures] of [['start', report.start], ['save', report.save], ['complete', report.complete]] as const) {
    out.push(`  ${name.padEnd(9)} ${String(figures.count).padStart(6)} requests  p50 ${fmt(figures.p50).padStart(5)} ms  p99 ${fmt(figures.p99).padStart(5)} ms  max ${fmt(figures.max)} ms`);
  }
  out.push(`  statuses  ${Object.entries(report.statuses).map(([status, n]) => `${n}×${status}`).join(', ')}`);
  out.push(`  RSS       ${fmt(report.rss.beforeMb, 1)} MiB before → peak ${fmt(report.rss.peakMb, 1)} MiB → ${fmt(report.rss.afterMb, 1)} MiB after`, '');
  for (const [label, goal, measured, ok] of quizStartGoals(report)) out.push(`${ok ? 'PASS' : 'MISS'}  ${label} ${goal} (${measured})`);
  out.push('', `Written to ${DOC_PATH}`);
  console.log(out.join('\n'));
}

function printSummary(report: Report): void {
  const e = evaluate(report);
  const out: string[] = ['', `Senda benchmark — ${report.date} — ${report.machine.cpu}, ${report.machine.cores} cores, Node ${report.machine.node}`, ''];
  out.push(`${'target'.padEnd(34)}${'req/s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'non-2xx'.padStart(9)}${'errors'.padStart(8)}${'srv cpu'.padStart(9)}${'ms/req'.padStart(8)}${'other'.padStart(7)}`);
  for (const r of report.results) {
    out.push(
      `${r.label.replace(/`/g, '').padEnd(34)}${fmt(r.requestsPerSecond, 1).padStart(10)}${fmt(r.latencyP50).padStart(9)}${fmt(r.latencyP99).padStart(9)}${fmt(r.non2xx).padStart(9)}${fmt(r.errors).padStart(8)}${`${fmt(r.serverCpuPercent)}%`.padStart(9)}${fmt(r.serverCpuMsPerRequest, 2).padStart(8)}${`${fmt(r.otherCpuPercent)}%`.padStart(7)}`,
    );
  }
  out.push('');
  for (const page of report.js) {
    const onClick = page.onClickGzipBytes > 0 ? `; on a click +${kb(page.onClickGzipBytes)} KB gzip` : '';
    out.push(`JS ${page.page.padEnd(8)} ${kb(page.totalGzipBytes)} KB gzip (${kb(page.totalBytes)} KB raw, ${page.scripts.filter((script) => !script.onClick).length} scripts${onClick})`);
  }
  out.push(`RSS      ${fmt(report.memory.before.rssMb, 1)} MiB before load → ${fmt(report.memory.after.rssMb, 1)} MiB after (peak ${fmt(report.memory.after.peakMb, 1)} MiB)`);
  const b = report.bomb;
  out.push(`Bombs    ${b.bombsSent} sent (${Object.entries(b.bombStatuses).map(([code, n]) => `${n}×${code}`).join(', ')}); RSS ${fmt(b.rssMbBefore, 1)} → peak ${fmt(b.peakRssMbDuring, 1)} MiB; status p99 ${fmt(b.quiet.latencyP99)} → ${fmt(b.underBombs.latencyP99)} ms under bombs`);
  out.push('');
  const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  out.push(`${mark(e.homeThroughput)}  /home ≥ ${TARGETS.homeReqPerSec} req/s         (${fmt(e.home.requestsPerSecond, 1)})`);
  out.push(`${mark(e.homeP99)}  /home p99 ≤ ${TARGETS.homeP99Ms} ms         (${fmt(e.home.latencyP99)} ms)`);
  out.push(`${mark(e.signinJsOk)}  /signin JS ≤ ${TARGETS.signinJsKb} KB gzip     (${kb(e.signinJs.totalGzipBytes)} KB)`);
  out.push(`${mark(e.homeJsOk)}  /home JS ≤ ${TARGETS.homeJsKb} KB gzip      (${kb(e.homeJs.totalGzipBytes)} KB)`);
  out.push(`${mark(e.lessonThroughput)}  lesson ≥ ${TARGETS.lessonReqPerSec} req/s        (${fmt(e.lesson.requestsPerSecond, 1)})`);
  out.push(`${mark(e.lessonP99)}  lesson p99 ≤ ${TARGETS.lessonP99Ms} ms        (${fmt(e.lesson.latencyP99)} ms)`);
  out.push(`${mark(e.lessonsApiThroughput)}  lessons API ≥ ${TARGETS.lessonsApiReqPerSec} req/s  (${fmt(e.lessonsApi.requestsPerSecond, 1)})`);
  out.push(`${mark(e.lessonJsOk)}  lesson JS ≤ ${TARGETS.lessonJsKb} KB gzip      (${kb(e.lessonJs.totalGzipBytes)} KB)`);
  if (e.courseJs) out.push(`${mark(e.courseJsOk!)}  course JS ≤ ${TARGETS.courseJsKb} KB gzip      (${kb(e.courseJs.totalGzipBytes)} KB)`);
  if (report.students) for (const [label, goal, measured, ok] of studentGoals(report.students)) out.push(`${mark(ok)}  ${report.students.students} students: ${label.replace(/`/g, '')} ${goal} (${measured})`);
  out.push('', `Written to ${DOC_PATH}`);
  console.log(out.join('\n'));
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  // Issue 33's scenario runs in-process on its own data (bench/funder.ts): no build, no server.
  if (process.argv.includes('--funder')) {
    const funder = spawnSync('npx', ['tsx', 'bench/funder.ts', ...process.argv.slice(2).filter((arg) => arg !== '--funder')], { cwd: root, stdio: 'inherit' });
    if (funder.status !== 0) throw new Error(`bench/funder.ts failed (exit ${funder.status})`);
    return;
  }
  const options = parseArgs(process.argv.slice(2));
  const machine = describeMachine();
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim() || 'unknown';
  // The build is of the working tree: say so when it differs from HEAD in what the app is built from.
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'src', 'scripts', 'public', 'astro.config.mjs', 'auth.config.ts', 'package.json'], {
    cwd: root,
    encoding: 'utf8',
  }).stdout.trim();
  const gitCommit = dirty ? `${head} + uncommitted changes` : head;

  if (options.build) {
    console.log('Building (npm run build)…');
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'AUTH_SECRET'));
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env });
    if (built.status !== 0) throw new Error(`npm run build failed (exit ${built.status})`);
  }
  if (!existsSync(join(root, 'dist', 'server', 'entry.mjs'))) throw new Error('dist/server/entry.mjs is missing: run without --no-build');

  tempDir = mkdtempSync(join(tmpdir(), 'senda-bench-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  console.log(`Starting the server (npm start) on ${origin}, data in ${tempDir}…`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    SENDA_DATA_DIR: tempDir,
    SENDA_SKIP_BUILD: 'true',
    LOG_LEVEL: 'warn',
  };
  delete env.AUTH_SECRET;
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.registrations) Object.assign(env, REGISTRATIONS_SERVER_ENV);
  if (options.scale) {
    console.log(`Seeding the demo data and the scale data (--scale ${options.scale})…`);
    for (const args of [['seed'], ['seed-scale', '--scale', String(options.scale)]]) {
      const seeded = spawnSync('npm', ['run', '--silent', 'senda', '--', ...args], { cwd: root, env, stdio: 'inherit' });
      if (seeded.status !== 0) throw new Error(`npm run senda -- ${args.join(' ')} failed (exit ${seeded.status})`);
    }
  }
  let certificatesCohort: { cohortId: number; students: number } | null = null;
  if (options.certificates) {
    console.log(`Seeding the demo data and a cohort of ${options.students} approved students (bench/certificates-seed.ts)…`);
    const seeded = spawnSync('npx', ['tsx', 'bench/certificates-seed.ts', '--students', String(options.students)], { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    if (seeded.status !== 0) throw new Error(`bench/certificates-seed.ts failed (exit ${seeded.status})`);
    certificatesCohort = JSON.parse(seeded.stdout.trim().split('\n').at(-1)!) as { cohortId: number; students: number };
  }
  server = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [server.stdout!, server.stderr!]) {
    stream.on('data', (chunk: Buffer) => chunk.toString().split('\n').filter(Boolean).forEach(remember));
  }
  await waitForServer(origin, server, 180_000);
  const serverPid = findServerPid(server.pid!, port);
  if (!serverPid) throw new Error('could not find the server node process');
  const reniced = renice(serverPid, options.nice) ? options.nice : null;
  console.log(`Server is up (node pid ${serverPid}: ${readFileSync(`/proc/${serverPid}/cmdline`, 'utf8').split('\0').join(' ').trim()})`);

  if (certificatesCohort) {
    if (options.quietWait > 0) await waitForQuiet(serverPid, options.quietWait);
    console.log('Certificates (issue 31):');
    const load = loadavg().map((value) => value.toFixed(2)).join(' / ');
    const measured = await measureCertificates(origin, serverPid, certificatesCohort, (line) => console.log(line));
    const machineLine = `${machine.cpu.replace(/\|/g, '/')}, ${machine.cores} cores, ${fmt(machine.ramGb, 1)} GiB RAM, Node ${machine.node}`;
    const section = certificatesSection(measured, {
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      commit: gitCommit,
      machine: machineLine,
      database: options.databaseUrl ? 'PostgreSQL' : 'PGlite',
      load,
    });
    writeKeptSection(section, CERTIFICATES_START, CERTIFICATES_END);
    console.log(section.split('\n').filter((line) => !line.startsWith('<!--')).join('\n'));
    const met = certificatesMet(measured);
    console.log(`${met.time ? 'PASS' : 'MISS'}  ${measured.issued} certificates in ${measured.seconds.toFixed(1)} s (goal under 120 s)`);
    console.log(`${met.memory ? 'PASS' : 'MISS'}  server RSS peak ${measured.rssPeakMb.toFixed(0)} MB (goal under 350 MB)`);
    console.log(`Written to ${DOC_PATH}`);
    return;
  }

  if (options.checkIn) {
    if (options.quietWait > 0) await waitForQuiet(serverPid, options.quietWait);
    console.log('QR check-in (issue 32):');
    const load = loadavg().map((value) => value.toFixed(2)).join(' / ');
    const measured = await runCheckIn(origin, options.students, { memory: () => memoryOf(serverPid), log: (line) => console.log(line) });
    const machineLine = `${machine.cpu.replace(/\|/g, '/')}, ${machine.cores} cores, ${fmt(machine.ramGb, 1)} GiB RAM, Node ${machine.node}`;
    const section = checkInSection(measured, {
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      commit: gitCommit,
      machine: machineLine,
      database: options.databaseUrl ? 'PostgreSQL' : 'PGlite',
      load,
    });
    writeKeptSection(section, CHECK_IN_START, CHECK_IN_END);
    console.log(section.split('\n').filter((line) => !line.startsWith('<!--')).join('\n'));
    console.log(`${checkInMet(measured) ? 'PASS' : 'MISS'}  p99 ${measured.latency.p99.toFixed(0)} ms (goal under 300 ms), ${measured.students - measured.onRoster} lost, ${measured.non2xx} non-2xx`);
    console.log(`Written to ${DOC_PATH}`);
    return;
  }

  if (options.quizStart) {
    console.log('Synchronized quiz start:');
    const report = await runQuizStart(origin, { ...QUIZ_START_DEFAULTS, students: options.quizStudents }, {
      memory: () => memoryOf(serverPid),
      log: (line) => console.log(line),
    });
    const database = options.databaseUrl ? 'PostgreSQL' : 'PGlite';
    writeQuizStartDoc(
      quizStartRun(report, {
        date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
        commit: gitCommit,
        database,
        machine: `${machine.cpu}, ${machine.cores} cores, ${fmt(machine.ramGb, 0)} GiB, Node ${machine.node}; load average when the bench started (1/5/15 min, other people's work on this shared machine) ${machine.load}`,
      }),
      database,
    );
    printQuizStart(report);
    return;
  }

  if (options.assignments) {
    if (options.quietWait > 0) await waitForQuiet(serverPid, options.quietWait);
    console.log('Assignments (issue 12):');
    const measured = await measureAssignments(origin, serverPid, (line) => console.log(line), root);
    const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const machineLine = `${machine.cpu.replace(/\|/g, '/')}, ${machine.cores} cores, ${fmt(machine.ramGb, 1)} GiB RAM, Node ${machine.node}; load average when the bench started (1/5/15 min, other people's work on this shared machine) ${machine.load}`;
    const section = assignmentsSection(measured, { date, commit: gitCommit, machine: machineLine, database: options.databaseUrl ? 'PostgreSQL' : 'PGlite' });
    writeKeptSection(section, ASSIGNMENTS_START, ASSIGNMENTS_END);
    console.log(section.split('\n').filter((line) => !line.startsWith('<!--')).join('\n'));
    console.log(`Written to ${DOC_PATH}`);
    return;
  }

  if (options.usersImport) {
    if (options.quietWait > 0) await waitForQuiet(serverPid, options.quietWait);
    console.log('Users import (issue 10):');
    const imported = await measureUsersImport(origin, serverPid, { root, env });
    const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const machineLine = `${machine.cpu.replace(/\|/g, '/')}, ${machine.cores} cores, ${fmt(machine.ramGb, 1)} GiB RAM, Node ${machine.node}`;
    const section = usersImportSection(imported, { date, commit: gitCommit, machine: machineLine, database: options.databaseUrl ? 'PostgreSQL' : 'PGlite' });
    writeKeptSection(section);
    console.log(section.split('\n').filter((line) => !line.startsWith('<!--')).join('\n'));
    console.log(`Written to ${DOC_PATH}`);
    return;
  }

  if (options.forums) {
    if (options.quietWait > 0) await waitForQuiet(serverPid, options.quietWait);
    console.log('Forums (issue 13):');
    const forumsLoad = loadavg().map((value) => value.toFixed(2)).join(' / ');
    const report = await measureForums(origin, {
      load: async (label, url, headers, connections = options.connections) => {
        const result = await measureTarget({ name: 'forums', label, request: { url, method: 'GET', headers } }, { ...options, connections }, serverPid);
        return { label, requestsPerSecond: result.requestsPerSecond, p99: result.latencyP99, non2xx: result.non2xx, serverCpuMsPerRequest: result.serverCpuMsPerRequest };
      },
      memory: () => memoryOf(serverPid),
      cpuSeconds: () => cpuSecondsOf(serverPid),
      cookie: (email) => browserSignIn(origin, email),
      log: (line) => console.log(line),
    });
    const machineLine = `${machine.cpu.replace(/\|/g, '/')}, ${machine.cores} cores, ${fmt(machine.ramGb, 1)} GiB RAM, Node ${machine.node}`;
    const section = forumsSection(report, { date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), commit: gitCommit, machine: machineLine, database: options.databaseUrl ? 'PostgreSQL' : 'PGlite', load: forumsLoad });
    writeKeptSection(section, FORUMS_START, FORUMS_END);
    console.log(section.split('\n').filter((line) => !line.startsWith('<!--')).join('\n'));
    return;
  }

  if (options.reports) {
    if (options.quietWait > 0) await waitForQuiet(serverPid, options.quietWait);
    console.log('Reports (issue 14):');
    const load = loadavg().map((value) => value.toFixed(2)).join(' / ');
    // The dashboard's JavaScript: /admin (its charts) against another admin page without them, as the page loads it.
    const adminCookie = await browserSignIn(origin, 'admin@senda.test');
    const [dashboardJs, baselineJs] = [await measurePageJs(origin, '/admin', adminCookie), await measurePageJs(origin, '/admin/programs', adminCookie)];
    const measured = { ...(await measureReports(origin, serverPid, (line) => console.log(line))), js: { dashboardGzipBytes: dashboardJs.totalGzipBytes, baselineGzipBytes: baselineJs.totalGzipBytes } };
    const machineLine = `${machine.cpu.replace(/\|/g, '/')}, ${machine.cores} cores, ${fmt(machine.ramGb, 1)} GiB RAM, Node ${machine.node}`;
    const section = reportsSection(measured, {
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      commit: gitCommit,
      machine: machineLine,
      database: options.databaseUrl ? 'PostgreSQL' : 'PGlite',
      load,
      scale: options.scale ?? 0.5,
    });
    writeKeptSection(section, REPORTS_START, REPORTS_END);
    console.log(section.split('\n').filter((line) => !line.startsWith('<!--')).join('\n'));
    console.log(`Written to ${DOC_PATH}`);
    return;
  }

  if (options.registrations) {
    if (options.quietWait > 0) await waitForQuiet(serverPid, options.quietWait);
    console.log('Sign-up and payments (issue 15):');
    const load = loadavg().map((value) => value.toFixed(2)).join(' / ');
    const measured = await measureRegistrations(origin, serverPid, (line) => console.log(line));
    const machineLine = `${machine.cpu.replace(/\|/g, '/')}, ${machine.cores} cores, ${fmt(machine.ramGb, 1)} GiB RAM, Node ${machine.node}`;
    const section = registrationsSection(measured, {
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      commit: gitCommit,
      machine: machineLine,
      database: options.databaseUrl ? 'PostgreSQL' : 'PGlite',
      load,
    }, existsSync(DOC_PATH) ? readFileSync(DOC_PATH, 'utf8') : '');
    writeKeptSection(section, REGISTRATIONS_START, REGISTRATIONS_END);
    console.log(section.split('\n').filter((line) => !line.startsWith('<!--')).join('\n'));
    console.log(`Written to ${DOC_PATH}`);
    return;
  }

  if (options.jarvis) {
    if (options.quietWait > 0) await waitForQuiet(serverPid, options.quietWait);
    console.log('Study assistant (issue 16):');
    const load = loadavg().map((value) => value.toFixed(2)).join(' / ');
    const connections = options.studentConnections;
    const measured = await measureJarvis(origin, options.students, {
      load: async (label, request) => measureTarget({ name: 'jarvis-home', label, request }, { ...options, connections }, serverPid),
      pageJs: (path, cookie) => measurePageJs(origin, path, cookie),
      connections,
      durationS: options.duration,
      log: (line) => console.log(line),
    });
    const machineLine = `${machine.cpu.replace(/\|/g, '/')}, ${machine.cores} cores, ${fmt(machine.ramGb, 1)} GiB RAM, Node ${machine.node}`;
    const section = jarvisSection(measured, {
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      commit: gitCommit,
      machine: machineLine,
      database: options.databaseUrl ? 'PostgreSQL' : 'PGlite',
      load,
      scale: options.scale!,
    });
    writeKeptSection(section, JARVIS_START, JARVIS_END);
    console.log(section.split('\n').filter((line) => !line.startsWith('<!--')).join('\n'));
    const { regressionPercent, ok } = jarvisFigures(measured);
    console.log(`${ok ? 'PASS' : 'MISS'}  /home with the card: ${fmt(regressionPercent, 1)} % fewer req/s than without (goal ≤ 5 %)`);
    console.log(`Written to ${DOC_PATH}`);
    return;
  }

  const token = await apiSignIn(origin);
  const cookie = await browserSignIn(origin);
  const home = await fetch(`${origin}/home`, { headers: { cookie }, redirect: 'manual' });
  const homeHtml = await home.text();
  if (home.status !== 200 || !homeHtml.includes(HOME_MARKER)) {
    throw new Error(`GET /home signed in answered ${home.status}${home.headers.get('location') ? ` → ${home.headers.get('location')}` : ''} without "${HOME_MARKER}"`);
  }
  const probe = await fetch(`${origin}/api-getCoursesXUser/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  const courses = (await probe.json()) as unknown;
  if (probe.status !== 200 || !Array.isArray(courses) || courses.length === 0) throw new Error(`POST /api-getCoursesXUser/ answered ${probe.status}: ${JSON.stringify(courses).slice(0, 200)}`);
  console.log(`Signed in: cookie for /home (200, ${homeHtml.length} B), API token (${courses.length} courses)`);

  console.log('Measuring JavaScript per page…');
  const lesson = await fetch(`${origin}${LESSON_PATH}`, { headers: { cookie }, redirect: 'manual' });
  if (lesson.status !== 200 || !(await lesson.text()).includes(LESSON_MARKER)) throw new Error(`GET ${LESSON_PATH} answered ${lesson.status} without "${LESSON_MARKER}"`);
  const js = [
    await measurePageJs(origin, '/signin', null),
    await measurePageJs(origin, '/home', cookie),
    await measurePageJs(origin, LESSON_PATH, cookie),
    await measurePageJs(origin, COURSE_PATH, cookie),
  ];

  const before = memoryOf(serverPid);
  const targets: Target[] = [
    { name: 'signin', label: '`GET /signin` (anonymous)', request: { url: `${origin}/signin`, method: 'GET', headers: {} } },
    { name: 'home', label: '`GET /home` (signed in, cookie)', request: { url: `${origin}/home`, method: 'GET', headers: { cookie } } },
    {
      name: 'courses',
      label: '`POST /api-getCoursesXUser/` (bearer)',
      request: { url: `${origin}/api-getCoursesXUser/`, method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' },
    },
    { name: 'lesson', label: `\`GET ${LESSON_PATH}\` (signed in, cookie)`, request: { url: `${origin}${LESSON_PATH}`, method: 'GET', headers: { cookie } } },
    { name: 'lessons-api', label: `\`GET ${LESSONS_API_PATH}\` (bearer)`, request: { url: `${origin}${LESSONS_API_PATH}`, method: 'GET', headers: { authorization: `Bearer ${token}` } } },
  ];
  const results: TargetResult[] = [];
  console.log('Load:');
  for (const target of targets) results.push(await measureTarget(target, options, serverPid));
  let students: StudentsReport | null = null;
  let after = memoryOf(serverPid);
  if (options.students > 0) {
    console.log(`Many students: signing in ${options.students} scale students…`);
    const signedIn = await signInStudents(origin, options.students, { api: apiSignIn, browser: browserSignIn });
    const studentsBefore = memoryOf(serverPid);
    const measured: TargetResult[] = [];
    for (const page of studentPages(origin, signedIn)) measured.push(await measureTarget(page, { ...options, connections: options.studentConnections }, serverPid));
    const studentsAfter = memoryOf(serverPid);
    after = studentsAfter;
    const settled = await lowestRssWithin(serverPid, SETTLE_SECONDS, studentsAfter.rssMb);
    students = { students: signedIn.length, connections: options.studentConnections, results: measured, memory: { before: studentsBefore, after: studentsAfter, settled } };
  }
  console.log('Zip bomb: other users while a tutor sends spreadsheet bombs…');
  const bomb = await measureZipBomb(origin, serverPid, (load) => runLoad(load, options.nice), Math.min(options.duration, 10));

  const args = process.argv.slice(2).join(' ');
  const report: Report = {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    command: `npm run bench${args ? ` -- ${args}` : ''}`,
    options,
    machine,
    gitCommit,
    results,
    js,
    memory: { before, after },
    students,
    bomb,
    serverPid,
    reniced,
  };
  writeDoc(report);
  printSummary(report);
}

let exiting = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (exiting) return;
    exiting = true;
    console.error(`\n${signal}: stopping the server…`);
    void cleanup().finally(() => process.exit(130));
  });
}

main()
  .then(cleanup, async (error: unknown) => {
    console.error(`\nBenchmark failed: ${error instanceof Error ? error.message : String(error)}`);
    if (serverLog.length > 0) console.error(`\nLast server output:\n${serverLog.slice(-40).join('\n')}`);
    await cleanup();
    process.exitCode = 1;
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
