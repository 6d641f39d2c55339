/**
 * `npm run bench:cluster`: the many-students load of `npm run bench` (100
 * distinct scale students, each on their own pages, 16 connections) through
 * nginx over two app servers on one PostgreSQL (scripts/cluster/start-cluster.ts),
 * as a national program runs Senda. The npm script starts a throwaway
 * PostgreSQL (scripts/with-postgres.sh). Writes docs/benchmarks-cluster.md
 * (latest run and history). Then issue 13's live delivery across the two
 * servers: 2,000 event streams of a 500-comment thread, half on each server,
 * while the admin writes 20 comments per second through the first (the
 * second hears of them through PostgreSQL's NOTIFY). Flags: --duration N (s,
 * default 15), --warmup N (s, default 3), --connections N (default 16),
 * --students N (default 100).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { startCluster } from '../scripts/cluster/start-cluster';
import { createLoadThread, FORUM_GOALS, measureLiveDelivery, type LiveDelivery } from './forums';
import type { LoadFigures } from './load';
import { runLoadProcess } from './run-load';
import { apiSignIn, browserSignIn } from './sign-in';
import { signInStudents, studentPages, STUDENT_TARGETS } from './students';

const root = resolve(import.meta.dirname, '..');
const DOC_PATH = join(root, 'docs', 'benchmarks-cluster.md');

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
  return value;
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The app servers of this checkout's build now running (the cluster's two). */
function serverPids(): number[] {
  const bundle = join(root, 'dist', 'boot', 'serve-worker.mjs');
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(bundle);
      } catch {
        return false;
      }
    })
    .map(Number);
}

const statusKbOf = (pid: number, field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const cpuSecondsOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is not set: run `npm run bench:cluster`');
  const duration = flag('duration', 15);
  const warmup = flag('warmup', 3);
  const connections = flag('connections', 16);
  const count = flag('students', 100);
  const work = mkdtempSync(join(tmpdir(), 'senda-bench-cluster-'));

  console.log('Seeding the demo and scale data (--scale 1) into PostgreSQL…');
  for (const args of [['migrate'], ['seed'], ['seed-scale', '--scale', '1']]) {
    const seeded = spawnSync('npm', ['run', '--silent', 'senda', '--', ...args], { cwd: root, env: { ...process.env, SENDA_DATA_DIR: work }, stdio: 'inherit' });
    if (seeded.status !== 0) throw new Error(`npm run senda -- ${args.join(' ')} failed`);
  }
  const cluster = await startCluster({ databaseUrl, port: 4740, servers: 2, env: { LOG_LEVEL: 'warn' } });
  try {
    console.log(`Signing in ${count} students through nginx…`);
    const students = await signInStudents(cluster.url, count, { api: apiSignIn, browser: browserSignIn });
    const results: (LoadFigures & { label: string })[] = [];
    for (const page of studentPages(cluster.url, students)) {
      console.log(`  ${page.label}: warm-up ${warmup} s, load ${duration} s at ${connections} connections…`);
      await runLoadProcess({ ...page.request, connections, duration: warmup }, { workDir: work });
      results.push({ label: page.label, ...(await runLoadProcess({ ...page.request, connections, duration }, { workDir: work })) });
    }
    console.log('Live delivery across the two servers (issue 13): a 500-comment thread, 2,000 readers, half on each server…');
    const pids = serverPids();
    if (pids.length !== 2) throw new Error(`expected the cluster's 2 app servers, found ${pids.length}`);
    const [first, second] = cluster.serverUrls as [string, string];
    const { threadId, admin, reader } = await createLoadThread(first, (line) => console.log(line));
    const live = await measureLiveDelivery({
      writerOrigin: first,
      readerOrigins: [first, second],
      threadId,
      admin,
      reader,
      memoryMb: () => pids.reduce((sum, pid) => sum + statusKbOf(pid, 'VmRSS') / 1024, 0),
      cpuSeconds: () => pids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0),
      log: (line) => console.log(line),
    });
    const perServerRssMb = pids.map((pid) => statusKbOf(pid, 'VmRSS') / 1024);
    writeDoc(results, { duration, connections, count }, { ...live, perServerRssMb });
  } finally {
    await cluster.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

function writeDoc(results: (LoadFigures & { label: string })[], run: { duration: number; connections: number; count: number }, live: LiveDelivery & { perServerRssMb: number[] }): void {
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
  const cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? cpus()[0]?.model ?? 'unknown';
  const machine = `${cpu}, ${cpus().length} cores, ${fmt(totalmem() / 1024 ** 3, 0)} GiB, Node ${process.version}`;
  const HISTORY = '<!-- history -->';
  const old = existsSync(DOC_PATH) ? readFileSync(DOC_PATH, 'utf8') : '';
  const rows = old.includes(HISTORY) ? old.slice(old.indexOf(HISTORY) + HISTORY.length).split('\n').filter((line) => line.startsWith('| 20')) : [];
  const by = (prefix: string) => results.find((result) => result.label.startsWith(prefix))!;
  rows.push(`| ${date} | ${commit} | ${machine} | ${fmt(by('course').requestsPerSecond, 1)} / ${fmt(by('course').latencyP99)} | ${fmt(by('`/home`').requestsPerSecond, 1)} / ${fmt(by('`/home`').latencyP99)} | ${fmt(by('lesson').requestsPerSecond, 1)} / ${fmt(by('lesson').latencyP99)} |`);
  const doc = [
    '# Benchmarks: two app servers behind nginx',
    '',
    'Produced by `npm run bench:cluster` (bench/cluster.ts): a throwaway PostgreSQL with the demo and scale data (`--scale 1`), two app servers',
    '(`npm start` each, `TRUST_PROXY=true`, files in S3) and nginx round-robin in front, all on this machine; then the many-students load of',
    `\`npm run bench\` through nginx: ${run.count} distinct students, each on their own course and lesson, ${run.connections} connections, ${run.duration} s per page.`,
    'Everything (PostgreSQL, nginx, both servers and autocannon) shares the same cores, so these figures say that the cluster works and how it',
    'behaves, not what two dedicated servers would carry.',
    '',
    '## Latest run',
    '',
    `- **Date:** ${date}`,
    `- **Commit:** ${commit}`,
    `- **Machine:** ${machine}; load average at the end ${loadavg().map((n) => n.toFixed(2)).join(' / ')}`,
    '',
    '| page | req/s (avg) | p50 (ms) | p99 (ms) | max (ms) | non-2xx | errors | single-server goal (PGlite) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...results.map((r, index) => {
      const goal = [
        `≥ ${fmt(STUDENT_TARGETS.courseReqPerSec)} req/s, p99 ≤ ${STUDENT_TARGETS.courseP99Ms} ms`,
        `≥ ${fmt(STUDENT_TARGETS.homeReqPerSec)} req/s, p99 ≤ ${STUDENT_TARGETS.homeP99Ms} ms`,
        `≥ ${fmt(STUDENT_TARGETS.lessonReqPerSec)} req/s, p99 ≤ ${STUDENT_TARGETS.lessonP99Ms} ms`,
      ][index];
      return `| ${r.label} | ${fmt(r.requestsPerSecond, 1)} | ${fmt(r.latencyP50)} | ${fmt(r.latencyP99)} | ${fmt(r.latencyMax)} | ${fmt(r.non2xx)} | ${fmt(r.errors)} | ${goal} |`;
    }),
    '',
    '## Live delivery across the two servers (issue 13)',
    '',
    `A thread of 500 comments in the demo cohort's forum; ${fmt(live.listeners)} event streams of it, half opened on each app server directly (opened in ${fmt(live.connectedMs)} ms),`,
    `while the admin writes ${live.sent} comments at 20 per second through the first server; the second hears of each through PostgreSQL's NOTIFY.`,
    `Delivery, from sending the POST to the comment's arrival at each reader: ${fmt(live.delivered)} of ${fmt(live.expectedDeliveries)} arrived,`,
    `p50 ${fmt(live.deliveryP50Ms)} ms, p99 ${fmt(live.deliveryP99Ms)} ms, max ${fmt(live.deliveryMaxMs)} ms (goal p99 ≤ ${fmt(FORUM_GOALS.deliveryP99Ms)} ms: ${live.deliveryP99Ms <= FORUM_GOALS.deliveryP99Ms && live.delivered === live.expectedDeliveries ? 'met' : 'not met'}).`,
    `Both servers' RSS together ${fmt(live.rssBeforeMb)} MiB with the readers connected, peak ${fmt(live.rssPeakMb)} MiB while writing (each after: ${live.perServerRssMb.map((mb) => `${fmt(mb)} MiB`).join(', ')});`,
    `their CPU from the first comment to the last delivery ${fmt(live.serverCpuSeconds, 1)} s; the readers' processes ${fmt(live.readersCpuSeconds, 1)} s.`,
    '',
    '## History',
    '',
    HISTORY,
    '| date | commit | machine | course page req/s / p99 ms | /home req/s / p99 ms | lesson page req/s / p99 ms |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
  writeFileSync(DOC_PATH, doc);
  console.log(`\nWritten to ${DOC_PATH}`);
  for (const r of results) console.log(`${r.label.replace(/`/g, '').padEnd(44)} ${fmt(r.requestsPerSecond, 1).padStart(9)} req/s  p99 ${fmt(r.latencyP99)} ms  non-2xx ${r.non2xx}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
