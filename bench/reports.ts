/**
 * `npm run bench -- --reports` (scale 0.5 unless `--scale` says otherwise:
 * 10,000 scale students in 100 cohorts, 10 courses each): issue 14's
 * scenario, on its own. The demo admin downloads the progress report of
 * every cohort (one row per student and course: 100,000 rows at scale 0.5)
 * as XLSX and as CSV, streamed (`delivery=stream`), while the server's RSS is
 * sampled every 50 ms; each file is read back (the XLSX with exceljs's
 * streaming reader) to count its rows. Then the same XLSX is built by the job
 * engine (`delivery=job`), timed from the request to "ready".
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { apiSignIn } from './sign-in';

export const REPORTS_START = '<!-- reports:start -->';
export const REPORTS_END = '<!-- reports:end -->';
/** The goals. */
const GOALS = { rows: 100_000, seconds: 5, rssGrowthMb: 150 };
const SAMPLE_MS = 50;

export interface StreamedReport {
  format: 'xlsx' | 'csv';
  rows: number;
  bytes: number;
  firstByteMs: number;
  seconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

export interface ReportsReport {
  streamed: StreamedReport[];
  job: { rows: number; seconds: number; bytes: number };
}

/** JavaScript (gzip) of /admin with the dashboard, and of another admin page (/admin/programs) without it. */
export interface DashboardJs {
  dashboardGzipBytes: number;
  baselineGzipBytes: number;
}

const rssMbOf = (pid: number) => Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function countXlsxRows(path: string): Promise<number> {
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, { worksheets: 'emit', sharedStrings: 'cache', styles: 'ignore', hyperlinks: 'ignore' });
  for await (const sheet of reader) for await (const _row of sheet) rows += 1;
  return rows - 1;
}

async function streamReport(origin: string, token: string, serverPid: number, format: 'xlsx' | 'csv', folder: string): Promise<StreamedReport> {
  await sleep(2000);
  const rssBeforeMb = rssMbOf(serverPid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMbOf(serverPid))), SAMPLE_MS);
  const started = performance.now();
  const response = await fetch(`${origin}/api/v2/reports/?type=progress&export_format=${format}&delivery=stream`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200 || !response.body) throw new Error(`GET reports (${format}) answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  const chunks: Buffer[] = [];
  let firstByteMs = 0;
  for await (const chunk of response.body) {
    if (firstByteMs === 0) firstByteMs = performance.now() - started;
    chunks.push(Buffer.from(chunk));
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  rssPeakMb = Math.max(rssPeakMb, rssMbOf(serverPid));
  const path = join(folder, `progress.${format}`);
  writeFileSync(path, Buffer.concat(chunks));
  const rows = format === 'xlsx' ? await countXlsxRows(path) : readFileSync(path, 'utf8').split('\r\n').filter(Boolean).length - 1;
  return { format, rows, bytes: statSync(path).size, firstByteMs, seconds, rssBeforeMb, rssPeakMb };
}

async function buildAsJob(origin: string, token: string): Promise<ReportsReport['job']> {
  const headers = { authorization: `Bearer ${token}` };
  const started = performance.now();
  const requested = await fetch(`${origin}/api/v2/reports/?type=progress&export_format=xlsx&delivery=job`, { headers });
  if (requested.status !== 202) throw new Error(`delivery=job answered ${requested.status}`);
  const { id } = (await requested.json()) as { id: number };
  for (;;) {
    const state = (await (await fetch(`${origin}/api/v2/reports/exports/${id}/`, { headers })).json()) as { status: string; rowsTotal: number; sizeBytes: number | null };
    if (state.status === 'ready') return { rows: state.rowsTotal, seconds: (performance.now() - started) / 1000, bytes: state.sizeBytes ?? 0 };
    if (state.status === 'failed') throw new Error('the report job failed');
    if (performance.now() - started > 300_000) throw new Error('the report job took more than 5 minutes');
    await sleep(250);
  }
}

export async function measureReports(origin: string, serverPid: number, log: (line: string) => void): Promise<ReportsReport> {
  const token = await apiSignIn(origin, 'admin@senda.test');
  const folder = mkdtempSync(join(tmpdir(), 'senda-bench-reports-'));
  try {
    const streamed: StreamedReport[] = [];
    for (const format of ['xlsx', 'csv'] as const) {
      log(`  progress report as ${format}, streamed…`);
      const result = await streamReport(origin, token, serverPid, format, folder);
      log(`    ${result.rows} rows, ${(result.bytes / 1e6).toFixed(1)} MB in ${result.seconds.toFixed(2)} s; RSS ${result.rssBeforeMb.toFixed(0)} → peak ${result.rssPeakMb.toFixed(0)} MB`);
      streamed.push(result);
    }
    log('  the same XLSX built by the job engine…');
    const job = await buildAsJob(origin, token);
    log(`    ready in ${job.seconds.toFixed(2)} s`);
    return { streamed, job };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const fmt = (value: number, digits = 0) => value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const verdict = (ok: boolean) => (ok ? 'met' : 'not met');

export function reportsSection(report: ReportsReport & { js: DashboardJs }, meta: { date: string; commit: string; machine: string; database: string; load: string; scale: number }): string {
  return [
    REPORTS_START,
    '## Reports: 100,000 rows streamed (issue 14)',
    '',
    `${meta.database} — ${meta.date} (${meta.commit}); ${meta.machine}; load average when measured ${meta.load} (a shared machine). ` +
      `\`npm run bench -- --reports\` (bench/reports.ts, scale ${meta.scale}): the admin's progress report of every cohort, streamed, the client on the same 2 cores.`,
    '',
    '| file | rows read back | size (MB) | first byte (ms) | total (s) | server RSS before → peak (MB) | growth (MB) | goal (< 5 s, < 150 MB) |',
    '| --- | ---: | ---: | ---: | ---: | --- | ---: | --- |',
    ...report.streamed.map(
      (row) =>
        `| ${row.format.toUpperCase()} | ${fmt(row.rows)} | ${fmt(row.bytes / 1e6, 1)} | ${fmt(row.firstByteMs)} | ${fmt(row.seconds, 2)} | ${fmt(row.rssBeforeMb)} → ${fmt(row.rssPeakMb)} | ${fmt(row.rssPeakMb - row.rssBeforeMb)} | ${verdict(row.rows >= GOALS.rows && row.seconds < GOALS.seconds && row.rssPeakMb - row.rssBeforeMb < GOALS.rssGrowthMb)} |`,
    ),
    '',
    `Dashboard JavaScript (bench/run.ts's page JS sum, gzip -9): \`/admin\` ${fmt(report.js.dashboardGzipBytes / 1000, 1)} KB against \`/admin/programs\` ${fmt(report.js.baselineGzipBytes / 1000, 1)} KB: ` +
      `the dashboard adds ${fmt((report.js.dashboardGzipBytes - report.js.baselineGzipBytes) / 1000, 1)} KB (goal ≤ 60 KB: ${verdict(report.js.dashboardGzipBytes - report.js.baselineGzipBytes <= 60_000)}).`,
    '',
    `Built by the job engine instead (\`delivery=job\`, the path of reports past REPORT_STREAM_MAX_ROWS): ${fmt(report.job.rows)} rows, ${fmt(report.job.bytes / 1e6, 1)} MB, ready ${fmt(report.job.seconds, 2)} s after the request (polled every 250 ms).`,
    REPORTS_END,
    '',
  ].join('\n');
}
