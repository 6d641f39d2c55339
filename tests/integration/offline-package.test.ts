/**
 * The offline package (issue 34, ADR 034): what a phone downloads to study a
 * course or one of its levels without a connection, with real sizes, no
 * right answers, and a revision that moves only when the content does.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '~/lib/server/db/client';
import { courses, lessonAttachments, users } from '~/lib/server/db/schema';
import { getStorage } from '~/lib/server/storage';
import { seedDemoData } from '~/lib/server/services/demo-data';
import { GET as offlinePackage } from '~/pages/api/v2/courses/[id]/offline-package';
import { GET as readQuiz } from '~/pages/api/v2/quizzes/[id]/index';
import { PATCH as patchLesson } from '~/pages/api/v2/lessons/[id]';
import { GET as downloadAttachment } from '~/pages/api/v2/lessons/[id]/attachments/[attachmentId]/download';
import type { OfflinePackage } from '~/lib/shared/schemas/offline-package';
import { isDownloadableRead, isPageKeptOffline } from '~/lib/shared/offline-pages';
import { UpdateQuizBodySchema } from '~/lib/shared/schemas/quizzes';
import { UpdateAssignmentBodySchema } from '~/lib/shared/schemas/assignments';
import { updateQuiz } from '~/lib/server/services/quizzes/author-quiz';
import { updateAssignment } from '~/lib/server/services/assignments/author-assignments';
import { call, ORIGIN } from '../support/http';
import { pngBytes } from '../support/multipart';
import { accessTokenFor, createCourse, createLesson, createWorld, releaseCourse } from '../factories';
import { createSixTypeQuiz, SYSTEM_ADMIN } from '../factories/quizzes';
import { createAssignmentFor } from '../factories/assignments';

const DAY_MS = 86_400_000;
const PDF_SIZE = 1_234;

type World = Awaited<ReturnType<typeof createWorld>>;
let world: World;
let student: string;

/** A PDF attachment of `size` bytes stored as an upload would store it. */
async function attachPdf(lessonId: number, size: number) {
  const data = new Uint8Array(size).fill(0x20);
  data.set(new TextEncoder().encode('%PDF-1.7\n'));
  const storageKey = await getStorage().putPrivate(data, 'application/pdf');
  const db = await getDb();
  const [row] = await db.insert(lessonAttachments).values({ lessonId, fileName: 'guía.pdf', contentType: 'application/pdf', sizeBytes: size, storageKey, position: 0 }).returning();
  return row!;
}

/** Cohort A's course as a demo-like syllabus: two levels, a draft and a scheduled lesson, an image, a PDF, quizzes and assignments (published and not). */
async function buildCourse() {
  const image = await getStorage().put(pngBytes(2_048), 'image/png');
  const courseId = world.courseA.id;
  const intro = await createLesson({
    courseId,
    section: 'Nivel 1',
    title: 'Bienvenida',
    contentMd: `## Hola\n\n![Mapa](${image.url})\n\n![Foto externa](https://example.com/foto.jpg)`,
  });
  const reading = await createLesson({ courseId, section: 'Nivel 1', title: 'Lectura', contentMd: 'Lee la guía adjunta.' });
  const draft = await createLesson({ courseId, section: 'Nivel 1', title: 'Borrador', publishedAt: null });
  const scheduled = await createLesson({ courseId, section: 'Nivel 1', title: 'Programada', publishedAt: new Date(Date.now() + 3 * DAY_MS) });
  const second = await createLesson({ courseId, section: 'Nivel 2', title: 'Decisiones', contentMd: 'Condicionales.' });
  const pdf = await attachPdf(reading.id, PDF_SIZE);
  const quiz = await createSixTypeQuiz(courseId);
  const hiddenQuiz = await createSixTypeQuiz(courseId, { title: 'Sin publicar', published: false });
  const assignment = await createAssignmentFor(courseId, { instructions: 'Escribe **un párrafo** sobre lo leído.' });
  const hiddenAssignment = await createAssignmentFor(courseId, { title: 'Borrador de actividad', published: false });
  return { image, intro, reading, draft, scheduled, second, pdf, quiz, hiddenQuiz, assignment, hiddenAssignment };
}

const getPackage = (courseId: number, token: string, level?: string, lang?: string) =>
  call(offlinePackage, {
    path: `/api/v2/courses/${courseId}/offline-package/${level === undefined ? '' : `?level=${level}`}`,
    params: { id: String(courseId) },
    token,
    ...(lang ? { headers: { 'accept-language': lang } } : {}),
  });

const urlsOf = (pkg: OfflinePackage, kind?: string) => pkg.items.filter((item) => !kind || item.kind === kind).map((item) => item.url);

beforeEach(async () => {
  world = await createWorld();
  student = await accessTokenFor(world.student);
});

describe('offline package', () => {
  it("a student gets a level's published lessons, their image and attachment with real sizes, and the course's published quizzes and assignments", async () => {
    const built = await buildCourse();
    const answer = await getPackage(world.courseA.id, student, '1');
    expect(answer.status).toBe(200);
    const pkg = answer.json as OfflinePackage;
    expect(pkg).toMatchObject({ courseId: world.courseA.id, level: 1, levelName: 'Nivel 1', externalImages: 1 });
    expect(urlsOf(pkg, 'course')).toEqual([`/courses/${world.courseA.id}`]);
    // Published and released only: not the draft, not the scheduled lesson, not the next level.
    expect(urlsOf(pkg, 'lesson')).toEqual([`/lessons/${built.intro.id}`, `/lessons/${built.reading.id}`]);
    // The lesson shows a stored picture at a phone's width (lib/shared/responsive-images.ts): that copy is what the phone keeps, sized as served.
    expect(pkg.items.find((item) => item.kind === 'image')).toMatchObject({ url: `${built.image.url}?w=780`, bytes: 2_048 });
    const attachment = pkg.items.find((item) => item.kind === 'attachment')!;
    expect(attachment).toMatchObject({ url: `/lessons/${built.reading.id}/attachments/${built.pdf.id}`, id: built.pdf.id, bytes: PDF_SIZE });
    // The size listed is the size served.
    const served = await downloadAttachment({
      request: new Request(new URL(`/api/v2/lessons/${built.reading.id}/attachments/${built.pdf.id}/download/`, ORIGIN), { headers: { authorization: `Bearer ${student}` } }),
      params: { id: String(built.reading.id), attachmentId: String(built.pdf.id) },
      clientAddress: '127.0.0.1',
    });
    expect((await served.arrayBuffer()).byteLength).toBe(attachment.bytes);
    expect(urlsOf(pkg, 'quiz')).toEqual([`/quizzes/${built.quiz.id}`, `/api/v2/quizzes/${built.quiz.id}/`]);
    expect(urlsOf(pkg, 'assignment').sort()).toEqual([`/assignments/${built.assignment.id}`, `/assignments/${world.assignmentA.id}`].sort());
    expect(pkg.items.find((item) => item.id === built.assignment.id && item.kind === 'assignment')!.bytes).toBeGreaterThanOrEqual(new TextEncoder().encode(built.assignment.instructions).byteLength);
    expect(pkg.totalBytes).toBe(pkg.items.reduce((sum, item) => sum + item.bytes, 0));
    expect(pkg.totalBytes).toBeGreaterThan(2_048 + PDF_SIZE);
    // Every item is one the service worker answers from the downloads offline (ADR 035): a kept page, or a read it routes.
    for (const { url } of pkg.items) expect(isPageKeptOffline(url) || isDownloadableRead(url), url).toBe(true);
  });

  it('the quiz data the package lists holds no right answer', async () => {
    const built = await buildCourse();
    const pkg = (await getPackage(world.courseA.id, student)).json as OfflinePackage;
    const apiUrl = urlsOf(pkg, 'quiz').find((url) => url.startsWith('/api/'))!;
    const quiz = await call(readQuiz, { path: apiUrl, params: { id: String(built.quiz.id) }, token: student });
    expect(quiz.status).toBe(200);
    expect(quiz.json).toMatchObject({ id: built.quiz.id, title: built.quiz.title });
    const text = JSON.stringify(quiz.json);
    // The options of an untimed quiz's questions are there to answer it offline (ADR 038); which one is right is not.
    for (const secret of ['correct', 'SECRET-ANSWER-a', 'SECRET-FEEDBACK-single', '4242', 'answers']) expect(text).not.toContain(secret);
    // The size listed is the size of what that URL answers.
    expect(pkg.items.find((item) => item.url === apiUrl)!.bytes).toBe(new TextEncoder().encode(text).byteLength);
  });

  it('without a level the whole course; with one, only its lessons; tutors get the students’ view', async () => {
    const built = await buildCourse();
    const whole = (await getPackage(world.courseA.id, student)).json as OfflinePackage;
    expect(whole).toMatchObject({ level: null, levelName: null });
    expect(urlsOf(whole, 'lesson')).toEqual([built.intro, built.reading, built.second].map((lesson) => `/lessons/${lesson.id}`));
    const second = (await getPackage(world.courseA.id, student, '2')).json as OfflinePackage;
    expect(second.levelName).toBe('Nivel 2');
    expect(urlsOf(second, 'lesson')).toEqual([`/lessons/${built.second.id}`]);
    expect(urlsOf(second, 'attachment')).toEqual([]);
    expect(second.totalBytes).toBeLessThan(whole.totalBytes);
    const tutor = (await getPackage(world.courseA.id, await accessTokenFor(world.tutor))).json as OfflinePackage;
    expect(urlsOf(tutor)).toEqual(urlsOf(whole));
  });

  it("the revision is the same for the same content and changes when a lesson, an attachment, a quiz or an assignment changes, only that item with it", async () => {
    const built = await buildCourse();
    const before = (await getPackage(world.courseA.id, student, '1')).json as OfflinePackage;
    const again = (await getPackage(world.courseA.id, student, '1')).json as OfflinePackage;
    expect(again).toEqual(before);
    const edit = await call(patchLesson, { method: 'PATCH', path: `/api/v2/lessons/${built.reading.id}/`, params: { id: String(built.reading.id) }, body: { contentMd: 'Lee la guía adjunta y toma notas.' }, token: await accessTokenFor(world.tutor) });
    expect(edit.status).toBe(200);
    const after = (await getPackage(world.courseA.id, student, '1')).json as OfflinePackage;
    expect(after.revision).not.toBe(before.revision);
    const revisionOf = (pkg: OfflinePackage, url: string) => pkg.items.find((item) => item.url === url)!.revision;
    expect(revisionOf(after, `/lessons/${built.reading.id}`)).not.toBe(revisionOf(before, `/lessons/${built.reading.id}`));
    expect(revisionOf(after, `/lessons/${built.intro.id}`)).toBe(revisionOf(before, `/lessons/${built.intro.id}`));
    expect(revisionOf(after, `${built.image.url}?w=780`)).toBe(revisionOf(before, `${built.image.url}?w=780`));
    // A new attachment is a new package too.
    await attachPdf(built.intro.id, 10);
    const withFile = (await getPackage(world.courseA.id, student, '1')).json as OfflinePackage;
    expect(withFile.revision).not.toBe(after.revision);
    // So is an edited quiz or assignment, and only its items move.
    await updateQuiz(SYSTEM_ADMIN, built.quiz.id, UpdateQuizBodySchema.parse({ title: 'Cuestionario corregido' }));
    const quizEdited = (await getPackage(world.courseA.id, student, '1')).json as OfflinePackage;
    expect(quizEdited.revision).not.toBe(withFile.revision);
    expect(revisionOf(quizEdited, `/quizzes/${built.quiz.id}`)).not.toBe(revisionOf(withFile, `/quizzes/${built.quiz.id}`));
    expect(revisionOf(quizEdited, `/assignments/${built.assignment.id}`)).toBe(revisionOf(withFile, `/assignments/${built.assignment.id}`));
    await updateAssignment(SYSTEM_ADMIN, built.assignment.id, UpdateAssignmentBodySchema.parse({ instructions: 'Escribe dos párrafos.' }));
    const assignmentEdited = (await getPackage(world.courseA.id, student, '1')).json as OfflinePackage;
    expect(assignmentEdited.revision).not.toBe(quizEdited.revision);
    expect(revisionOf(assignmentEdited, `/assignments/${built.assignment.id}`)).not.toBe(revisionOf(quizEdited, `/assignments/${built.assignment.id}`));
    expect(revisionOf(assignmentEdited, `/lessons/${built.intro.id}`)).toBe(revisionOf(quizEdited, `/lessons/${built.intro.id}`));
  });

  it('a level that is not a positive whole number, or that the course does not have, is 400 in Spanish and English', async () => {
    await buildCourse();
    for (const level of ['abc', '0', '1.5', '']) {
      const answer = await getPackage(world.courseA.id, student, level);
      expect(answer.status, level).toBe(400);
      expect(answer.json.error.fields).toEqual({ level: 'El nivel debe ser un número entero mayor que cero' });
    }
    const english = await getPackage(world.courseA.id, student, 'abc', 'en');
    expect(english.json.error.fields).toEqual({ level: 'The level must be a whole number greater than zero' });
    const missing = await getPackage(world.courseA.id, student, '3');
    expect(missing.status).toBe(400);
    expect(missing.json.error.fields).toEqual({ level: 'Este curso no tiene ese nivel: tiene 2 niveles' });
    const missingEn = await getPackage(world.courseA.id, student, '3', 'en');
    expect(missingEn.json.error.fields).toEqual({ level: 'This course has no such level: it has 2 levels' });
  });

  it('a course the student cannot read is 404: another cohort’s, one not released to them, one released later', async () => {
    await buildCourse();
    expect((await getPackage(world.courseA.id, await accessTokenFor(world.otherStudent))).status).toBe(404);
    const unreleased = await createCourse({ programId: world.cohortA.programId! });
    await createLesson({ courseId: unreleased.id });
    expect((await getPackage(unreleased.id, student)).status).toBe(404);
    const later = await createCourse({ programId: world.cohortA.programId! });
    await createLesson({ courseId: later.id });
    await releaseCourse(world.cohortA, later, new Date(Date.now() + 7 * DAY_MS));
    expect((await getPackage(later.id, student)).status).toBe(404);
    expect((await getPackage(999_999, student)).status).toBe(404);
  });

  it("the demo student's first level: its two published lessons, the course's quizzes and assignments, and its size", async () => {
    const db = await getDb();
    await seedDemoData(db);
    const [sofia] = await db.select().from(users).where(eq(users.email, 'student@senda.test'));
    const [basics] = await db.select().from(courses).where(eq(courses.name, 'Fundamentos de programación'));
    const pkg = (await getPackage(basics!.id, await accessTokenFor(sofia!), '1')).json as OfflinePackage;
    expect(pkg.levelName).toBe('Nivel 1: primeros pasos');
    expect(pkg.items.filter((item) => item.kind === 'lesson')).toHaveLength(2);
    expect(pkg.items.some((item) => item.kind === 'quiz')).toBe(true);
    expect(pkg.totalBytes).toBe(pkg.items.reduce((sum, item) => sum + item.bytes, 0));
  });
});
