/**
 * The zip-bomb phase of `npm run bench` (issue 17): while a tutor keeps
 * sending a spreadsheet zip bomb to the lesson import (a 3 MB XLSX that
 * inflates to 1 GB, two at a time), other users' requests are measured, and
 * the server's memory is sampled every 50 ms.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { buildXlsxBomb } from '../tests/support/zip-bomb';
import type { LoadFigures, LoadOptions } from './load';

export interface BombResult {
  bombBytes: number;
  inflatedMegabytes: number;
  bombsSent: number;
  bombStatuses: Record<string, number>;
  /** The server process's largest RSS while bombs were refused, and before them. */
  peakRssMbDuring: number;
  rssMbBefore: number;
  /** `GET /api/v2/status/` before and while bombs arrive. */
  quiet: LoadFigures;
  underBombs: LoadFigures;
  serverAlive: boolean;
}

const TUTOR_EMAIL = 'tutor@senda.test';
const DEMO_PASSWORD = 'Senda-demo-1';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const INFLATED_MEGABYTES = 1000;

const rssMbOf = (pid: number) => Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

type RunLoad = (options: LoadOptions) => Promise<LoadFigures>;

export async function measureZipBomb(origin: string, serverPid: number, runLoad: RunLoad, seconds: number): Promise<BombResult> {
  const login = await fetch(`${origin}/api/v2/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: TUTOR_EMAIL, password: DEMO_PASSWORD }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const authorization = `Bearer ${accessToken}`;
  const courses = (await (await fetch(`${origin}/api-getCoursesXUser/`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: '{}' })).json()) as { id: number }[];
  const bomb = await buildXlsxBomb({ inflatedMegabytes: INFLATED_MEGABYTES });
  const status: LoadOptions = { url: `${origin}/api/v2/status/`, method: 'GET', headers: {}, connections: 16, duration: seconds };

  const quiet = await runLoad(status);
  // Start the peak afresh (Linux: writing 5 to clear_refs resets VmHWM); the sampler reads VmRSS anyway.
  try {
    writeFileSync(`/proc/${serverPid}/clear_refs`, '5');
  } catch {
    /* not permitted: the sampler still sees every 50 ms */
  }
  const rssMbBefore = rssMbOf(serverPid);
  let peak = rssMbBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMbOf(serverPid))), 50);
  let running = true;
  const statuses: Record<string, number> = {};
  const sendBombs = async () => {
    while (running) {
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(bomb)], { type: XLSX_TYPE }), 'lecciones.xlsx');
      const response = await fetch(`${origin}/api/v2/courses/${courses[0]!.id}/lessons/import/?dryRun=true`, { method: 'POST', headers: { authorization }, body: form });
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  };
  const senders = [sendBombs(), sendBombs()];
  const underBombs = await runLoad(status);
  running = false;
  await Promise.all(senders);
  clearInterval(sampler);
  const alive = (await fetch(`${origin}/api/v2/status/`)).status === 200;
  return {
    bombBytes: bomb.byteLength,
    inflatedMegabytes: INFLATED_MEGABYTES,
    bombsSent: Object.values(statuses).reduce((sum, count) => sum + count, 0),
    bombStatuses: statuses,
    peakRssMbDuring: peak,
    rssMbBefore,
    quiet,
    underBombs,
    serverAlive: alive,
  };
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The doc section for the bomb phase. */
export function bombSection(result: BombResult): string {
  const statuses = Object.entries(result.bombStatuses).map(([code, count]) => `${fmt(count)} × ${code}`).join(', ');
  return [
    '### Spreadsheet zip bomb (issue 17)',
    '',
    `A tutor sends, two at a time and without pause, a ${fmt(result.bombBytes / 1e6, 1)} MB XLSX whose worksheet inflates to ${fmt(result.inflatedMegabytes)} MB to \`POST /api/v2/courses/{id}/lessons/import/?dryRun=true\`, while 16 connections read \`GET /api/v2/status/\`. Limits: 500 entries, 50 MB unpacked per entry and in total, a ratio of 100 past 1 MB; parsing in a worker thread of 768 MB heap and 60 s.`,
    '',
    '| | req/s | p50 (ms) | p99 (ms) | max (ms) | non-2xx |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    `| \`GET /api/v2/status/\`, no bombs | ${fmt(result.quiet.requestsPerSecond, 1)} | ${fmt(result.quiet.latencyP50)} | ${fmt(result.quiet.latencyP99)} | ${fmt(result.quiet.latencyMax)} | ${fmt(result.quiet.non2xx)} |`,
    `| \`GET /api/v2/status/\`, bombs arriving | ${fmt(result.underBombs.requestsPerSecond, 1)} | ${fmt(result.underBombs.latencyP50)} | ${fmt(result.underBombs.latencyP99)} | ${fmt(result.underBombs.latencyMax)} | ${fmt(result.underBombs.non2xx)} |`,
    '',
    `Bombs answered: ${statuses || 'none'}. Server RSS ${fmt(result.rssMbBefore, 1)} MiB before, peak ${fmt(result.peakRssMbDuring, 1)} MiB while bombs arrived (sampled every 50 ms); the server ${result.serverAlive ? 'kept answering' : '**stopped answering**'}.`,
    '',
  ].join('\n');
}
