/**
 * `npm run bench -- --certificates` (issue 31): 5,000 certificates issued
 * in bulk by the running server, the way an admin does it. Before the server
 * starts, bench/certificates-seed.ts writes a cohort of 5,000 students who
 * meet the demo program's approval rule. Then the demo admin asks for the
 * bulk issue (`POST /api/v2/cohorts/{id}/certificates/issue/`, which counts
 * who approved) and follows the run (`…/issue/{runId}/`, every 250 ms, as
 * the admin screen does) until it is done, while the app server's RSS is read
 * every 50 ms, and for 15 s more (each certificate also queued its e-mail,
 * which the job engine sends meanwhile). Finally the certificates are counted
 * through `GET /api/v2/certificates/?cohort_id=`. Goals: under 2 minutes,
 * the server under 350 MB.
 */
import { readFileSync } from 'node:fs';
import { apiSignIn } from './sign-in';

export const CERTIFICATES_START = '<!-- certificates:start -->';
export const CERTIFICATES_END = '<!-- certificates:end -->';
const GOALS = { seconds: 120, rssMb: 350 };
const SAMPLE_MS = 50;
const POLL_MS = 250;
/** How long the RSS is still read after the run is done, while the e-mails go out. */
const TAIL_MS = 15_000;

export interface CertificatesReport {
  students: number;
  issued: number;
  listed: number;
  /** From the admin's request to the run's "done". */
  seconds: number;
  /** The answer to the request itself (it counts who approved). */
  requestMs: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
}

const rssMbOf = (pid: number) => Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function getJson<T>(url: string, token: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as T;
}

export async function measureCertificates(origin: string, serverPid: number, setup: { cohortId: number; students: number }, log: (line: string) => void): Promise<CertificatesReport> {
  const token = await apiSignIn(origin, 'admin@senda.test');
  await sleep(2000);
  const rssBeforeMb = rssMbOf(serverPid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMbOf(serverPid))), SAMPLE_MS);
  try {
    const started = performance.now();
    const requested = await fetch(`${origin}/api/v2/cohorts/${setup.cohortId}/certificates/issue/`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    const requestMs = performance.now() - started;
    if (requested.status !== 202) throw new Error(`the bulk issue answered ${requested.status}: ${(await requested.text()).slice(0, 300)}`);
    const run = (await requested.json()) as { id: number; itemsTotal: number };
    log(`  run ${run.id} queued in ${Math.round(requestMs)} ms for ${run.itemsTotal} approved students`);
    let issued = 0;
    let lastShown = -1;
    for (;;) {
      const state = await getJson<{ status: string; itemsDone: number; itemsTotal: number; issuedCount: number; error: string | null }>(
        `${origin}/api/v2/cohorts/${setup.cohortId}/certificates/issue/${run.id}/`,
        token,
      );
      if (state.itemsDone !== lastShown && state.itemsDone % 1000 < 250) log(`    ${state.itemsDone} of ${state.itemsTotal} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
      lastShown = state.itemsDone;
      if (state.status === 'done') {
        issued = state.issuedCount;
        break;
      }
      if (state.status === 'failed') throw new Error(`the run failed: ${state.error}`);
      if (performance.now() - started > 600_000) throw new Error('the run took more than 10 minutes');
      await sleep(POLL_MS);
    }
    const seconds = (performance.now() - started) / 1000;
    log(`  done in ${seconds.toFixed(1)} s; reading the server's memory for ${TAIL_MS / 1000} s more while the e-mails go out`);
    await sleep(TAIL_MS);
    const listed = (await getJson<{ count: number }>(`${origin}/api/v2/certificates/?cohort_id=${setup.cohortId}`, token)).count;
    return { students: setup.students, issued, listed, seconds, requestMs, rssBeforeMb, rssPeakMb, rssAfterMb: rssMbOf(serverPid) };
  } finally {
    clearInterval(sampler);
  }
}

const fmt = (value: number, digits = 0) => value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export const certificatesMet = (report: CertificatesReport): { time: boolean; memory: boolean } => ({
  time: report.issued === report.students && report.seconds < GOALS.seconds,
  memory: report.rssPeakMb < GOALS.rssMb,
});

export function certificatesSection(report: CertificatesReport, meta: { date: string; commit: string; machine: string; database: string; load: string }): string {
  const met = certificatesMet(report);
  return [
    CERTIFICATES_START,
    '## Certificates: 5,000 issued in bulk (issue 31)',
    '',
    `${meta.database} — ${meta.date} (${meta.commit}); ${meta.machine}; load average when measured ${meta.load} (a shared machine). ` +
      '`npm run bench -- --certificates` (bench/certificates.ts): a cohort of students who all meet the demo program\'s approval rule; the demo admin ' +
      'asks for the bulk issue through the API and follows the run every 250 ms, as the admin screen does, while the app server\'s RSS is read every 50 ms.',
    '',
    '| students | certificates issued | listed by the API | request answered (ms) | run done (s) | server RSS before → peak → 15 s after (MB) | goal (< 120 s, < 350 MB) |',
    '| ---: | ---: | ---: | ---: | ---: | --- | --- |',
    `| ${fmt(report.students)} | ${fmt(report.issued)} | ${fmt(report.listed)} | ${fmt(report.requestMs)} | ${fmt(report.seconds, 1)} | ` +
      `${fmt(report.rssBeforeMb)} → ${fmt(report.rssPeakMb)} → ${fmt(report.rssAfterMb)} | time ${met.time ? 'met' : 'not met'}, memory ${met.memory ? 'met' : 'not met'} |`,
    '',
    'Nothing is drawn while issuing: each certificate is a row and an Ed25519 signature, its PDF drawn when downloaded (ADR 028).',
    CERTIFICATES_END,
    '',
  ].join('\n');
}
