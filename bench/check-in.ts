/**
 * `npm run bench -- --check-in --scale 1` (issue 32): a classroom of 2,000
 * students (`--students N`) checking in to one in-person session with the
 * QR code on the tutor's screen, all within a minute. Set up through the
 * public API as an admin would (a program, a cohort of N scale students, an
 * in-person session that has just begun); each student signs in first, as
 * their phone did before class. Then each student sends
 * `POST /api/v2/live-session/{id}/check-in/ { code }` at their own moment,
 * spread evenly over 60 s (open loop: a slow answer does not delay the next
 * student), with the code the tutor's screen shows then (read from
 * `GET …/check-in-code/` every 5 s, as the screen does). Measured: p50/p99
 * and non-2xx of the check-ins, and what is lost: every student must be on
 * the session's roster as present or late afterwards (read back through the
 * staff's `GET …/attendance/`), once.
 */
import { apiSignIn } from './sign-in';
import { required, signInScaleStudentsInto, SIGN_IN_CONCURRENCY, summarize, type Latencies } from './api-calls';

export const CHECK_IN_START = '<!-- check-in:start -->';
export const CHECK_IN_END = '<!-- check-in:end -->';
/** Issue 32's goals (2-core machine). */
export const CHECK_IN_GOALS = { withinS: 60, p99Ms: 300 };
const CODE_REFRESH_MS = 5000;

export interface CheckInReport {
  students: number;
  setupSeconds: number;
  /** From the first check-in sent to the last answer. */
  seconds: number;
  latency: Latencies;
  non2xx: number;
  /** Students of the roster marked present or late afterwards; lost = students − this. */
  onRoster: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

interface Hooks {
  memory(): { rssMb: number; peakMb: number };
  log(line: string): void;
}

async function setUp(origin: string, students: number, hooks: Hooks) {
  const admin = await apiSignIn(origin, 'admin@senda.test', 'Senda-demo-1');
  const program = await required<{ id: number }>(origin, admin, 'POST', '/api/v2/programs/', { name: 'Asistencia presencial (bench)' });
  const paths = await required<{ results: { id: number }[] }>(origin, admin, 'GET', '/api/v2/learning-paths/');
  const cohort = await required<{ id: number }>(origin, admin, 'POST', '/api/v2/cohorts/', { learningPathId: paths.results[0]!.id, programId: program.id, name: 'Cohorte presencial (bench)' });

  hooks.log(`  signing in ${students} scale students (${SIGN_IN_CONCURRENCY} at a time)…`);
  const tokens = await signInScaleStudentsInto(origin, admin, cohort.id, students);
  // The class began a minute ago and lasts two hours: every check-in falls inside its window, none late (10 min).
  const startsAt = new Date(Date.now() - 60_000);
  const endsAt = new Date(startsAt.getTime() + 2 * 3_600_000);
  const session = await required<{ id: number }>(origin, admin, 'POST', '/api/v2/live-session/', {
    cohort: cohort.id,
    className: 'Taller presencial (bench)',
    videoLink: 'https://meet.example.co/taller-presencial',
    duration: { minutes: 120, seconds: 0 },
    startDate: startsAt.toISOString(),
    endDate: endsAt.toISOString(),
    wasLive: false,
    kind: 'in_person',
    place: 'Auditorio principal',
  });
  return { admin, sessionId: session.id, students: tokens };
}

export async function runCheckIn(origin: string, studentCount: number, hooks: Hooks): Promise<CheckInReport> {
  const setupStarted = Date.now();
  const { admin, sessionId, students } = await setUp(origin, studentCount, hooks);
  const setupSeconds = (Date.now() - setupStarted) / 1000;

  // The tutor's screen: the current code, read again every few seconds.
  let code = (await required<{ code: string }>(origin, admin, 'GET', `/api/v2/live-session/${sessionId}/check-in-code/`)).code;
  const screen = setInterval(() => {
    required<{ code: string }>(origin, admin, 'GET', `/api/v2/live-session/${sessionId}/check-in-code/`)
      .then((shown) => (code = shown.code))
      .catch((error: unknown) => hooks.log(`  the screen could not read the code: ${String(error)}`));
  }, CODE_REFRESH_MS);
  const rssBeforeMb = hooks.memory().rssMb;
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, hooks.memory().rssMb)), 100);

  hooks.log(`  ${students.length} students check in, spread over ${CHECK_IN_GOALS.withinS} s…`);
  const latencies: number[] = [];
  let non2xx = 0;
  const spacingMs = (CHECK_IN_GOALS.withinS * 1000) / students.length;
  const started = performance.now();
  try {
    await Promise.all(
      students.map(async (student, index) => {
        const due = started + index * spacingMs;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
        const sent = performance.now();
        const response = await fetch(`${origin}/api/v2/live-session/${sessionId}/check-in/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${student.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ code }),
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - sent);
        if (response.status >= 300) non2xx += 1;
      }),
    );
  } finally {
    clearInterval(screen);
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;

  // Nothing lost: every student on the roster as present or late, once.
  const roster = await required<{ userId: number; status: string | null }[]>(origin, admin, 'GET', `/api/v2/live-session/${sessionId}/attendance/`);
  const checkedIn = new Set(students.map((student) => student.userId));
  const onRoster = roster.filter((row) => checkedIn.has(row.userId) && (row.status === 'present' || row.status === 'late')).length;
  return { students: students.length, setupSeconds, seconds, latency: summarize(latencies), non2xx, onRoster, rssBeforeMb, rssPeakMb };
}

const fmt = (value: number, digits = 0) => value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export const checkInMet = (report: CheckInReport) =>
  report.latency.p99 < CHECK_IN_GOALS.p99Ms && report.non2xx === 0 && report.onRoster === report.students && report.seconds <= CHECK_IN_GOALS.withinS + 5;

export function checkInSection(report: CheckInReport, meta: { date: string; commit: string; machine: string; database: string; load: string }): string {
  return [
    CHECK_IN_START,
    '## Attendance: 2,000 students checking in within a minute (issue 32)',
    '',
    `${meta.database} — ${meta.date} (${meta.commit}); ${meta.machine}; load average when measured ${meta.load} (a shared machine). ` +
      '`npm run bench -- --check-in --scale 1` (bench/check-in.ts): an in-person session that has just begun; each scale student, signed in ' +
      'beforehand, sends the QR code the tutor\'s screen shows at their own moment, spread evenly over 60 s (open loop), the client on the same 2 cores.',
    '',
    '| students | sent over (s) | p50 (ms) | p99 (ms) | max (ms) | non-2xx | on the roster afterwards (lost) | server RSS before → peak (MB) | goal (p99 < 300 ms, nothing lost) |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | --- |',
    `| ${fmt(report.students)} | ${fmt(report.seconds, 1)} | ${fmt(report.latency.p50)} | ${fmt(report.latency.p99)} | ${fmt(report.latency.max)} | ${fmt(report.non2xx)} | ` +
      `${fmt(report.onRoster)} (${fmt(report.students - report.onRoster)}) | ${fmt(report.rssBeforeMb)} → ${fmt(report.rssPeakMb)} | ${checkInMet(report) ? 'met' : 'not met'} |`,
    '',
    `Setup (program, cohort, the students' sign-ins, the session) took ${fmt(report.setupSeconds)} s and is not measured.`,
    CHECK_IN_END,
    '',
  ].join('\n');
}
