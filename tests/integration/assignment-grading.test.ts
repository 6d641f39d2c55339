/**
 * Issue 12: grading. A grade (after the late penalty) and its feedback reach
 * the student once released; the feedback counts as unseen until read;
 * anonymous grading hides names until release; bulk grades and the grading
 * sheet are all or nothing; the zip holds every student's latest
 * submission under safe names; homework lists what is still to do.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yauzl from 'yauzl';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetConfig } from '~/lib/server/config';
import { GET as listRoute } from '~/pages/api/v2/assignments/[id]/submissions/index';
import { GET as rosterRoute } from '~/pages/api/v2/assignments/[id]/roster';
import { GET as zipRoute } from '~/pages/api/v2/assignments/[id]/submissions/zip';
import { POST as releaseRoute } from '~/pages/api/v2/assignments/[id]/release-grades';
import { POST as sheetRoute } from '~/pages/api/v2/assignments/[id]/grading-sheet';
import { POST as gradeRoute } from '~/pages/api/v2/assignments/submissions/grade/index';
import { POST as bulkRoute } from '~/pages/api/v2/assignments/submissions/grade/bulk';
import { GET as unseenRoute } from '~/pages/api/v2/feedbacks/unseen';
import { GET as feedbacksRoute } from '~/pages/api/v2/feedbacks/index';
import { POST as seenRoute } from '~/pages/api/v2/feedbacks/[id]/seen';
import { GET as exportRoute } from '~/pages/api/v2/assignments/submissions/zip/[exportId]/index';
import { GET as exportDownloadRoute } from '~/pages/api/v2/assignments/submissions/zip/[exportId]/download';
import { buildZipExport } from '~/lib/server/services/assignments/submission-zip';
import { PUT as dueDateRoute } from '~/pages/api/v2/cohorts/[id]/content/assignments/[assignmentId]';
import { POST as quizGradeRoute } from '~/pages/api/v2/quizzes/[id]/attempts/[attemptId]/grade';
import { completeAttempt } from '~/lib/server/services/quizzes/attempt-results';
import { saveAnswer } from '~/lib/server/services/quizzes/save-answer';
import { startAttempt } from '~/lib/server/services/quizzes/start-attempt';
import { createSixTypeQuiz, SYSTEM_ADMIN } from '../factories/quizzes';
import { GET as homeworkRoute } from '~/pages/training_path/[idTrainingPath]/user/[idUser]/homework';
import { call, ORIGIN } from '../support/http';
import { callForm } from '../support/multipart';
import { accessTokenFor, createCohort, createLesson, createUser, createWorld, enrollStudent } from '../factories';
import { getGradingChoices } from '~/lib/server/services/assignments/assignment-page';
import { clearAllCaches } from '~/lib/server/cache/define-cache';
import { ROLE_IDS } from '~/lib/shared/constants';
import type { Caller } from '~/lib/server/access/permissions';
import { createAssignmentFor, pdfFile, submit } from '../factories/assignments';

type World = Awaited<ReturnType<typeof createWorld>>;
let world: World;
let tokens: Record<'student' | 'tutor' | 'admin', string>;

beforeEach(async () => {
  process.env.SENDA_DATA_DIR = await mkdtemp(join(tmpdir(), 'senda-grading-'));
  resetConfig();
  world = await createWorld();
  tokens = { student: await accessTokenFor(world.student), tutor: await accessTokenFor(world.tutor), admin: await accessTokenFor(world.admin) };
});

const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
const idOf = (assignment: { id: number }) => ({ id: String(assignment.id) });

const grade = (token: string, body: Record<string, unknown>) => call(gradeRoute, { path: '/api/v2/assignments/submissions/grade/', body, token });
const mySubmissions = (assignmentId: number, token: string) => call(listRoute, { path: `/api/v2/assignments/${assignmentId}/submissions/`, params: { id: String(assignmentId) }, token });
const unseen = async (token: string) => (await call(unseenRoute, { path: '/api/v2/feedbacks/unseen/', token })).json.count as number;
const roster = (assignmentId: number, token: string, query = '') => call(rosterRoute, { path: `/api/v2/assignments/${assignmentId}/roster/${query}`, params: { id: String(assignmentId) }, token });

/** A second student of cohort A, with a token. */
async function secondStudent(name: { firstName: string; lastName: string }) {
  const user = await createUser({ userType: 'student', ...name });
  await enrollStudent(user, world.cohortA);
  return { user, token: await accessTokenFor(user) };
}

/** The entries of a zip and their bytes. */
function readZip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('grading a submission', () => {
  it('a late, penalized submission: the tutor gives 80, the student sees 64 (2 days × 10 %) and the feedback, counted unseen until read', async () => {
    const assignment = await createAssignmentFor(world.courseA.id, { dueAt: new Date(Date.now() - 1.5 * DAY_MS).toISOString(), latePolicy: { mode: 'penalize', penaltyPercentPerDay: 10 } });
    const submission = (await submit(assignment.id, tokens.student, { files: [pdfFile()] })).json;
    expect(submission).toMatchObject({ status: 'late', lateDays: 2, penaltyPercent: 20 });

    expect(await unseen(tokens.student)).toBe(0);
    const graded = await grade(tokens.tutor, { submissionId: submission.id, score: 80, feedback: '**Bien**, pero entrega a tiempo.' });
    expect(graded.status).toBe(200);
    expect(graded.json).toMatchObject({ rawScore: 80, score: 64 });

    const mine = await mySubmissions(assignment.id, tokens.student);
    expect(mine.json.results[0]).toMatchObject({ score: 64, feedback: '**Bien**, pero entrega a tiempo.' });
    expect(await unseen(tokens.student)).toBe(1);

    const list = await call(feedbacksRoute, { path: '/api/v2/feedbacks/', token: tokens.student });
    expect(list.json.results[0]).toMatchObject({ body: '**Bien**, pero entrega a tiempo.', seenAt: null, about: { kind: 'assignment', id: assignment.id } });
    const feedbackId = String(list.json.results[0].id);
    expect((await call(seenRoute, { path: `/api/v2/feedbacks/${feedbackId}/seen/`, params: { id: feedbackId }, token: tokens.student })).status).toBe(200);
    expect(await unseen(tokens.student)).toBe(0);

    // Changing the words makes it news again.
    await grade(tokens.tutor, { submissionId: submission.id, score: 85, feedback: 'Mejor después de revisar.' });
    expect(await unseen(tokens.student)).toBe(1);
  });

  it('a score above the maximum is 400 on the score, and nothing changes', async () => {
    const assignment = await createAssignmentFor(world.courseA.id, { maxScore: 5 });
    const submission = (await submit(assignment.id, tokens.student, { text: 'Hola' })).json;
    const response = await grade(tokens.tutor, { submissionId: submission.id, score: 6 });
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toHaveProperty('score');
    expect((await mySubmissions(assignment.id, tokens.student)).json.results[0].score).toBeNull();
  });

  it('manual release and anonymous grading: graders see "Estudiante n" and students nothing until the grades are released', async () => {
    const assignment = await createAssignmentFor(world.courseA.id, { gradeRelease: 'manual', anonymousGrading: true });
    const submission = (await submit(assignment.id, tokens.student, { text: 'Mi ensayo' })).json;
    const before = await roster(assignment.id, tokens.tutor);
    expect(before.json.rows[0]).toMatchObject({ student: null, anonymousNumber: expect.any(Number) });
    expect(JSON.stringify(before.json)).not.toContain(world.student.email);

    await grade(tokens.tutor, { submissionId: submission.id, score: 90, feedback: 'Excelente' });
    expect((await mySubmissions(assignment.id, tokens.student)).json.results[0]).toMatchObject({ score: null, feedback: null });
    expect(await unseen(tokens.student)).toBe(0);

    expect((await call(releaseRoute, { method: 'POST', path: `/api/v2/assignments/${assignment.id}/release-grades/`, params: idOf(assignment), token: tokens.tutor })).status).toBe(200);
    expect((await mySubmissions(assignment.id, tokens.student)).json.results[0]).toMatchObject({ score: 90, feedback: 'Excelente' });
    expect(await unseen(tokens.student)).toBe(1);
    expect((await roster(assignment.id, tokens.tutor)).json.rows[0].student).toMatchObject({ email: world.student.email });
  });
});

describe('the grading list', () => {
  it('orders by state (not graded, resubmitted, missing, graded), filters only ungraded and searches by name', async () => {
    const assignment = await createAssignmentFor(world.courseA.id);
    const ana = await secondStudent({ firstName: 'Ana', lastName: 'Zapata' });
    await secondStudent({ firstName: 'Beto', lastName: 'Mora' });
    const first = (await submit(assignment.id, tokens.student, { text: 'v1' })).json;
    await grade(tokens.tutor, { submissionId: first.id, score: 50 });
    await submit(assignment.id, tokens.student, { text: 'v2' });
    const anaSubmission = (await submit(assignment.id, ana.token, { text: 'Ana' })).json;

    const list = await roster(assignment.id, tokens.tutor);
    expect(list.json.rows.map((row: { state: string }) => row.state)).toEqual(['submitted', 'resubmitted', 'missing']);
    expect(list.json.counts).toMatchObject({ total: 3, missing: 1, graded: 0 });

    await grade(tokens.tutor, { submissionId: anaSubmission.id, score: 70 });
    const ungraded = await roster(assignment.id, tokens.tutor, '?status=submitted');
    expect(ungraded.json.rows.map((row: { student: { firstName: string } }) => row.student.firstName)).toEqual([world.student.firstName]);
    // The counts are everyone's, whatever the filter (and when nothing matches).
    expect(ungraded.json.counts).toMatchObject({ total: 3, missing: 1, submitted: 1, graded: 1 });
    expect((await roster(assignment.id, tokens.tutor, '?search=nadie')).json).toMatchObject({ rows: [], counts: { total: 3, graded: 1 } });
    const search = await roster(assignment.id, tokens.tutor, '?search=zapata');
    expect(search.json.rows.map((row: { student: { lastName: string } }) => row.student.lastName)).toEqual(['Zapata']);

    // By submission time: the latest submission's instant (ISO 8601, to the millisecond), earliest first, the missing last.
    const byTime = await roster(assignment.id, tokens.tutor, '?sort=submittedAt');
    const rows = byTime.json.rows as { student: { id: number }; submittedAt: string | null; submissionsCount: number }[];
    expect(rows.map((row) => row.student.id)).toEqual([world.student.id, ana.user.id, expect.any(Number)]);
    expect(rows[1]!.submittedAt).toBe(anaSubmission.submittedAt);
    expect(rows[0]!.submittedAt! < rows[1]!.submittedAt!).toBe(true);
    expect(rows.map((row) => row.submissionsCount)).toEqual([2, 1, 0]);
    expect(rows[2]!.submittedAt).toBeNull();
  });
});

describe("the grading view's cohorts and lessons", () => {
  it("offers a tutor the program's cohorts they grade and the course's published lessons; the list filters by cohort", async () => {
    const assignment = await createAssignmentFor(world.courseA.id);
    const second = await createCohort({ status: 'ACTIVE', programId: world.cohortA.programId, name: 'Cohorte Sur' });
    await createCohort({ status: 'ACTIVE', programId: world.cohortA.programId, name: 'Cohorte ajena' });
    await enrollStudent(world.tutor, second, { roleId: ROLE_IDS.tutor });
    const southStudent = await createUser({ userType: 'student', firstName: 'Sara', lastName: 'Sur' });
    await enrollStudent(southStudent, second);
    const published = await createLesson({ courseId: world.courseA.id, title: 'Medir' });
    await createLesson({ courseId: world.courseA.id, title: 'Borrador', publishedAt: null });
    clearAllCaches();

    const tutor = { id: world.tutor.id, email: world.tutor.email, userType: world.tutor.userType, cohorts: [] } as Caller;
    const choices = await getGradingChoices(tutor, assignment.id);
    expect(choices.cohorts.map((cohort) => cohort.id).sort()).toEqual([world.cohortA.id, second.id].sort());
    expect(choices.lessons).toEqual([{ id: published.id, title: 'Medir' }]);
    expect((await getGradingChoices(SYSTEM_ADMIN, assignment.id)).cohorts).toHaveLength(3);
    const student = { id: world.student.id, email: world.student.email, userType: world.student.userType, cohorts: [] } as Caller;
    await expect(getGradingChoices(student, assignment.id)).rejects.toMatchObject({ code: 'forbidden' });

    const south = await roster(assignment.id, tokens.tutor, `?cohort=${second.id}`);
    expect(south.json.rows.map((row: { student: { id: number } }) => row.student.id)).toEqual([southStudent.id]);
    expect(south.json.counts.total).toBe(1);
    expect((await roster(assignment.id, tokens.tutor)).json.counts.total).toBe(2);
  });
});

describe('bulk grading', () => {
  it('all or nothing: one bad row names itself and nothing is written; then all are written', async () => {
    const assignment = await createAssignmentFor(world.courseA.id, { maxScore: 10 });
    const ana = await secondStudent({ firstName: 'Ana', lastName: 'Zapata' });
    const one = (await submit(assignment.id, tokens.student, { text: 'uno' })).json;
    const two = (await submit(assignment.id, ana.token, { text: 'dos' })).json;
    const bad = await call(bulkRoute, { path: '/api/v2/assignments/submissions/grade/bulk/', body: { grades: [{ submissionId: one.id, score: 8 }, { submissionId: two.id, score: 11 }] }, token: tokens.tutor });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error.fields)).toEqual(['grades.1.score']);
    expect((await mySubmissions(assignment.id, tokens.student)).json.results[0].score).toBeNull();

    const good = await call(bulkRoute, { path: '/api/v2/assignments/submissions/grade/bulk/', body: { grades: [{ submissionId: one.id, score: 8 }, { submissionId: two.id, score: 9.5 }] }, token: tokens.tutor });
    expect(good.json).toEqual({ graded: 2 });
    expect((await mySubmissions(assignment.id, ana.token)).json.results[0].score).toBe(9.5);
  });

  it('the grading sheet: a dry run changes nothing, names bad rows; the upload writes every grade', async () => {
    const assignment = await createAssignmentFor(world.courseA.id);
    const submission = (await submit(assignment.id, tokens.student, { text: 'Hola' })).json;
    const upload = (csv: string, dryRun: boolean) =>
      callForm(sheetRoute, {
        path: `/api/v2/assignments/${assignment.id}/grading-sheet/?dryRun=${dryRun}`,
        params: idOf(assignment),
        files: { file: { name: 'notas.csv', type: 'text/csv', data: new TextEncoder().encode(csv) } },
        token: tokens.tutor,
      });
    const broken = await upload(`ID de entrega,Calificación,Comentarios\n${submission.id},muy bien,\n999999,3,\n`, true);
    expect(broken.status).toBe(400);
    expect(broken.json.error.code).toBe('grading_sheet_invalid');
    expect(Object.keys(broken.json.error.fields).sort()).toEqual(['rows.2.score', 'rows.3.submissionId']);

    const preview = await upload(`ID de entrega,Calificación,Comentarios\n${submission.id},"4,5",Revisa la ortografía\n`, true);
    expect(preview.json).toMatchObject({ dryRun: true, graded: 1, rows: [{ submissionId: submission.id, score: 4.5, change: 'grade' }] });
    expect((await mySubmissions(assignment.id, tokens.student)).json.results[0].score).toBeNull();

    const applied = await upload(`ID de entrega,Calificación,Comentarios\n${submission.id},"4,5",Revisa la ortografía\n`, false);
    expect(applied.json).toMatchObject({ dryRun: false, graded: 1 });
    expect((await mySubmissions(assignment.id, tokens.student)).json.results[0]).toMatchObject({ score: 4.5, feedback: 'Revisa la ortografía' });
  });
});

describe('the zip of submissions', () => {
  it("holds each student's latest submission in a folder of their name, with safe file names and the text as a file", async () => {
    const assignment = await createAssignmentFor(world.courseA.id, { title: 'Informe final' });
    const ana = await secondStudent({ firstName: 'Ana', lastName: 'Zapata/..' });
    await submit(assignment.id, tokens.student, { text: 'primera', files: [pdfFile('viejo.pdf')] });
    await submit(assignment.id, tokens.student, { text: 'segunda', files: [pdfFile('informe.pdf', 1000)] });
    await submit(assignment.id, ana.token, { files: [pdfFile('..\\..\\etc:passwd.pdf', 300), pdfFile('CON.pdf', 200)] });

    const request = new Request(new URL(`/api/v2/assignments/${assignment.id}/submissions/zip/`, ORIGIN), { headers: { authorization: `Bearer ${tokens.tutor}` } });
    const response = await zipRoute({ request, params: idOf(assignment), clientAddress: '127.0.0.1' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('informe-final-entregas.zip');
    const entries = await readZip(Buffer.from(await response.arrayBuffer()));
    const names = [...entries.keys()];
    const studentFolder = `${world.student.lastName}, ${world.student.firstName}`;
    expect(names).toContain(`${studentFolder}/informe.pdf`);
    expect(names).not.toContain(`${studentFolder}/viejo.pdf`);
    expect(entries.get(`${studentFolder}/informe.pdf`)!.byteLength).toBe(1000);
    expect(names.some((name) => name.startsWith(`${studentFolder}/`) && entries.get(name)!.toString('utf8') === 'segunda')).toBe(true);
    for (const name of names) {
      expect(name.split('/').every((segment) => segment !== '..' && !segment.includes('\\') && !segment.includes(':'))).toBe(true);
    }
    const anaFiles = names.filter((name) => name.startsWith('Zapata_'));
    expect(anaFiles).toHaveLength(2);
    expect(anaFiles.some((name) => name.endsWith('/_CON.pdf'))).toBe(true);
    expect(names.some((name) => name.endsWith('.csv'))).toBe(true);
  });
});

describe('feedback across quizzes and assignments', () => {
  it("a quiz grader's comment on an open answer is a feedback for the student, unseen until read; the same words again add nothing", async () => {
    const quiz = await createSixTypeQuiz(world.courseA.id);
    const student = { id: world.student.id, email: world.student.email, userType: 'student' as const, cohorts: [] };
    const { attempt } = await startAttempt(student, quiz.id);
    const open = quiz.questions.find((question) => question.type === 'open')!;
    await saveAnswer(student, quiz.id, { attemptId: attempt.id, questionId: open.id, text: 'Una variable guarda un valor.' });
    await completeAttempt(student, quiz.id, attempt.id);
    const gradeQuiz = (points: number, feedback: string) =>
      call(quizGradeRoute, {
        path: `/api/v2/quizzes/${quiz.id}/attempts/${attempt.id}/grade/`,
        params: { id: String(quiz.id), attemptId: String(attempt.id) },
        body: { questionId: open.id, points, feedback },
        token: tokens.tutor,
      });
    expect((await gradeQuiz(1, 'Define también el tipo.')).status).toBe(200);
    expect(await unseen(tokens.student)).toBe(1);
    const list = await call(feedbacksRoute, { path: '/api/v2/feedbacks/', token: tokens.student });
    expect(list.json.results[0]).toMatchObject({ body: 'Define también el tipo.', about: { kind: 'quiz', id: quiz.id, href: `/quizzes/${quiz.id}` } });
    await gradeQuiz(2, 'Define también el tipo.');
    expect(await unseen(tokens.student)).toBe(1);
  });
});

describe('a zip built by the job engine', () => {
  it('answers 202 with the job; not ready it is 409; once built its progress is whole and it downloads with the files', async () => {
    const assignment = await createAssignmentFor(world.courseA.id, { title: 'Proyecto' });
    await submit(assignment.id, tokens.student, { files: [pdfFile('proyecto.pdf', 4000)] });
    const requested = await call(zipRoute, { path: `/api/v2/assignments/${assignment.id}/submissions/zip/?delivery=job`, params: idOf(assignment), token: tokens.tutor });
    expect(requested.status).toBe(202);
    expect(requested.json).toMatchObject({ status: 'queued', filesTotal: 1, downloadUrl: null });
    const exportId = String(requested.json.id);
    const download = () => exportDownloadRoute({ request: new Request(new URL(`/api/v2/assignments/submissions/zip/${exportId}/download/`, ORIGIN), { headers: { authorization: `Bearer ${tokens.tutor}` } }), params: { exportId }, clientAddress: '127.0.0.1' });
    expect((await download()).status).toBe(409);

    await buildZipExport(Number(exportId));
    const done = await call(exportRoute, { path: `/api/v2/assignments/submissions/zip/${exportId}/`, params: { exportId }, token: tokens.tutor });
    expect(done.json).toMatchObject({ status: 'ready', filesDone: 1, filesTotal: 1, downloadUrl: `/api/v2/assignments/submissions/zip/${exportId}/download/` });
    const response = await download();
    expect(response.status).toBe(200);
    const entries = await readZip(Buffer.from(await response.arrayBuffer()));
    expect([...entries.keys()]).toContain(`${world.student.lastName}, ${world.student.firstName}/proyecto.pdf`);
    // Nobody else, not even an admin, sees someone's zip.
    expect((await call(exportRoute, { path: `/api/v2/assignments/submissions/zip/${exportId}/`, params: { exportId }, token: tokens.admin })).status).toBe(404);
  });
});

describe('homework', () => {
  it("lists pending assignments soonest first, with the cohort's moved due date, and drops one once submitted", async () => {
    const later = await createAssignmentFor(world.courseA.id, { title: 'Después', dueAt: daysFromNow(5) });
    const sooner = await createAssignmentFor(world.courseA.id, { title: 'Antes', dueAt: daysFromNow(3) });
    await createAssignmentFor(world.courseA.id, { title: 'Borrador', dueAt: daysFromNow(1), published: false });
    const moved = daysFromNow(1);
    const put = await call(dueDateRoute, {
      method: 'PUT',
      path: `/api/v2/cohorts/${world.cohortA.id}/content/assignments/${later.id}/`,
      params: { id: String(world.cohortA.id), assignmentId: String(later.id) },
      body: { dueAt: moved },
      token: tokens.tutor,
    });
    expect(put.status).toBe(200);
    const homework = () =>
      call(homeworkRoute, {
        path: `/training_path/${world.cohortA.learningPathId}/user/${world.student.id}/homework/`,
        params: { idTrainingPath: String(world.cohortA.learningPathId), idUser: String(world.student.id) },
        token: tokens.student,
      });
    const titles = (await homework()).json.map((item: { title: string }) => item.title);
    expect(titles.filter((title: string) => ['Después', 'Antes', 'Borrador'].includes(title))).toEqual(['Después', 'Antes']);
    expect(Date.parse((await homework()).json.find((item: { title: string }) => item.title === 'Después').dueAt)).toBe(Date.parse(moved));

    await submit(sooner.id, tokens.student, { text: 'Listo' });
    expect((await homework()).json.map((item: { title: string }) => item.title)).not.toContain('Antes');
  });
});
