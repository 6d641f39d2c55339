/**
 * `npm run bench -- --funder` (issue 33): the funder report over 20,000
 * students (`--students N` to change it), timed in-process on a fresh PGlite
 * data directory: the scale data (bench's 20,000 students in 200 cohorts with
 * their lesson history), each student given a profile, half of them the
 * funder-reports consent, a held session per cohort with attendance, some
 * withdrawals and certificates. Times reading the figures, building the
 * tables and writing the XLSX and the CSV, for all cohorts at once (a
 * platform admin's report); goal under 5 s. Writes its section of
 * docs/benchmarks.md.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { execSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { closeDatabase, openDatabase, setDatabase } from '~/lib/server/db/client';
import { migrateDatabase } from '~/lib/server/db/migrate';
import { seedScaleData, SCALE_UNIT } from '~/lib/server/db/scale-seed';
import { refreshStatistics } from '~/lib/server/db/refresh-statistics';
import { getT } from '~/i18n';
import { todayInBogota } from '~/lib/shared/age-bands';
import { readFunderInput } from '~/lib/server/services/reports/funder/get-funder-report';
import { buildFunderSections, totalsOf } from '~/lib/server/services/reports/funder/build-funder-sections';
import { writeFunderFile } from '~/lib/server/services/reports/funder/write-funder-file';
import { rowsOf } from '~/lib/server/services/quizzes/sql-rows';

const FUNDER_START = '<!-- funder:start -->';
const FUNDER_END = '<!-- funder:end -->';
const GOAL_S = 5;
const DOC_PATH = resolve(import.meta.dirname, '..', 'docs', 'benchmarks.md');

/** The processor, cores, memory and Node that measured. */
const machineOf = () => `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}`;
/** The commit measured, marked when the tree had changes. */
function commitOf(): string {
  try {
    const commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
    return execSync('git status --porcelain', { encoding: 'utf8' }).trim() ? `${commit} + uncommitted changes` : commit;
  } catch {
    return 'unknown commit';
  }
}

function studentsOption(): number {
  const index = process.argv.indexOf('--students');
  return index >= 0 ? Number(process.argv[index + 1]) : SCALE_UNIT.students;
}

const seconds = (from: number) => (performance.now() - from) / 1000;

async function main(): Promise<void> {
  const students = studentsOption();
  const dataDir = mkdtempSync(join(tmpdir(), 'senda-bench-funder-'));
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite'), poolSize: 2, listen: false });
  setDatabase(database);
  try {
    await migrateDatabase(database);
    const { db } = database;
    console.log(`Seeding ${students} students (scale ${students / SCALE_UNIT.students})…`);
    await seedScaleData(db, students / SCALE_UNIT.students);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into profiles (user_id, genre, stratum, municipality, birth_date, population_group)
        select u.id, (array['female','male','non_binary','prefer_not_to_say'])[1 + u.id % 4], 1 + u.id % 6,
          (array['11001','76001','05001','08001','68001'])[1 + u.id % 5], date '1990-01-01' + (u.id % 12000), (array['none','indigenous','afrocolombian','conflict_victim'])[1 + u.id % 4]
        from users u where u.email like 'scale-student-%'`);
      await tx.execute(sql`insert into consents (user_id, purpose, text_version, channel)
        select u.id, p, '1', 'import' from users u, unnest(array['funder_reports','sensitive_data']) p where u.email like 'scale-student-%' and u.id % 2 = 0`);
      await tx.execute(sql`insert into live_sessions (cohort_id, class_name, video_link, duration_s, starts_at, ends_at)
        select c.id, 'Sesión', 'https://meet.example.com/x', 7200, now() - interval '3 days', now() - interval '3 days' + interval '2 hours' from cohorts c where c.name like 'Cohorte escala %'`);
      await tx.execute(sql`insert into live_attendance (session_id, user_id, status)
        select ls.id, m.user_id, 'present' from live_sessions ls join memberships m on m.cohort_id = ls.cohort_id and m.role_id = 1 where m.user_id % 3 <> 0`);
      await tx.execute(sql`update memberships set status = 'INACTIVE', withdrawn_on = current_date - 1, withdrawal_reason = (array['work','health','finances','moved','no_contact'])[1 + user_id % 5]
        where role_id = 1 and user_id % 17 = 0`);
    });
    // As a server would after its start or within the hour (ADR 033): PGlite keeps no statistics of its own.
    await refreshStatistics(db);
    const [cohorts] = rowsOf<{ ids: number[] }>(await db.execute(sql`select array_agg(id order by id) as ids from cohorts where name like 'Cohorte escala %'`));
    const cohortIds = cohorts!.ids.map(Number);
    const cutoff = todayInBogota();
    const t = getT('es');
    console.log(`Timing the funder report over ${cohortIds.length} cohorts…`);
    // A first run warms the caches and the JIT, as a server that has been up a while would be; the second is measured.
    const runs: { read: number; build: number; xlsx: number; csv: number; total: number; bytes: number }[] = [];
    for (let run = 0; run < 2; run++) {
      const start = performance.now();
      const input = await readFunderInput(cohortIds, cutoff);
      const read = seconds(start);
      const built = performance.now();
      const report = { cutoff, lang: 'es' as const, totals: totalsOf(input), sections: buildFunderSections(input, t) };
      const build = seconds(built);
      const xlsxStart = performance.now();
      const xlsx = await writeFunderFile(report, 'xlsx');
      const xlsxSeconds = seconds(xlsxStart);
      const csvStart = performance.now();
      await writeFunderFile(report, 'csv');
      runs.push({ read, build, xlsx: xlsxSeconds, csv: seconds(csvStart), total: seconds(start), bytes: xlsx.data.byteLength });
      console.log(`run ${run + 1}: read ${read.toFixed(2)} s, build ${build.toFixed(2)} s, xlsx ${xlsxSeconds.toFixed(2)} s, total ${seconds(start).toFixed(2)} s (enrolled ${report.totals.enrolled})`);
    }
    const best = runs.at(-1)!;
    const met = best.total < GOAL_S;
    console.log(`${met ? 'PASS' : 'MISS'}  funder report for ${students} students in ${best.total.toFixed(2)} s (goal under ${GOAL_S} s)`);
    const section = [
      FUNDER_START,
      '## Funder report (issue 33)',
      '',
      `\`npm run bench -- --funder\`, ${new Date().toISOString().slice(0, 19)}Z (${commitOf()}); ${machineOf()}; load average when measured ${loadavg().map((value) => value.toFixed(2)).join(' / ')} (a shared machine): ${students} students in ${cohortIds.length} cohorts (the scale data, half with the funder-reports consent), every cohort at once, in-process on PGlite; the second of two runs (the first warms up).`,
      '',
      '| read figures | build tables | XLSX | CSV | total (read + build + XLSX + CSV) | XLSX size | goal |',
      '|---|---|---|---|---|---|---|',
      `| ${best.read.toFixed(2)} s | ${best.build.toFixed(2)} s | ${best.xlsx.toFixed(2)} s | ${best.csv.toFixed(2)} s | ${best.total.toFixed(2)} s | ${(best.bytes / 1024).toFixed(0)} KiB | under ${GOAL_S} s: ${met ? 'met' : 'missed'} |`,
      FUNDER_END,
      '',
    ].join('\n');
    const old = existsSync(DOC_PATH) ? readFileSync(DOC_PATH, 'utf8') : '# Benchmarks\n\n## Analysis\n';
    const start = old.indexOf(FUNDER_START);
    const end = old.indexOf(FUNDER_END);
    const doc = start >= 0 && end > start ? old.slice(0, start) + section.trimEnd() + old.slice(end + FUNDER_END.length) : old.replace('## Analysis', `${section}\n## Analysis`);
    writeFileSync(DOC_PATH, doc);
  } finally {
    await closeDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
