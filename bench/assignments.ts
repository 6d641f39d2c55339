/**
 * `npm run bench -- --assignments --scale 1`: issue 12's scenario, on its
 * own. 1,000 scale students are put in one cohort with one assignment;
 * 500 of them submit a 2 MiB file each (random bytes: nothing compresses, so
 * the zip is the full gigabyte) and the other 500 a text, all through the
 * public API. Measured: the grading list of the 1,000-student cohort
 * (`GET assignments/{id}/roster/`, 8 at a time for 10 s: p50/p99), the zip of
 * every latest submission streamed to the client (`?delivery=stream`: time,
 * MB/s, the server's RSS sampled every 50 ms), and a grading sheet of 1,000
 * rows (CSV) checked (dry run) and applied, timed from the client.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { apiSignIn } from './sign-in';

export const ASSIGNMENTS_START = '<!-- assignments:start -->';
export const ASSIGNMENTS_END = '<!-- assignments:end -->';

const STUDENTS = 1000;
const WITH_FILES = 500;
const FILE_BYTES = 2 * 1024 * 1024;
const SCALE_PASSWORD = 'Senda-scale-1';
const CONCURRENCY = 8;
const LIST_SECONDS = 10;
/** The goals. */
const GOALS = { listP99Ms: 100, zipRssMb: 200, sheetS: 10 };

export interface AssignmentsReport {
  students: number;
  files: number;
  setupSeconds: number;
  uploadSeconds: number;
  uploadedMb: number;
  list: {
    requests: number;
    p50: number;
    p99: number;
    max: number;
    /** The server's CPU time (user + system) per answer, one grader at a time: steadier than latency on a shared machine. */
    cpuMsPerRequest: number;
    rowsPerAnswer: number;
    /** The answer's JSON, uncompressed, and as sent (brotli, the client accepting it). */
    jsonBytes: number;
    sentBytes: number;
    concurrent: { requests: number; p50: number; p99: number; max: number; cpuMsPerRequest: number };
  };
  /** The server's memory after each step (VmRSS, and its anonymous part: heap and buffers, not code mapped from files). */
  memory: { step: string; rssMb: number; anonMb: number; heapTotalMb?: number; heapUsedMb?: number; newSpaceMb?: number; externalMb?: number }[];
  zip: { bytes: number; seconds: number; mbPerSecond: number; rssBeforeMb: number; rssPeakMb: number };
  sheet: { rows: number; dryRunSeconds: number; applySeconds: number; graded: number };
}

const statusMbOf = (pid: number, field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
const rssMbOf = (pid: number) => statusMbOf(pid, 'VmRSS');
/** V8's memory reducer checks every 8 s and collects once the allocation rate is low: two or three checks. */
const REST_BEFORE_ZIP_SECONDS = 25;
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
/** CPU milliseconds (user + system) the process has used so far. */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(rest[11]) + Number(rest[12])) * 1000) / CLOCK_TICKS;
}

/**
 * With SENDA_BENCH_HEAP_SNAPSHOT=1 (and the server started with
 * NODE_OPTIONS=--heapsnapshot-signal=SIGUSR2), a heap snapshot of the server
 * at the end, to see what holds its memory; its path is logged.
 */
async function heapSnapshotOf(pid: number, cwd: string, log: (line: string) => void): Promise<void> {
  const before = new Set(readdirSync(cwd).filter((name) => name.endsWith('.heapsnapshot')));
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; waited < 120; waited++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const made = readdirSync(cwd).find((name) => name.endsWith('.heapsnapshot') && !before.has(name));
    if (!made) continue;
    const path = join(cwd, made);
    const size = statSync(path).size;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    if (existsSync(path) && statSync(path).size === size) return log(`  heap snapshot: ${path} (${(size / 1e6).toFixed(0)} MB)`);
  }
  log('  no heap snapshot appeared (start the bench with NODE_OPTIONS=--heapsnapshot-signal=SIGUSR2)');
}
const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;

async function required<T>(origin: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

/** The server's inspector, opened by SIGUSR1 (the server started with NODE_OPTIONS=--inspect-port=<port>). */
async function openInspector(pid: number, port: number) {
  process.kill(pid, 'SIGUSR1');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let id = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  };
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      pending.set(++id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    send,
    /** The server's `process.memoryUsage()` and the size of V8's new space (`newSpace`), in MiB. */
    async memoryUsage(): Promise<Record<string, number>> {
      const expression = `JSON.stringify({ ...process.memoryUsage(), newSpace: process.getBuiltinModule('v8').getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size })`;
      const answer = (await send('Runtime.evaluate', { expression, returnByValue: true })) as { result: { value: string } };
      return Object.fromEntries(Object.entries(JSON.parse(answer.result.value) as Record<string, number>).map(([key, value]) => [key, value / 1048576]));
    },
    /** A CPU profile of the server while `work` runs, written to `path` (open it in Chrome's DevTools). */
    async profile(path: string, work: () => Promise<unknown>, log: (line: string) => void): Promise<void> {
      await send('Profiler.enable');
      await send('Profiler.start');
      await work();
      const { profile } = (await send('Profiler.stop')) as { profile: unknown };
      const { writeFileSync } = await import('node:fs');
      writeFileSync(path, JSON.stringify(profile));
      log(`  CPU profile: ${path}`);
    },
    close: () => socket.close(),
  };
}

export async function measureAssignments(origin: string, serverPid: number, log: (line: string) => void, root = process.cwd()): Promise<AssignmentsReport> {
  // SENDA_BENCH_CPU_PROFILE=1 (the server started with NODE_OPTIONS=--inspect-port=N): the server's inspector
  // tells its JavaScript heap at each step and profiles one grading-list run. A cluster worker's inspector port
  // is the one given plus its number: read from its command line.
  const inspectPort = process.env.SENDA_BENCH_CPU_PROFILE ? Number(/--inspect-port=(\d+)/.exec(readFileSync(`/proc/${serverPid}/cmdline`, 'utf8'))?.[1]) : 0;
  const inspector = inspectPort ? await openInspector(serverPid, inspectPort) : null;
  const memory: AssignmentsReport['memory'] = [];
  const noteMemory = async (step: string) => {
    const usage = inspector ? await inspector.memoryUsage() : null;
    memory.push({ step, rssMb: rssMbOf(serverPid), anonMb: statusMbOf(serverPid, 'RssAnon'), ...(usage ? { heapTotalMb: usage.heapTotal!, heapUsedMb: usage.heapUsed!, newSpaceMb: usage.newSpace!, externalMb: usage.external! } : {}) });
  };
  await noteMemory('started (demo and scale data)');
  const setupStarted = Date.now();
  const admin = await apiSignIn(origin, 'admin@senda.test', 'Senda-demo-1');
  const program = await required<{ id: number }>(origin, admin, 'POST', '/api/v2/programs/', { name: 'Programa de entregas (bench)' });
  const course = await required<{ id: number }>(origin, admin, 'POST', '/api/v2/courses/', { programId: program.id, name: 'Curso de entregas' });
  const paths = await required<{ results: { id: number }[] }>(origin, admin, 'GET', '/api/v2/learning-paths/');
  const cohort = await required<{ id: number }>(origin, admin, 'POST', '/api/v2/cohorts/', { learningPathId: paths.results[0]!.id, programId: program.id, name: 'Cohorte de entregas (bench)' });
  await required(origin, admin, 'POST', `/api/v2/cohorts/${cohort.id}/content/courses/${course.id}/release/`, {});
  log(`  signing in ${STUDENTS} scale students…`);
  const students: { token: string; userId: number }[] = new Array(STUDENTS);
  await eachLimited(Array.from({ length: STUDENTS }, (_, index) => index + 1), CONCURRENCY, async (n, index) => {
    const response = await fetch(`${origin}/api/v2/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `scale-student-${n}@senda.test`, password: SCALE_PASSWORD }) });
    const body = (await response.json()) as { accessToken?: string; user?: { id: number } };
    if (response.status !== 200 || !body.accessToken) throw new Error(`sign-in of scale-student-${n} answered ${response.status}`);
    students[index] = { token: body.accessToken, userId: body.user!.id };
  });
  await noteMemory(`${STUDENTS} sign-ins`);
  await required(origin, admin, 'POST', `/api/v2/cohorts/${cohort.id}/assign_users/`, { users: students.map((student) => ({ userId: student.userId, role_id: 1 })) });
  const assignment = await required<{ id: number }>(origin, admin, 'POST', '/api/v2/assignments/', {
    courseId: course.id,
    title: 'Proyecto final',
    activityType: 'evaluation',
    maxScore: 100,
    maxFileMb: 10,
    published: true,
    dueAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  const setupSeconds = (Date.now() - setupStarted) / 1000;

  log(`  ${WITH_FILES} students submit a ${FILE_BYTES / 1024 / 1024} MiB file, ${STUDENTS - WITH_FILES} a text…`);
  const uploadStarted = Date.now();
  const noise = randomBytes(FILE_BYTES);
  await eachLimited(students, CONCURRENCY, async (student, index) => {
    const form = new FormData();
    if (index < WITH_FILES) {
      const file = Buffer.from(noise);
      file.write('%PDF-1.7\n', 0, 'latin1');
      file.writeUInt32BE(index, 16);
      form.append('files', new Blob([file], { type: 'application/pdf' }), `entrega-${index}.pdf`);
    } else {
      form.append('text', `Respuesta del estudiante ${index}: ${'texto '.repeat(50)}`);
    }
    const response = await fetch(`${origin}/api/v2/assignments/${assignment.id}/submissions/`, { method: 'POST', headers: { authorization: `Bearer ${student.token}` }, body: form });
    if (response.status !== 201) throw new Error(`submission ${index} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    await response.arrayBuffer();
  });
  const uploadSeconds = (Date.now() - uploadStarted) / 1000;
  await noteMemory(`${STUDENTS} submissions (${WITH_FILES} × 2 MiB)`);

  /** The grading list read by `connections` graders at once for `seconds`. */
  const measureList = async (connections: number, seconds: number) => {
    const samples: number[] = [];
    const cpuBefore = cpuMsOf(serverPid);
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (Date.now() < until) {
          const started = performance.now();
          const response = await fetch(`${origin}/api/v2/assignments/${assignment.id}/roster/?sort=status`, { headers: { authorization: `Bearer ${admin}` } });
          const text = await response.text();
          samples.push(performance.now() - started);
          if (response.status !== 200) throw new Error(`roster answered ${response.status}`);
          rowsPerAnswer = (JSON.parse(text) as { rows: unknown[] }).rows.length;
          jsonBytes = Buffer.byteLength(text);
        }
      }),
    );
    const cpuMsPerRequest = (cpuMsOf(serverPid) - cpuBefore) / samples.length;
    samples.sort((a, b) => a - b);
    return { requests: samples.length, p50: percentile(samples, 0.5), p99: percentile(samples, 0.99), max: samples.at(-1) ?? 0, cpuMsPerRequest };
  };
  let rowsPerAnswer = 0;
  let jsonBytes = 0;
  // What goes over the wire: the compressed answer, read raw.
  const sentBytes = await new Promise<number>((resolve, reject) => {
    const url = new URL(`${origin}/api/v2/assignments/${assignment.id}/roster/?sort=status`);
    void import('node:http').then(({ get }) =>
      get(url, { headers: { authorization: `Bearer ${admin}`, 'accept-encoding': 'br, gzip' } }, (response) => {
        let total = 0;
        response.on('data', (chunk: Buffer) => (total += chunk.length));
        response.on('end', () => resolve(total));
      }).on('error', reject),
    );
  });
  log(`  the grading list, one grader for ${LIST_SECONDS} s, then ${CONCURRENCY} at once for ${LIST_SECONDS} s…`);
  const alone = await measureList(1, LIST_SECONDS);
  const together = await measureList(CONCURRENCY, LIST_SECONDS);
  if (inspector) await inspector.profile(join(root, `roster-${Date.now()}.cpuprofile`), () => measureList(1, LIST_SECONDS), log);
  await noteMemory('grading list read');

  // A tutor downloads the zip some time after the rush of uploads and grading, not in the same second: the server
  // first gives back what that rush took (V8's memory reducer, ADR 015), so the zip's peak is measured from rest.
  log(`  the server at rest (${REST_BEFORE_ZIP_SECONDS} s without requests)…`);
  await new Promise((resolve) => setTimeout(resolve, REST_BEFORE_ZIP_SECONDS * 1000));
  log('  the zip, streamed…');
  await noteMemory(`before the zip, after ${REST_BEFORE_ZIP_SECONDS} s at rest`);
  const rssBeforeMb = rssMbOf(serverPid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMbOf(serverPid))), 50);
  const zipStarted = performance.now();
  let bytes = 0;
  try {
    const response = await fetch(`${origin}/api/v2/assignments/${assignment.id}/submissions/zip/?delivery=stream`, { headers: { authorization: `Bearer ${admin}` } });
    if (response.status !== 200 || !response.body) throw new Error(`zip answered ${response.status}`);
    for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
  } finally {
    clearInterval(sampler);
  }
  const zipSeconds = (performance.now() - zipStarted) / 1000;
  await noteMemory('after the zip');

  log('  a grading sheet of 1,000 rows…');
  const roster = await required<{ rows: { submissionId: number | null }[] }>(origin, admin, 'GET', `/api/v2/assignments/${assignment.id}/roster/?sort=name`);
  const csv = ['id_entrega,calificacion,comentarios', ...roster.rows.filter((row) => row.submissionId).map((row, index) => `${row.submissionId},${60 + (index % 40)},Buen trabajo; revisa la conclusión (${index})`)].join('\n');
  const sheetRows = csv.split('\n').length - 1;
  const upload = async (dryRun: boolean) => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'calificaciones.csv');
    const started = performance.now();
    const response = await fetch(`${origin}/api/v2/assignments/${assignment.id}/grading-sheet/?dryRun=${dryRun}`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
    const body = (await response.json()) as { graded: number };
    if (response.status !== 200) throw new Error(`grading sheet answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
    return { seconds: (performance.now() - started) / 1000, graded: body.graded };
  };
  const dryRun = await upload(true);
  const applied = await upload(false);
  await noteMemory('grading sheet applied');
  if (process.env.SENDA_BENCH_HEAP_SNAPSHOT === '1') await heapSnapshotOf(serverPid, root, log);
  inspector?.close();

  return {
    students: STUDENTS,
    files: WITH_FILES,
    setupSeconds,
    uploadSeconds,
    uploadedMb: (WITH_FILES * FILE_BYTES) / 1e6,
    list: { ...alone, rowsPerAnswer, jsonBytes, sentBytes, concurrent: together },
    memory,
    zip: { bytes, seconds: zipSeconds, mbPerSecond: bytes / 1e6 / zipSeconds, rssBeforeMb, rssPeakMb },
    sheet: { rows: sheetRows, dryRunSeconds: dryRun.seconds, applySeconds: applied.seconds, graded: applied.graded },
  };
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const verdict = (pass: boolean) => (pass ? 'pass' : '**miss**');

/** The doc section of the scenario (kept between its markers by every bench run). */
export function assignmentsSection(report: AssignmentsReport, context: { date: string; commit: string; machine: string; database: string }): string {
  return [
    ASSIGNMENTS_START,
    '## Assignments: grading list, zip and grading sheet (issue 12)',
    '',
    `Measured by \`npm run bench -- --assignments --scale 1\` on ${context.date} (commit ${context.commit}; ${context.machine}; ${context.database}, demo and scale data). ${fmt(report.students)} scale students in one cohort; ${fmt(report.files)} submit a 2 MiB file of random bytes each (${fmt(report.uploadedMb)} MB, uploaded through the API 8 at a time in ${fmt(report.uploadSeconds, 1)} s), the rest a text. Setup (sign-ins, cohort, assignment) took ${fmt(report.setupSeconds, 1)} s.`,
    '',
    '| target | goal | measured | result |',
    '| --- | --- | --- | --- |',
    `| grading list of the ${fmt(report.students)}-student cohort (\`GET assignments/{id}/roster/\`, all ${fmt(report.list.rowsPerAnswer)} rows), one grader at a time (${fmt(report.list.requests)} requests) | p99 ≤ ${GOALS.listP99Ms} ms | p50 ${fmt(report.list.p50)} ms, p99 ${fmt(report.list.p99)} ms, max ${fmt(report.list.max)} ms; server CPU ${fmt(report.list.cpuMsPerRequest, 1)} ms per answer; ${fmt(report.list.jsonBytes / 1024)} KiB of JSON, ${fmt(report.list.sentBytes / 1024)} KiB sent (brotli) | ${verdict(report.list.p99 <= GOALS.listP99Ms)} |`,
    `| the same list, ${CONCURRENCY} graders at once (${fmt(report.list.concurrent.requests)} requests; server, PostgreSQL and the load generator share 2 cores) | (p99 ≤ ${GOALS.listP99Ms} ms) | p50 ${fmt(report.list.concurrent.p50)} ms, p99 ${fmt(report.list.concurrent.p99)} ms, max ${fmt(report.list.concurrent.max)} ms; server CPU ${fmt(report.list.concurrent.cpuMsPerRequest, 1)} ms per answer | ${verdict(report.list.concurrent.p99 <= GOALS.listP99Ms)} |`,
    `| zip of every latest submission, streamed (\`?delivery=stream\`) | server RSS < ${GOALS.zipRssMb} MB, at disk speed | ${fmt(report.zip.bytes / 1e6)} MB in ${fmt(report.zip.seconds, 1)} s = **${fmt(report.zip.mbPerSecond, 1)} MB/s**; RSS ${fmt(report.zip.rssBeforeMb, 1)} MiB before, peak ${fmt(report.zip.rssPeakMb, 1)} MiB (+${fmt(report.zip.rssPeakMb - report.zip.rssBeforeMb, 1)} MiB while zipping) | ${verdict(report.zip.rssPeakMb < GOALS.zipRssMb)} (absolute peak); the zip's own share: ${verdict(report.zip.rssPeakMb - report.zip.rssBeforeMb < GOALS.zipRssMb)} |`,
    `| grading sheet of ${fmt(report.sheet.rows)} rows (CSV), applied | < ${GOALS.sheetS} s | dry run ${fmt(report.sheet.dryRunSeconds, 2)} s, apply ${fmt(report.sheet.applySeconds, 2)} s (${fmt(report.sheet.graded)} graded) | ${verdict(report.sheet.applySeconds < GOALS.sheetS)} |`,
    '',
    `RSS is the listening node process's VmRSS, sampled every 50 ms during the zip. The peak includes what the server held before the zip started (its caches and code; with PGlite also the database, which runs in the same process); the zip itself adds only what the difference shows. The zip starts after ${REST_BEFORE_ZIP_SECONDS} s without requests (a tutor downloads after the rush, and an idle server gives back what a rush took: ADR 015); the step table shows what the rush left before that rest.`,
    '',
    'The server\'s memory after each step (VmRSS; RssAnon is its anonymous part — the JavaScript heap, buffers and native allocations — the rest is code and files mapped in):',
    '',
    ...(report.memory[0]?.heapTotalMb !== undefined
      ? [
          '| after | RSS | of it anonymous | JS heap reserved (of it new space) / used | external (buffers) |',
          '| --- | --- | --- | --- | --- |',
          ...report.memory.map((row) => `| ${row.step} | ${fmt(row.rssMb, 1)} MiB | ${fmt(row.anonMb, 1)} MiB | ${fmt(row.heapTotalMb ?? 0, 1)} (${fmt(row.newSpaceMb ?? 0, 1)}) / ${fmt(row.heapUsedMb ?? 0, 1)} MiB | ${fmt(row.externalMb ?? 0, 1)} MiB |`),
        ]
      : ['| after | RSS | of it anonymous |', '| --- | --- | --- |', ...report.memory.map((row) => `| ${row.step} | ${fmt(row.rssMb, 1)} MiB | ${fmt(row.anonMb, 1)} MiB |`)]),
    '',
    'What the memory is, step by step, and what was done about it: docs/decisions/015-server-memory.md.',
    ASSIGNMENTS_END,
    '',
  ].join('\n');
}
