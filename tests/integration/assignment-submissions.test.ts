/**
 * Issue 12: students submit text, links and files. Files stream to storage,
 * their type read from their bytes; the late policy (accept, penalize,
 * refuse), resubmission history, the per-student quota and per-file size
 * hold; a refused or failed submission leaves no file behind.
 */
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yauzl from 'yauzl';
import { beforeEach, describe, expect, it } from 'vitest';
import { asc, count } from 'drizzle-orm';
import { getDb } from '~/lib/server/db/client';
import { submissionFiles, submissions } from '~/lib/server/db/schema';
import { resetConfig } from '~/lib/server/config';
import { GET as listRoute } from '~/pages/api/v2/assignments/[id]/submissions/index';
import { GET as assignmentRoute, PATCH as assignmentPatchRoute } from '~/pages/api/v2/assignments/[id]/index';
import { clearAllCaches } from '~/lib/server/cache/define-cache';
import { GET as downloadRoute } from '~/pages/api/v2/assignments/download/[id]';
import { POST as gradeRoute } from '~/pages/api/v2/assignments/submissions/grade/index';
import { GET as submissionDetailRoute } from '~/pages/api/v2/assignments/submissions/[id]';
import { GET as zipRoute } from '~/pages/api/v2/assignments/[id]/submissions/zip';
import { call, ORIGIN } from '../support/http';
import { pngBytes, svgBytes, type FormFile } from '../support/multipart';
import { accessTokenFor, createWorld } from '../factories';
import { createAssignmentFor, pdfFile, submit } from '../factories/assignments';

type World = Awaited<ReturnType<typeof createWorld>>;
let world: World;
let tokens: Record<'student' | 'otherStudent' | 'tutor' | 'admin', string>;

beforeEach(async () => {
  // A fresh uploads folder for each test, so what a test finds in storage is its own.
  process.env.SENDA_DATA_DIR = await mkdtemp(join(tmpdir(), 'senda-submissions-'));
  resetConfig();
  world = await createWorld();
  tokens = {
    student: await accessTokenFor(world.student),
    otherStudent: await accessTokenFor(world.otherStudent),
    tutor: await accessTokenFor(world.tutor),
    admin: await accessTokenFor(world.admin),
  };
});

const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

/** Files in private storage (the test's data directory). */
async function storedFiles(): Promise<string[]> {
  try {
    return (await readdir(join(process.env.SENDA_DATA_DIR!, 'uploads', 'private'))).filter((name) => !name.endsWith('.partial'));
  } catch {
    return [];
  }
}

const ownSubmissions = (assignmentId: number, token: string) =>
  call(listRoute, { path: `/api/v2/assignments/${assignmentId}/submissions/`, params: { id: String(assignmentId) }, token });

describe('a student submits', () => {
  it('a PDF on time: 201 with the file, status submitted, no score yet; the file downloads to them under its name', async () => {
    const assignment = await createAssignmentFor(world.courseA.id, { dueAt: daysFromNow(2) });
    const response = await submit(assignment.id, tokens.student, { text: 'Mi informe', files: [pdfFile('Informe final.pdf', 5000)] });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ assignmentId: assignment.id, userId: world.student.id, status: 'submitted', text: 'Mi informe', link: null, score: null, feedback: null, number: 1 });
    expect(response.json.files).toEqual([{ id: expect.any(Number), name: 'Informe final.pdf', size: 5000, contentType: 'application/pdf' }]);

    const request = new Request(new URL(`/api/v2/assignments/download/${response.json.files[0].id}/`, ORIGIN), { headers: { authorization: `Bearer ${tokens.student}` } });
    const download = await downloadRoute({ request, params: { id: String(response.json.files[0].id) }, clientAddress: '127.0.0.1' });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="Informe final.pdf"; filename*=UTF-8''Informe%20final.pdf`);
    expect(download.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(new Uint8Array(await download.arrayBuffer()).byteLength).toBe(5000);

    const mine = await call(assignmentRoute, { path: `/api/v2/assignments/${assignment.id}/`, params: { id: String(assignment.id) }, token: tokens.student });
    expect(mine.json.mine).toMatchObject({ status: 'submitted', submissionsCount: 1, score: null, canSubmit: true });
  });

  it('a link, checked as a link; a NUL byte in the text is refused with nothing stored', async () => {
    const assignment = await createAssignmentFor(world.courseA.id);
    expect((await submit(assignment.id, tokens.student, { link: 'no es un enlace' })).json.error.fields).toHaveProperty('link');
    const nul = await submit(assignment.id, tokens.student, { text: 'hola\u0000', files: [pdfFile()] });
    expect(nul.status).toBe(400);
    expect(nul.json.error.fields).toHaveProperty('text');
    expect(await storedFiles()).toEqual([]);
    const ok = await submit(assignment.id, tokens.student, { link: 'https://github.com/valentina/tarea' });
    expect(ok.status).toBe(201);
    expect(ok.json.link).toBe('https://github.com/valentina/tarea');
  });

  it('nothing at all: 400 asking for a text, a link or a file', async () => {
    const assignment = await createAssignmentFor(world.courseA.id);
    const response = await submit(assignment.id, tokens.student, {});
    expect(response.status).toBe(400);
    expect(response.json.error.fields.submission).toBe('Escribe un texto, pega un enlace o adjunta un archivo');
  });

  it('only what the assignment takes: a text to a files-only assignment is refused', async () => {
    const assignment = await createAssignmentFor(world.courseA.id, { submissionTypes: ['file'] });
    const response = await submit(assignment.id, tokens.student, { text: 'texto' });
    expect(response.status).toBe(400);
    expect(response.json.error.fields.text).toBe('Esta tarea no recibe este tipo de entrega');
  });
});

describe('file types, by content', () => {
  it('an SVG (it can carry a script) or an HTML page named .pdf is 415, and nothing stays in storage', async () => {
    const assignment = await createAssignmentFor(world.courseA.id);
    const svg = await submit(assignment.id, tokens.student, { files: [{ name: 'dibujo.svg', type: 'image/svg+xml', data: svgBytes() }] });
    expect(svg.status).toBe(415);
    const html = await submit(assignment.id, tokens.student, { files: [pdfFile(), { name: 'informe.pdf', type: 'application/pdf', data: new TextEncoder().encode('<html><script>alert(1)</script></html>') as Uint8Array<ArrayBuffer> }] });
    expect(html.status).toBe(415);
    expect(await storedFiles()).toEqual([]);
    const db = await getDb();
    expect((await db.select({ value: count() }).from(submissions))[0]!.value).toBe(0);
  });

  it('only the types the assignment allows: a PNG to a PDF-only assignment is 415 naming PDF', async () => {
    const assignment = await createAssignmentFor(world.courseA.id, { allowedFileTypes: ['pdf'] });
    const response = await submit(assignment.id, tokens.student, { files: [{ name: 'foto.png', type: 'image/png', data: pngBytes() }] });
    expect(response.status).toBe(415);
    expect(response.json.error.message).toContain('PDF');
    expect((await submit(assignment.id, tokens.student, { files: [pdfFile()] })).status).toBe(201);
  });

  it('a file past the assignment\'s size is 413 naming the limit, and its bytes are not kept', async () => {
    const assignment = await createAssignmentFor(world.courseA.id, { maxFileMb: 1 });
    const response = await submit(assignment.id, tokens.student, { files: [pdfFile('grande.pdf', 1024 * 1024 + 1)] });
    expect(response.status).toBe(413);
    expect(response.json.error.message).toContain('1 MB');
    expect(await storedFiles()).toEqual([]);
  });
});

describe('the late policy', () => {
  it('accept: a late submission is taken, marked late, no penalty', async () => {
    const assignment = await createAssignmentFor(world.courseA.id, { dueAt: daysFromNow(-0.5), latePolicy: { mode: 'accept' } });
    const response = await submit(assignment.id, tokens.student, { files: [pdfFile()] });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ status: 'late', lateDays: 1, penaltyPercent: 0 });
  });

  it('penalize: 10 % per day, 3 days late → 30 % off the grade the student sees', async () => {
    const assignment = await createAssignmentFor(world.courseA.id, { dueAt: new Date(Date.now() - 2.5 * DAY_MS).toISOString(), latePolicy: { mode: 'penalize', penaltyPercentPerDay: 10 } });
    const response = await submit(assignment.id, tokens.student, { files: [pdfFile()] });
    expect(response.json).toMatchObject({ status: 'late', lateDays: 3, penaltyPercent: 30 });
    const graded = await call(gradeRoute, { path: '/api/v2/assignments/submissions/grade/', body: { submissionId: response.json.id, score: 80 }, token: tokens.tutor });
    expect(graded.status).toBe(200);
    expect(graded.json).toMatchObject({ rawScore: 80, score: 56 });
    const seen = await ownSubmissions(assignment.id, tokens.student);
    expect(seen.json.results[0]).toMatchObject({ score: 56, penaltyPercent: 30 });
  });

  it('refuse: 409 submission_late before any byte is stored; on time it is taken', async () => {
    const late = await createAssignmentFor(world.courseA.id, { dueAt: daysFromNow(-1), latePolicy: { mode: 'refuse' } });
    const response = await submit(late.id, tokens.student, { files: [pdfFile()] });
    expect(response.status).toBe(409);
    expect(response.json.error).toMatchObject({ code: 'submission_late', message: 'La fecha de entrega ya pasó y esta tarea no recibe entregas tarde.' });
    expect(await storedFiles()).toEqual([]);
    const onTime = await createAssignmentFor(world.courseA.id, { dueAt: daysFromNow(1), latePolicy: { mode: 'refuse' } });
    expect((await submit(onTime.id, tokens.student, { files: [pdfFile()] })).status).toBe(201);
  });

  it("a due date moved later un-lates what now arrived in time", async () => {
    const assignment = await createAssignmentFor(world.courseA.id, { dueAt: daysFromNow(-1), latePolicy: { mode: 'penalize', penaltyPercentPerDay: 20 } });
    await submit(assignment.id, tokens.student, { files: [pdfFile()] });
    const { updateAssignment } = await import('~/lib/server/services/assignments/author-assignments');
    const { SYSTEM_ADMIN } = await import('../factories/quizzes');
    await updateAssignment(SYSTEM_ADMIN, assignment.id, { dueAt: daysFromNow(1) });
    const seen = await ownSubmissions(assignment.id, tokens.student);
    expect(seen.json.results[0]).toMatchObject({ status: 'submitted', lateDays: 0, penaltyPercent: 0 });
  });
});

describe('staff change the policy after submissions arrived', () => {
  it('PATCH with a new late policy (nothing cached yet) answers at once and penalizes what came late', async () => {
    const assignment = await createAssignmentFor(world.courseA.id, { dueAt: daysFromNow(-1.5), latePolicy: { mode: 'accept' } });
    await submit(assignment.id, tokens.student, { files: [pdfFile()] });
    clearAllCaches();
    const patched = await call(assignmentPatchRoute, {
      method: 'PATCH',
      path: `/api/v2/assignments/${assignment.id}/`,
      params: { id: String(assignment.id) },
      token: tokens.tutor,
      body: { latePolicy: { mode: 'penalize', penaltyPercentPerDay: 10 } },
    });
    expect(patched.status).toBe(200);
    expect(patched.json.latePolicy).toEqual({ mode: 'penalize', penaltyPercentPerDay: 10 });
    const seen = await ownSubmissions(assignment.id, tokens.student);
    expect(seen.json.results[0]).toMatchObject({ status: 'late', lateDays: 2, penaltyPercent: 20 });
  });
});

describe('resubmissions', () => {
  it('keep the history: each one is the next number, newest first, every file still there', async () => {
    const assignment = await createAssignmentFor(world.courseA.id);
    const first = await submit(assignment.id, tokens.student, { files: [pdfFile('v1.pdf')] });
    const second = await submit(assignment.id, tokens.student, { files: [pdfFile('v2.pdf')], text: 'Corregí la sección 2' });
    expect(second.json.number).toBe(2);
    const seen = await ownSubmissions(assignment.id, tokens.student);
    expect(seen.json.count).toBe(2);
    expect(seen.json.results.map((item: { number: number; files: { name: string }[] }) => [item.number, item.files[0]?.name])).toEqual([
      [2, 'v2.pdf'],
      [1, 'v1.pdf'],
    ]);
    expect(first.json.id).not.toBe(second.json.id);
    expect(await storedFiles()).toHaveLength(2);
  });
});

describe('the per-student quota', () => {
  it('counts every file the student sent: past it 413 submission_quota_exceeded, and the refused files are removed', async () => {
    process.env.SUBMISSION_QUOTA_MB = '1';
    resetConfig();
    try {
      const one = await createAssignmentFor(world.courseA.id);
      const two = await createAssignmentFor(world.courseA.id);
      expect((await submit(one.id, tokens.student, { files: [pdfFile('a.pdf', 600 * 1024)] })).status).toBe(201);
      const over = await submit(two.id, tokens.student, { files: [pdfFile('b.pdf', 300 * 1024), pdfFile('c.pdf', 300 * 1024)] });
      expect(over.status).toBe(413);
      expect(over.json.error).toMatchObject({ code: 'submission_quota_exceeded' });
      expect(over.json.error.message).toContain('1 MB');
      expect(await storedFiles()).toHaveLength(1);
      const db = await getDb();
      expect((await db.select({ value: count() }).from(submissionFiles))[0]!.value).toBe(1);
      // Another student has their own room.
      expect((await submit(two.id, await accessTokenFor(world.student), { text: 'sin archivos' })).status).toBe(201);
    } finally {
      delete process.env.SUBMISSION_QUOTA_MB;
      resetConfig();
    }
  });
});

describe('who may submit and read', () => {
  it("staff do not submit (403); another cohort's student finds nothing (404); an unpublished assignment does not exist for students", async () => {
    const assignment = await createAssignmentFor(world.courseA.id);
    expect((await submit(assignment.id, tokens.tutor, { text: 'x' })).status).toBe(403);
    expect((await submit(assignment.id, tokens.otherStudent, { text: 'x' })).status).toBe(404);
    const draft = await createAssignmentFor(world.courseA.id, { published: false });
    expect((await submit(draft.id, tokens.student, { text: 'x' })).status).toBe(404);
  });

  it("a student's file downloads to them and their tutor, never to another student", async () => {
    const assignment = await createAssignmentFor(world.courseA.id);
    const sent = await submit(assignment.id, tokens.student, { files: [pdfFile()] });
    const fileId = String(sent.json.files[0].id);
    const get = (token: string) => call(downloadRoute, { path: `/api/v2/assignments/download/${fileId}/`, params: { id: fileId }, token });
    expect((await get(tokens.student)).status).toBe(200);
    expect((await get(tokens.tutor)).status).toBe(200);
    expect((await get(tokens.admin)).status).toBe(200);
    expect((await get(tokens.otherStudent)).status).toBe(404);
  });
});

describe('accented file names (issue 28: año.pdf was stored and shown as aÃ±o.pdf)', () => {
  /** The entry names of a zip, as a zip tool reads them. */
  function zipEntryNames(data: Buffer): Promise<string[]> {
    return new Promise((resolve, reject) => {
      yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => {
        if (error || !zip) return reject(error);
        const names: string[] = [];
        zip.on('entry', (entry: yauzl.Entry) => {
          names.push(entry.fileName);
          zip.readEntry();
        });
        zip.on('end', () => resolve(names));
        zip.on('error', reject);
        zip.readEntry();
      });
    });
  }

  it('keep their letters as a browser sends them (raw UTF-8 in filename="…"): stored, shown to the student and the grader, downloaded and zipped under the same name', async () => {
    const docx = new Uint8Array(300).fill(0x20);
    docx.set([0x50, 0x4b, 0x03, 0x04]);
    const sent: FormFile[] = [
      pdfFile('año.pdf'),
      pdfFile('Señales – módulo 2.pdf'),
      { name: 'Evaluación final (versión 3).docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', data: docx },
      // As a Mac sends it: ü and ñ decomposed (a letter plus a combining mark); kept composed.
      pdfFile('Pingüino y ñandú.pdf'.normalize('NFD')),
    ];
    const expected = ['año.pdf', 'Señales – módulo 2.pdf', 'Evaluación final (versión 3).docx', 'Pingüino y ñandú.pdf'];
    const assignment = await createAssignmentFor(world.courseA.id, { title: 'Entrega con tildes' });
    const response = await submit(assignment.id, tokens.student, { files: sent });
    expect(response.status).toBe(201);
    expect(response.json.files.map((file: { name: string }) => file.name)).toEqual(expected);

    const db = await getDb();
    expect((await db.select({ name: submissionFiles.fileName }).from(submissionFiles).orderBy(asc(submissionFiles.position))).map((row) => row.name)).toEqual(expected);
    expect((await ownSubmissions(assignment.id, tokens.student)).json.results[0].files.map((file: { name: string }) => file.name)).toEqual(expected);
    const detail = await call(submissionDetailRoute, { path: `/api/v2/assignments/submissions/${response.json.id}/`, params: { id: String(response.json.id) }, token: tokens.tutor });
    expect(detail.status).toBe(200);
    expect(detail.json.submission.files.map((file: { name: string }) => file.name)).toEqual(expected);

    const dispositions = await Promise.all(
      response.json.files.map(async (file: { id: number }) => {
        const download = await call(downloadRoute, { path: `/api/v2/assignments/download/${file.id}/`, params: { id: String(file.id) }, token: tokens.tutor });
        return download.headers.get('content-disposition');
      }),
    );
    expect(dispositions).toEqual([
      `attachment; filename="ano.pdf"; filename*=UTF-8''a%C3%B1o.pdf`,
      `attachment; filename="Senales _ modulo 2.pdf"; filename*=UTF-8''Se%C3%B1ales%20%E2%80%93%20m%C3%B3dulo%202.pdf`,
      `attachment; filename="Evaluacion final (version 3).docx"; filename*=UTF-8''Evaluaci%C3%B3n%20final%20%28versi%C3%B3n%203%29.docx`,
      `attachment; filename="Pinguino y nandu.pdf"; filename*=UTF-8''Ping%C3%BCino%20y%20%C3%B1and%C3%BA.pdf`,
    ]);

    const request = new Request(new URL(`/api/v2/assignments/${assignment.id}/submissions/zip/`, ORIGIN), { headers: { authorization: `Bearer ${tokens.tutor}` } });
    const zip = await zipRoute({ request, params: { id: String(assignment.id) }, clientAddress: '127.0.0.1' });
    expect(zip.status).toBe(200);
    const folder = `${world.student.lastName}, ${world.student.firstName}`;
    expect(await zipEntryNames(Buffer.from(await zip.arrayBuffer()))).toEqual(expect.arrayContaining(expected.map((name) => `${folder}/${name}`)));
  });
});
