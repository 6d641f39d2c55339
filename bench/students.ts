/**
 * The many-students phase of `npm run bench` (with `--scale`): signs in N
 * distinct students of the scale data (`scale-student-<n>@senda.test`), each
 * with their own course and lesson, and loads the course page, `/home` and
 * the lesson page with every connection going round all of them, as a
 * cohort at rush hour does, instead of one student on one warm page.
 */
import type { LoadOptions } from './load';

/** The goals of issue 9 for this phase (2-core machine, PGlite). */
export const STUDENT_TARGETS = {
  courseReqPerSec: 1_000,
  courseP99Ms: 50,
  homeReqPerSec: 1_000,
  homeP99Ms: 50,
  lessonReqPerSec: 1_800,
  lessonP99Ms: 35,
  rssMb: 350,
};

const SCALE_PASSWORD = 'Senda-scale-1';

export interface Student {
  email: string;
  cookie: string;
  courseId: number;
  lessonId: number;
}

interface SignIns {
  api(origin: string, email: string, password: string): Promise<string>;
  browser(origin: string, email: string, password: string): Promise<string>;
}

/** Signs in `count` scale students (API token for their ids, browser cookie for the pages); each gets one of their courses and one of its lessons. */
export async function signInStudents(origin: string, count: number, signIns: SignIns): Promise<Student[]> {
  const students: Student[] = [];
  for (let n = 1; n <= count; n++) {
    const email = `scale-student-${n}@senda.test`;
    const token = await signIns.api(origin, email, SCALE_PASSWORD);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const courses = (await (await fetch(`${origin}/api-getCoursesXUser/`, { method: 'POST', headers: auth, body: '{}' })).json()) as { id: number }[];
    if (!Array.isArray(courses) || courses.length === 0) throw new Error(`${email} sees no course`);
    const courseId = courses[n % courses.length]!.id;
    const lessons = (await (await fetch(`${origin}/api/v2/courses/${courseId}/lessons/`, { headers: auth })).json()) as { id: number }[];
    if (!Array.isArray(lessons) || lessons.length === 0) throw new Error(`${email}'s course ${courseId} has no lessons`);
    students.push({ email, cookie: await signIns.browser(origin, email, SCALE_PASSWORD), courseId, lessonId: lessons[n % lessons.length]!.id });
  }
  return students;
}

export interface StudentPage {
  name: 'students-course' | 'students-home' | 'students-lesson';
  label: string;
  request: Omit<LoadOptions, 'connections' | 'duration'>;
}

/** The three pages, each request a different student on their own page. */
export function studentPages(origin: string, students: readonly Student[]): StudentPage[] {
  const each = (path: (student: Student) => string) => students.map((student) => ({ path: path(student), headers: { cookie: student.cookie } }));
  return [
    { name: 'students-course', label: `course page \`/courses/{id}\` (${students.length} students)`, request: { url: origin, method: 'GET', headers: {}, requests: each((s) => `/courses/${s.courseId}`) } },
    { name: 'students-home', label: `\`/home\` (${students.length} students)`, request: { url: origin, method: 'GET', headers: {}, requests: each(() => '/home') } },
    { name: 'students-lesson', label: `lesson page \`/lessons/{id}\` (${students.length} students)`, request: { url: origin, method: 'GET', headers: {}, requests: each((s) => `/lessons/${s.lessonId}`) } },
  ];
}

interface Measured {
  name: string;
  label: string;
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  non2xx: number;
  errors: number;
  serverCpuMsPerRequest: number;
}

export interface StudentsReport {
  students: number;
  connections: number;
  results: Measured[];
  memory: { before: { rssMb: number; peakMb: number }; after: { rssMb: number; peakMb: number }; settled: { rssMb: number; afterS: number; withinS: number } };
}

/** How long the bench leaves the server idle, reading its RSS every second, to see what it keeps. */
export const SETTLE_SECONDS = 60;

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const verdict = (ok: boolean) => (ok ? '**pass**' : '**miss**');

/** The goals met or missed, one line each: [label, goal, measured, ok]. */
export function studentGoals(report: StudentsReport): [string, string, string, boolean][] {
  const by = (name: string) => report.results.find((result) => result.name === name)!;
  const rows: [string, string, string, boolean][] = [];
  const page = (name: string, label: string, reqPerSec: number, p99: number) => {
    const result = by(name);
    rows.push([`${label}, throughput`, `≥ ${fmt(reqPerSec)} req/s`, `${fmt(result.requestsPerSecond, 1)} req/s`, result.requestsPerSecond >= reqPerSec]);
    rows.push([`${label}, p99 latency`, `≤ ${p99} ms`, `${fmt(result.latencyP99)} ms`, result.latencyP99 <= p99]);
  };
  page('students-course', 'course page', STUDENT_TARGETS.courseReqPerSec, STUDENT_TARGETS.courseP99Ms);
  page('students-home', '`/home`', STUDENT_TARGETS.homeReqPerSec, STUDENT_TARGETS.homeP99Ms);
  page('students-lesson', 'lesson page', STUDENT_TARGETS.lessonReqPerSec, STUDENT_TARGETS.lessonP99Ms);
  // The measure: the server's RSS after a run at scale 1. The peak (VmHWM) is shown beside it: on PGlite it is
  // the second at start-up when V8 compiles the embedded database (ADR 015), not what a server holds.
  const { rssMb: after, peakMb: peak } = report.memory.after;
  rows.push(['server RSS after the run', `< ${STUDENT_TARGETS.rssMb} MiB`, `${fmt(after, 1)} MiB (peak ${fmt(peak, 1)} MiB)`, after < STUDENT_TARGETS.rssMb]);
  // What the server keeps: some seconds after requests stop, V8 gives its young generation back and collects the old
  // one. Shown beside the measure, which it does not replace: the figure above is what a loaded server holds.
  const { rssMb: settled, afterS, withinS } = report.memory.settled;
  rows.push([
    `server RSS once idle (the lowest in the ${withinS} s after the run, at ${afterS} s)`,
    `< ${STUDENT_TARGETS.rssMb} MiB`,
    `${fmt(settled, 1)} MiB`,
    settled < STUDENT_TARGETS.rssMb,
  ]);
  return rows;
}

export function studentsSection(report: StudentsReport): string {
  const lines = ['### Many students (issue 9)', ''];
  lines.push(
    `${report.students} distinct students of the scale data, signed in through Auth.js, each on their own course and lesson; ${report.connections} connections, every connection going round all the students. Goals from issue 9 (2-core machine).`,
    '',
  );
  lines.push('| target | goal | measured | result |', '| --- | --- | --- | --- |');
  for (const [label, goal, measured, ok] of studentGoals(report)) lines.push(`| ${label} | ${goal} | ${measured} | ${verdict(ok)} |`);
  lines.push('', '| page | req/s (avg) | p50 (ms) | p99 (ms) | non-2xx | errors | server CPU per request |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of report.results) lines.push(`| ${r.label} | ${fmt(r.requestsPerSecond, 1)} | ${fmt(r.latencyP50)} | ${fmt(r.latencyP99)} | ${fmt(r.non2xx)} | ${fmt(r.errors)} | ${fmt(r.serverCpuMsPerRequest, 2)} ms |`);
  lines.push(
    '',
    `Server RSS: ${fmt(report.memory.before.rssMb, 1)} MiB before this phase, ${fmt(report.memory.after.rssMb, 1)} MiB right after it (peak ${fmt(report.memory.after.peakMb, 1)} MiB), ${fmt(report.memory.settled.rssMb, 1)} MiB at the lowest in the ${report.memory.settled.withinS} s after it with no request (at ${report.memory.settled.afterS} s).`,
    '',
  );
  return lines.join('\n');
}
