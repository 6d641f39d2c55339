/**
 * `npm run bench -- --users-import`: issue 10's scenario, on its own (the
 * page loads and the many-students mode are not run). A platform admin
 * imports 10,000 people with every column of the person form, first from an
 * XLSX and then from a Windows-1252 CSV with `;` (as a Spanish-locale Excel
 * writes it): the dry-run preview and the commit are timed from the client
 * (upload included), the commit streaming its progress; meanwhile another
 * user's `GET /api/v2/status/` is timed one request after another, and the
 * server's RSS is sampled every 50 ms. Thirty seconds after the commit, the
 * job engine's report says how many invitations went out.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';

export const USERS_IMPORT_ROWS = 10_000;
/** The goal for 10,000 rows. */
export const USERS_IMPORT_GOAL_S = 30;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADERS = [
  'correo', 'nombres', 'apellidos', 'tipo_documento', 'numero_documento', 'celular', 'genero', 'departamento', 'municipio', 'barrio', 'direccion', 'estrato',
  'tipo_vivienda', 'hijos', 'personas_hogar', 'personas_a_cargo', 'grupo_poblacional', 'nivel_ingles', 'transporte', 'contacto_emergencia', 'telefono_emergencia',
  'parentesco', 'situacion_laboral', 'trabaja_en_la_industria', 'cargo', 'cohorte', 'rol',
];
const PLACES = [['Antioquia', 'Medellín'], ['Valle del Cauca', 'Cali'], ['Atlántico', 'Barranquilla'], ['Bogotá D. C.', 'Bogotá D. C.'], ['Santander', 'Bucaramanga'], ['Nariño', 'Pasto']] as const;

/** One person's row; `batch` keeps e-mails and documents apart between the two files. */
function personRow(batch: number, index: number, cohort: string): (string | number)[] {
  const [department, municipality] = PLACES[index % PLACES.length]!;
  return [
    `bench${batch}.persona${index}@ejemplo.co`, 'Persona', `Número ${index}`, 'CC', String(1_000_000_000 + batch * 100_000 + index), `3${String(100_000_000 + index).padStart(9, '0')}`,
    index % 2 ? 'Femenino' : 'Masculino', department, municipality, 'Centro', `Calle ${index % 100} # ${index % 50}-10`, (index % 6) + 1, 'Arrendada', index % 3, 2 + (index % 5), index % 2,
    'Ninguno', 'A2', 'Bus o buseta', 'Contacto de Emergencia', `31${String(10_000_000 + index).padStart(8, '0')}`, 'Madre', 'Empleado', index % 2 ? 'Sí' : 'No', 'Auxiliar', cohort, 'estudiante',
  ];
}

async function buildXlsx(cohort: string): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Personas');
  sheet.addRow(HEADERS);
  for (let index = 0; index < USERS_IMPORT_ROWS; index++) sheet.addRow(personRow(1, index, cohort));
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

function buildCsv(cohort: string): Uint8Array {
  const quote = (cell: string | number) => (/[;"\n]/.test(String(cell)) ? `"${String(cell).replace(/"/g, '""')}"` : String(cell));
  const lines = [HEADERS.join(';'), ...Array.from({ length: USERS_IMPORT_ROWS }, (_, index) => personRow(2, index, cohort).map(quote).join(';'))];
  // Windows-1252, as Excel writes "CSV (delimitado por comas)" in a Spanish locale: Latin-1 covers every character here.
  return new Uint8Array(Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1'));
}

export interface ImportTiming {
  format: 'XLSX' | 'CSV (Windows-1252, ;)';
  bytes: number;
  dryRunMs: number;
  commitMs: number;
  /** From sending the commit to its first progress line (upload, parse, checks). */
  checkedAfterMs: number;
  created: number;
  invited: number;
  progressLines: number;
}

export interface UsersImportReport {
  rows: number;
  timings: ImportTiming[];
  /** Another user's `GET /api/v2/status/` during the XLSX commit, one after another. */
  status: { requests: number; p50: number; p99: number; max: number };
  rssMbBefore: number;
  peakRssMb: number;
  /** Invitations delivered into the development mailbox within 30 s of the XLSX commit. */
  invitationsIn30s: number | null;
}

const rssMbOf = (pid: number) => Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
};

async function post(origin: string, token: string, query: string, file: { data: Uint8Array; name: string; type: string }, accept = 'application/json') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return fetch(`${origin}/api/v2/users/bulk-users/${query}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, accept }, body: form });
}

async function timeImport(origin: string, token: string, format: ImportTiming['format'], file: { data: Uint8Array; name: string; type: string }): Promise<ImportTiming> {
  const dryStart = performance.now();
  const dry = await post(origin, token, '?dryRun=true', file);
  const preview = (await dry.json()) as { total?: number; error?: { message: string } };
  const dryRunMs = performance.now() - dryStart;
  if (dry.status !== 200 || preview.total !== USERS_IMPORT_ROWS) throw new Error(`${format} dry run answered ${dry.status}: ${JSON.stringify(preview).slice(0, 300)}`);

  const commitStart = performance.now();
  const response = await post(origin, token, '', file, 'application/x-ndjson');
  if (response.status !== 200 || !response.body) throw new Error(`${format} commit answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  let checkedAfterMs = 0;
  let progressLines = 0;
  let buffered = '';
  let result: { created: number; invited: number } | null = null;
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    buffered += decoder.decode(chunk, { stream: true });
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines.filter(Boolean)) {
      const event = JSON.parse(line) as { progress?: unknown; result?: { created: number; invited: number }; error?: unknown };
      if (event.progress) {
        if (progressLines === 0) checkedAfterMs = performance.now() - commitStart;
        progressLines++;
      } else if (event.result) result = event.result;
      else throw new Error(`${format} commit failed: ${line}`);
    }
  }
  const commitMs = performance.now() - commitStart;
  if (!result) throw new Error(`${format} commit ended without a result`);
  return { format, bytes: file.data.byteLength, dryRunMs, commitMs, checkedAfterMs, created: result.created, invited: result.invited, progressLines };
}

/** Invitations the job engine delivered so far, from `npm run senda -- jobs` against the running server. */
function deliveredInvitations(root: string, env: NodeJS.ProcessEnv): number | null {
  const report = spawnSync('npm', ['run', '--silent', 'senda', '--', 'jobs'], { cwd: root, env: { ...env, LANG: 'en' }, encoding: 'utf8', timeout: 60_000 });
  const match = /^mail\.send: (\d+)\D+(\d+)\D+(\d+)\D+(\d+)/m.exec(report.stdout ?? '');
  return match ? Number(match[4]) : null;
}

/** Runs the scenario against a running server (demo data), as the demo admin. */
export async function measureUsersImport(origin: string, serverPid: number, cli: { root: string; env: NodeJS.ProcessEnv }): Promise<UsersImportReport> {
  const login = await fetch(`${origin}/api/v2/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@senda.test', password: 'Senda-demo-1' }) });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const cohort = 'Cohorte 2026-1 Bogotá';
  console.log(`  building an XLSX and a CSV of ${USERS_IMPORT_ROWS.toLocaleString('en-US')} people (${HEADERS.length} columns)…`);
  const xlsx = { data: await buildXlsx(cohort), name: 'personas.xlsx', type: XLSX_TYPE };
  const csv = { data: buildCsv(cohort), name: 'personas.csv', type: 'text/csv' };

  const rssMbBefore = rssMbOf(serverPid);
  let peakRssMb = rssMbBefore;
  const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, rssMbOf(serverPid))), 50);
  const latencies: number[] = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const start = performance.now();
      await (await fetch(`${origin}/api/v2/status/`)).arrayBuffer();
      latencies.push(performance.now() - start);
    }
  })();
  try {
    console.log('  XLSX: dry run, then commit…');
    const fromXlsx = await timeImport(origin, accessToken, 'XLSX', xlsx);
    probing = false;
    await probe;
    const committedAt = Date.now();
    console.log('  CSV: dry run, then commit…');
    const fromCsv = await timeImport(origin, accessToken, 'CSV (Windows-1252, ;)', csv);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 30_000 - (Date.now() - committedAt))));
    return {
      rows: USERS_IMPORT_ROWS,
      timings: [fromXlsx, fromCsv],
      status: { requests: latencies.length, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), max: Math.max(...latencies) },
      rssMbBefore,
      peakRssMb,
      invitationsIn30s: deliveredInvitations(cli.root, cli.env),
    };
  } finally {
    probing = false;
    clearInterval(sampler);
  }
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const seconds = (ms: number) => `${fmt(ms / 1000, 1)} s`;

export const USERS_IMPORT_START = '<!-- users-import:start -->';
export const USERS_IMPORT_END = '<!-- users-import:end -->';

/** The doc section of the scenario (kept between its markers by every bench run). */
export function usersImportSection(report: UsersImportReport, context: { date: string; commit: string; machine: string; database: string }): string {
  const lines = [
    USERS_IMPORT_START,
    `## Users import: ${fmt(report.rows)} people (issue 10)`,
    '',
    `Measured by \`npm run bench -- --users-import\` on ${context.date} (commit ${context.commit}; ${context.machine}; ${context.database}, demo data). A platform admin imports ${fmt(report.rows)} new people with all ${HEADERS.length} columns (the person form, cohort and role: every row becomes an account, a profile, a cohort membership and a queued invitation), through \`POST /api/v2/users/bulk-users/\`; times are the client's, upload included. Goal: ${fmt(report.rows)} rows in under ${USERS_IMPORT_GOAL_S} s.`,
    '',
    '| file | size | dry run (preview) | commit | of which checks before the first progress line | progress lines | result |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...report.timings.map(
      (timing) =>
        `| ${timing.format} | ${fmt(timing.bytes / 1e6, 2)} MB | ${seconds(timing.dryRunMs)} | **${seconds(timing.commitMs)}** ${timing.commitMs <= USERS_IMPORT_GOAL_S * 1000 ? '(pass)' : '(**miss**)'} | ${seconds(timing.checkedAfterMs)} | ${fmt(timing.progressLines)} | ${fmt(timing.created)} created, ${fmt(timing.invited)} invitations queued |`,
    ),
    '',
    `While the XLSX was checked and imported, another user's \`GET /api/v2/status/\` (one request after another, ${fmt(report.status.requests)} requests): p50 ${fmt(report.status.p50)} ms, p99 ${fmt(report.status.p99)} ms, max ${fmt(report.status.max)} ms. Server RSS ${fmt(report.rssMbBefore, 1)} MiB before, peak ${fmt(report.peakRssMb, 1)} MiB (sampled every 50 ms; the XLSX is parsed in a worker thread of the same process).`,
    '',
    report.invitationsIn30s === null
      ? 'Invitations delivered within 30 s: not read (the job report did not answer).'
      : `Invitations delivered into the development mailbox within 30 s of the XLSX commit: ${fmt(report.invitationsIn30s)} (\`mail.send\` completed, from \`npm run senda -- jobs\`), i.e. about ${fmt(report.invitationsIn30s / 30)} per second while the CSV import also ran.`,
    USERS_IMPORT_END,
    '',
  ];
  return lines.join('\n');
}
