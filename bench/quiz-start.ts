/**
 * `npm run bench -- --quiz-start --scale 1`: a synchronized quiz start
 * (issue 11). N distinct students of the scale data (3,000 by default) are
 * put in one cohort with one published 10-question quiz; every student
 * opens it (the quiz page's one read, not measured), then starts it at a
 * random moment within 10 s, saves 10 answers spread over the
 * next 2 minutes (30,000 saves) and submits. Everything goes through the
 * public API, as the browsers would send it. Measured: p50/p99 of start,
 * save and complete, the 5xx count, and lost answers (a save the server
 * acknowledged with 2xx whose answer is not what the database holds at the
 * end, read back through the staff's attempt API), with the server's RSS.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { apiSignIn } from './sign-in';
import { api, eachLimited, required, signInScaleStudentsInto, SIGN_IN_CONCURRENCY, summarize, type Latencies } from './api-calls';

export interface QuizStartOptions {
  students: number;
  startWindowS: number;
  saveWindowS: number;
}

export const QUIZ_START_DEFAULTS: QuizStartOptions = { students: 3000, startWindowS: 10, saveWindowS: 120 };

/** The goals of issue 11 (2-core machine). */
const QUIZ_START_TARGETS = { startP99Ms: 500, saveP99Ms: 200, completeP99Ms: 500 };
/** The width of the windows the saves' p99 is also given by. */
const WINDOW_S = 10;

const SAVES_PER_STUDENT = 10;
const VERIFY_CONCURRENCY = 16;

export interface QuizStartReport {
  students: number;
  saves: number;
  setupSeconds: number;
  runSeconds: number;
  start: Latencies;
  save: Latencies;
  /** The p99 of the saves sent in each WINDOW_S-second window of the run, in order (null: none sent then). */
  saveP99ByWindow: (number | null)[];
  complete: Latencies;
  /** Responses by status, all operations together (`error` for no response at all). */
  statuses: Record<string, number>;
  fiveXx: number;
  /** Saves acknowledged (2xx), and how many of those are not in the database at the end. */
  acknowledged: number;
  lost: number;
  attemptsVerified: number;
  rss: { beforeMb: number; peakMb: number; afterMb: number };
}

interface Hooks {
  memory(): { rssMb: number; peakMb: number };
  log(line: string): void;
}

/** Ten questions, every type, as a national evaluation would have them. */
const QUESTIONS = [
  { type: 'single', prompt: '¿Capital de Colombia?', options: [{ text: 'Bogotá', correct: true }, { text: 'Cali', correct: false }, { text: 'Pasto', correct: false }] },
  { type: 'single', prompt: '¿Qué palabra declara una constante en JavaScript?', options: [{ text: 'const', correct: true }, { text: 'let', correct: false }] },
  { type: 'multiple', prompt: '¿Cuáles son lenguajes de programación?', points: 2, options: [{ text: 'Python', correct: true }, { text: 'HTML', correct: false }, { text: 'Java', correct: true }] },
  { type: 'multiple', prompt: '¿Cuáles son números primos?', options: [{ text: '2', correct: true }, { text: '4', correct: false }, { text: '7', correct: true }] },
  { type: 'true_false', prompt: 'El agua hierve a 100 °C al nivel del mar.', options: [{ text: 'Verdadero', correct: true }, { text: 'Falso', correct: false }] },
  { type: 'true_false', prompt: 'HTML es un lenguaje de programación.', options: [{ text: 'Verdadero', correct: false }, { text: 'Falso', correct: true }] },
  { type: 'short_text', prompt: '¿Qué etiqueta crea un enlace?', answers: ['a'] },
  { type: 'short_text', prompt: '¿Cómo se dice "depurar" en inglés?', answers: ['debug'] },
  { type: 'numeric', prompt: '¿Cuánto es 6 × 7?', answer: 42, tolerance: 0 },
  { type: 'open', prompt: 'Explica qué es una variable.', points: 3 },
];

interface TakingQuestion {
  id: number;
  type: string;
  options?: { id: number }[];
}

type Answer = { optionIds: number[] } | { text: string } | { number: number };

/** A plausible answer for a question (random, so saves differ from student to student). */
function answerFor(question: TakingQuestion, student: number): Answer {
  const pick = (options: { id: number }[]) => options[(student + question.id) % options.length]!.id;
  switch (question.type) {
    case 'single':
    case 'true_false':
      return { optionIds: [pick(question.options!)] };
    case 'multiple':
      return { optionIds: [...new Set([pick(question.options!), question.options![0]!.id])].sort((a, b) => a - b) };
    case 'numeric':
      return { number: 40 + (student % 5) };
    case 'short_text':
      return { text: student % 2 ? 'a' : 'ancla' };
    default:
      return { text: `Una variable guarda un valor (estudiante ${student}).` };
  }
}

const sameAnswer = (given: Answer, kept: { optionIds?: number[]; text?: string; number?: number } | null) => {
  if (!kept) return false;
  if ('optionIds' in given) return JSON.stringify(given.optionIds) === JSON.stringify(kept.optionIds ?? null);
  if ('text' in given) return given.text === kept.text;
  return given.number === kept.number;
};

/** The setup, as an admin and the students would do it through the API: a program, a course, a cohort with the students, the quiz. */
async function setUp(origin: string, options: QuizStartOptions, hooks: Hooks) {
  const admin = await apiSignIn(origin, 'admin@senda.test', 'Senda-demo-1');
  const program = await required<{ id: number }>(origin, admin, 'POST', '/api/v2/programs/', { name: 'Evaluación nacional (bench)' });
  const course = await required<{ id: number }>(origin, admin, 'POST', '/api/v2/courses/', { programId: program.id, name: 'Evaluación nacional' });
  const paths = await required<{ results: { id: number }[] }>(origin, admin, 'GET', '/api/v2/learning-paths/');
  const cohort = await required<{ id: number }>(origin, admin, 'POST', '/api/v2/cohorts/', { learningPathId: paths.results[0]!.id, programId: program.id, name: 'Cohorte evaluación nacional (bench)' });
  await required(origin, admin, 'POST', `/api/v2/cohorts/${cohort.id}/content/courses/${course.id}/release/`, {});

  hooks.log(`  signing in ${options.students} scale students (${SIGN_IN_CONCURRENCY} at a time)…`);
  const signInStarted = Date.now();
  const students = await signInScaleStudentsInto(origin, admin, cohort.id, options.students);
  hooks.log(`  signed in ${options.students} students in ${((Date.now() - signInStarted) / 1000).toFixed(0)} s`);
  const quiz = await required<{ id: number }>(origin, admin, 'POST', `/api/v2/courses/${course.id}/quizzes/`, {
    title: 'Evaluación nacional de inicio',
    activityType: 'evaluation',
    timeLimitS: 1800,
    published: true,
    shuffleQuestions: true,
    shuffleOptions: true,
    questions: QUESTIONS,
  });
  // The waiting room: each student has the quiz open before the start (the quiz page reads the quiz once), as a
  // class does while the tutor says "empiecen". Not measured; it is what their browsers did minutes before.
  hooks.log('  every student opens the quiz (not measured)…');
  await eachLimited(students, SIGN_IN_CONCURRENCY, async (student) => void (await required(origin, student.token, 'GET', `/api/v2/quizzes/${quiz.id}/`)));
  return { admin, quizId: quiz.id, students };
}

/** The synchronized start (see the module comment). */
export async function runQuizStart(origin: string, options: QuizStartOptions, hooks: Hooks): Promise<QuizStartReport> {
  const setupStarted = Date.now();
  const { admin, quizId, students } = await setUp(origin, options, hooks);
  const setupSeconds = (Date.now() - setupStarted) / 1000;
  const samples = { start: [] as number[], save: [] as number[], complete: [] as number[] };
  const statuses: Record<string, number> = {};
  const count = (status: number | 'error') => void (statuses[String(status)] = (statuses[String(status)] ?? 0) + 1);
  /** The last answer the server acknowledged per attempt and question (in the order the student gave them). */
  const acknowledged = new Map<number, Map<number, Answer>>();
  let acknowledgedCount = 0;

  // Saves by the 10-second window they were sent in: the tails come with the bursts (the starts, then the submits).
  const saveWindows: number[][] = [];
  let runZero = 0; // set when the starts begin
  const timed = async (kind: keyof typeof samples, token: string, path: string, body: unknown) => {
    const started = performance.now();
    try {
      const result = await api<Record<string, unknown>>(origin, token, 'POST', path, body);
      samples[kind].push(performance.now() - started);
      if (kind === 'save') (saveWindows[Math.floor((started - runZero) / (WINDOW_S * 1000))] ??= []).push(performance.now() - started);
      count(result.status);
      return result;
    } catch {
      count('error');
      return null;
    }
  };

  const baseline = hooks.memory();
  hooks.log(`  ${students.length} students start within ${options.startWindowS} s, then save ${SAVES_PER_STUDENT} answers each over ${options.saveWindowS} s and submit…`);
  const runStarted = Date.now();
  runZero = performance.now();
  await Promise.all(
    students.map(async (student, index) => {
      await sleep(Math.random() * options.startWindowS * 1000);
      const started = await timed('start', student.token, `/api/v2/quizzes/${quizId}/answers/start/`, {});
      if (!started || started.status !== 200) return;
      const { attempt, questions } = started.json as { attempt: { id: number }; questions: TakingQuestion[] };
      const kept = new Map<number, Answer>();
      acknowledged.set(attempt.id, kept);
      // Ten answers at random moments of the save window, in order (a student answers one after another).
      const moments = Array.from({ length: SAVES_PER_STUDENT }, () => Math.random() * options.saveWindowS * 1000).sort((a, b) => a - b);
      let elapsed = 0;
      for (let k = 0; k < SAVES_PER_STUDENT; k++) {
        await sleep(moments[k]! - elapsed);
        elapsed = moments[k]!;
        const question = questions[k % questions.length]!;
        const answer = answerFor(question, index);
        const saved = await timed('save', student.token, `/api/v2/quizzes/${quizId}/answers/`, {
          attemptId: attempt.id,
          questionId: question.id,
          ...answer,
          clientSavedAt: new Date().toISOString(),
        });
        if (saved && saved.status >= 200 && saved.status < 300) {
          kept.set(question.id, answer);
          acknowledgedCount++;
        }
      }
      await timed('complete', student.token, `/api/v2/quizzes/${quizId}/answers/completed/`, { attemptId: attempt.id });
    }),
  );
  const runSeconds = (Date.now() - runStarted) / 1000;
  const peak = hooks.memory();

  hooks.log(`  checking every acknowledged answer against the database (${acknowledged.size} attempts)…`);
  let lost = 0;
  let verified = 0;
  await eachLimited([...acknowledged], VERIFY_CONCURRENCY, async ([attemptId, answers]) => {
    const detail = await required<{ review: { questionId: number; given: { optionIds?: number[]; text?: string; number?: number } | null }[] }>(
      origin,
      admin,
      'GET',
      `/api/v2/quizzes/${quizId}/attempts/${attemptId}/`,
    );
    const given = new Map(detail.review.map((item) => [item.questionId, item.given]));
    for (const [questionId, answer] of answers) if (!sameAnswer(answer, given.get(questionId) ?? null)) lost++;
    verified++;
  });

  const fiveXx = Object.entries(statuses)
    .filter(([status]) => status.startsWith('5'))
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    students: students.length,
    saves: samples.save.length,
    setupSeconds,
    runSeconds,
    start: summarize(samples.start),
    save: summarize(samples.save),
    saveP99ByWindow: Array.from(saveWindows, (window) => (window ? summarize(window).p99 : null)),
    complete: summarize(samples.complete),
    statuses,
    fiveXx,
    acknowledged: acknowledgedCount,
    lost,
    attemptsVerified: verified,
    rss: { beforeMb: baseline.rssMb, peakMb: peak.peakMb, afterMb: hooks.memory().rssMb },
  };
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const verdict = (ok: boolean) => (ok ? '**pass**' : '**miss**');

/** The goals met or missed, one line each: [label, goal, measured, ok]. */
export function quizStartGoals(report: QuizStartReport): [string, string, string, boolean][] {
  return [
    ['start p99', `≤ ${QUIZ_START_TARGETS.startP99Ms} ms`, `${fmt(report.start.p99)} ms`, report.start.p99 <= QUIZ_START_TARGETS.startP99Ms],
    ['save p99', `≤ ${QUIZ_START_TARGETS.saveP99Ms} ms`, `${fmt(report.save.p99)} ms`, report.save.p99 <= QUIZ_START_TARGETS.saveP99Ms],
    ['complete p99', `≤ ${QUIZ_START_TARGETS.completeP99Ms} ms`, `${fmt(report.complete.p99)} ms`, report.complete.p99 <= QUIZ_START_TARGETS.completeP99Ms],
    ['5xx answers', '0', fmt(report.fiveXx), report.fiveXx === 0],
    ['lost answers (acknowledged, not in the database)', '0', `${fmt(report.lost)} of ${fmt(report.acknowledged)}`, report.lost === 0],
  ];
}

export const QUIZ_START_BLOCK_START = '<!-- quiz-start:start -->';
export const QUIZ_START_BLOCK_END = '<!-- quiz-start:end -->';

/** One run's section, per database (the doc keeps the latest of each). */
export function quizStartRun(report: QuizStartReport, context: { date: string; commit: string; database: string; machine: string }): string {
  const lines = [`### ${context.database} — ${context.date} (${context.commit})`, '', `Machine: ${context.machine}.`, ''];
  lines.push('| goal | target | measured | result |', '| --- | --- | --- | --- |');
  for (const [label, goal, measured, ok] of quizStartGoals(report)) lines.push(`| ${label} | ${goal} | ${measured} | ${verdict(ok)} |`);
  lines.push('', '| operation | requests | p50 (ms) | p99 (ms) | max (ms) |', '| --- | ---: | ---: | ---: | ---: |');
  for (const [name, figures] of [
    ['start (`POST …/answers/start/`)', report.start],
    ['save (`POST …/answers/`)', report.save],
    ['complete (`POST …/answers/completed/`)', report.complete],
  ] as const) {
    lines.push(`| ${name} | ${fmt(figures.count)} | ${fmt(figures.p50)} | ${fmt(figures.p99)} | ${fmt(figures.max)} |`);
  }
  lines.push(
    '',
    `${fmt(report.students)} students, ${fmt(report.saves)} saves, ${fmt(report.attemptsVerified)} attempts read back. Statuses: ${Object.entries(report.statuses)
      .map(([status, n]) => `${fmt(n)} × ${status}`)
      .join(', ')}. The run (starts to last submit) took ${fmt(report.runSeconds)} s; the setup (sign-ins through the API, cohort, quiz) ${fmt(report.setupSeconds)} s.`,
    `Save p99 by ${WINDOW_S}-second window from the first start (ms): ${report.saveP99ByWindow.map((p99) => (p99 === null ? '–' : fmt(p99))).join(' · ')}.`,
    `Server RSS: ${fmt(report.rss.beforeMb, 1)} MiB before the start, peak ${fmt(report.rss.peakMb, 1)} MiB, ${fmt(report.rss.afterMb, 1)} MiB after.`,
    '',
  );
  return lines.join('\n');
}
