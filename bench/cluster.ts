/**
 * `npm run bench:cluster`: the many-students load of `npm run bench` (100
 * distinct scale students, each on their own pages, 16 connections) through
 * nginx over two app servers on one PostgreSQL (scripts/cluster/start-cluster.ts),
 * as a national program runs Senda. The npm script starts a throwaway
 * PostgreSQL (scripts/with-postgres.sh). Writes docs/benchmarks-cluster.md
 * (latest run and history). Flags: --duration N (s, default 15), --warmup N
 * (s, default 3), --connections N (default 16), --students N (default 100).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { startCluster } from '../scripts/cluster/start-cluster';
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
    writeDoc(results, { duration, connections, count });
  } finally {
    await cluster.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

function writeDoc(results: (LoadFigures & { label: string })[], run: { duration: number; connections: number; count: number }): void {
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
