import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getT } from '~/i18n';
import type { SendaSession } from '~/lib/server/services/auth/auth-js';
import { getDb } from '~/lib/server/db/client';
import { lessonAttachments, lessons } from '~/lib/server/db/schema';
import { log } from '~/lib/server/log';
import { getStorage } from '~/lib/server/storage';
import { LESSON_ATTACHMENT_MAX_BYTES, LESSON_ATTACHMENTS_MAX_PER_LESSON, STATUS_STUDENT } from '~/lib/shared/constants';
import * as listRoute from '~/pages/api/v2/lessons/[id]/attachments/index';
import { DELETE as deleteRoute } from '~/pages/api/v2/lessons/[id]/attachments/[attachmentId]/index';
import { GET as downloadRoute } from '~/pages/api/v2/lessons/[id]/attachments/[attachmentId]/download';
import { GET as fileRoute } from '~/pages/api/v2/files/[key]';
import { DELETE as deleteLessonRoute } from '~/pages/api/v2/lessons/[id]';
import { GET as pageDownload } from '~/pages/lessons/[id]/attachments/[attachmentId]';
import LessonPage from '~/pages/lessons/[id].astro';
import { pageSessionOf } from '../support/astro-pages';
import { call, ORIGIN } from '../support/http';
import { pngBytes, svgBytes } from '../support/multipart';
import { accessTokenFor, createCourse, createLesson, createWorld, releaseCourse } from '../factories';

type World = Awaited<ReturnType<typeof createWorld>>;
type Persona = 'student' | 'otherStudent' | 'tutor' | 'admin';
let world: World;
const tokens = {} as Record<Persona, string>;

beforeEach(async () => {
  world = await createWorld();
  for (const persona of ['student', 'otherStudent', 'tutor', 'admin'] as const) tokens[persona] = await accessTokenFor(world[persona]);
});

const pdfBytes = (size = 256) => {
  const data = new Uint8Array(size).fill(0x20);
  data.set(new TextEncoder().encode('%PDF-1.7\n'));
  return data;
};
/** A zip's first bytes: Office and OpenDocument files are zips. */
const zipBytes = () => {
  const data = new Uint8Array(64).fill(0);
  data.set([0x50, 0x4b, 0x03, 0x04]);
  return data;
};

async function upload(lessonId: number, token: string, file: { name: string; data: Uint8Array; type?: string }, lang?: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const headers = new Headers({ authorization: `Bearer ${token}` });
  if (lang) headers.set('accept-language', lang);
  const request = new Request(new URL(`/api/v2/lessons/${lessonId}/attachments/`, ORIGIN), { method: 'POST', headers, body: form });
  const response = await listRoute.POST({ request, params: { id: String(lessonId) }, clientAddress: '127.0.0.1' });
  return { status: response.status, json: (await response.json()) as any };
}

const list = (lessonId: number, token: string) => call(listRoute.GET, { path: `/api/v2/lessons/${lessonId}/attachments/`, params: { id: String(lessonId) }, token });

/** The raw download answer (bytes and headers). */
async function download(lessonId: number, attachmentId: number, token: string) {
  const path = `/api/v2/lessons/${lessonId}/attachments/${attachmentId}/download/`;
  const request = new Request(new URL(path, ORIGIN), { headers: { authorization: `Bearer ${token}` } });
  return downloadRoute({ request, params: { id: String(lessonId), attachmentId: String(attachmentId) }, clientAddress: '127.0.0.1' });
}

/** A student's page session, with the terms accepted unless `statusStudent` says otherwise. */
const studentSessionOf = (user: { id: number }, statusStudent: number = STATUS_STUDENT.termsAccepted) => pageSessionOf(user.id, { statusStudent });

async function storedKeysOf(lessonId: number) {
  const db = await getDb();
  const rows = await db.select({ key: lessonAttachments.storageKey }).from(lessonAttachments).where(eq(lessonAttachments.lessonId, lessonId));
  return rows.map((row) => row.key);
}

describe('lesson attachments', () => {
  it('a tutor uploads files in order; students of the cohort list them and download the bytes under the original name', async () => {
    const lesson = await createLesson({ courseId: world.courseA.id });
    const first = await upload(lesson.id, tokens.tutor, { name: 'Guía de estudio "final".pdf', data: pdfBytes(), type: 'text/plain' });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      lessonId: lesson.id,
      fileName: 'Guía de estudio "final".pdf',
      // The type comes from the bytes, not from what the browser declared.
      contentType: 'application/pdf',
      sizeBytes: 256,
      position: 0,
      downloadUrl: `/api/v2/lessons/${lesson.id}/attachments/${first.json.id}/download/`,
    });
    const second = await upload(lesson.id, tokens.admin, { name: 'C:\\Users\\ana\\taller.docx', data: zipBytes() });
    expect(second.json).toMatchObject({ fileName: 'taller.docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', position: 1 });
    // A name whose extension lies about the content gets the right one added.
    const third = await upload(lesson.id, tokens.tutor, { name: 'foto.exe', data: pngBytes() });
    expect(third.json).toMatchObject({ fileName: 'foto.exe.png', contentType: 'image/png', position: 2 });

    const listed = await list(lesson.id, tokens.student);
    expect(listed.status).toBe(200);
    expect(listed.json.map((item: { fileName: string }) => item.fileName)).toEqual(['Guía de estudio "final".pdf', 'taller.docx', 'foto.exe.png']);

    const response = await download(lesson.id, first.json.id, tokens.student);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Guia de estudio _final_.pdf"; filename*=UTF-8''Gu%C3%ADa%20de%20estudio%20%22final%22.pdf`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(pdfBytes());
  });

  it('refuses files that are not an allowed type (415) and oversize files (413), naming what is allowed', async () => {
    const lesson = await createLesson({ courseId: world.courseA.id });
    const svg = await upload(lesson.id, tokens.tutor, { name: 'dibujo.svg', data: svgBytes(), type: 'image/svg+xml' });
    expect(svg.status).toBe(415);
    expect(svg.json.error.message).toBe('Tipo de contenido no admitido: usa PDF, PNG, JPEG, WebP, GIF, Word, Excel, PowerPoint, OpenDocument, ZIP.');
    const exe = await upload(lesson.id, tokens.tutor, { name: 'programa.pdf', data: new TextEncoder().encode('MZ\u0090\u0000 not a pdf'), type: 'application/pdf' }, 'en');
    expect(exe.status).toBe(415);
    expect(exe.json.error.message).toContain('Unsupported content type');
    const empty = await upload(lesson.id, tokens.tutor, { name: 'vacio.pdf', data: new Uint8Array() });
    expect(empty.status).toBe(400);
    expect(empty.json.error.fields).toEqual({ file: 'El archivo está vacío' });

    const oversize = await upload(lesson.id, tokens.tutor, { name: 'grande.pdf', data: pdfBytes(LESSON_ATTACHMENT_MAX_BYTES + 1) });
    expect(oversize.status).toBe(413);
    expect(oversize.json.error.message).toBe('La solicitud es demasiado grande (máximo 20 MB).');
    expect((await list(lesson.id, tokens.tutor)).json).toEqual([]);
  });

  it('stops at the per-lesson limit with 409', async () => {
    const lesson = await createLesson({ courseId: world.courseA.id });
    const db = await getDb();
    await db.insert(lessonAttachments).values(
      Array.from({ length: LESSON_ATTACHMENTS_MAX_PER_LESSON }, (_, position) => ({
        lessonId: lesson.id,
        fileName: `f${position}.pdf`,
        contentType: 'application/pdf',
        sizeBytes: 1,
        storageKey: `${'a'.repeat(31)}${position % 10}.pdf`,
        position,
      })),
    );
    const response = await upload(lesson.id, tokens.tutor, { name: 'uno-mas.pdf', data: pdfBytes() });
    expect(response.status).toBe(409);
    expect(response.json.error.message).toBe(`Esta lección ya tiene ${LESSON_ATTACHMENTS_MAX_PER_LESSON} archivos adjuntos. Elimina alguno antes de subir otro.`);
  });

  it('deleting closes the gap in the order and removes the stored file', async () => {
    const lesson = await createLesson({ courseId: world.courseA.id });
    const ids: number[] = [];
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf']) ids.push((await upload(lesson.id, tokens.tutor, { name, data: pdfBytes() })).json.id);
    const [keyOfB] = (await storedKeysOf(lesson.id)).slice(1, 2);
    expect(await getStorage().getPrivate(keyOfB!)).not.toBeNull();

    const denied = await call(deleteRoute, { method: 'DELETE', path: `/api/v2/lessons/${lesson.id}/attachments/${ids[1]}/`, params: { id: String(lesson.id), attachmentId: String(ids[1]) }, token: tokens.student });
    expect(denied.status).toBe(403);
    const removed = await call(deleteRoute, { method: 'DELETE', path: `/api/v2/lessons/${lesson.id}/attachments/${ids[1]}/`, params: { id: String(lesson.id), attachmentId: String(ids[1]) }, token: tokens.tutor });
    expect(removed.status).toBe(204);
    expect((await list(lesson.id, tokens.tutor)).json.map((item: { fileName: string; position: number }) => [item.fileName, item.position])).toEqual([
      ['a.pdf', 0],
      ['c.pdf', 1],
    ]);
    expect(await getStorage().getPrivate(keyOfB!)).toBeNull();
    const again = await call(deleteRoute, { method: 'DELETE', path: `/api/v2/lessons/${lesson.id}/attachments/${ids[1]}/`, params: { id: String(lesson.id), attachmentId: String(ids[1]) }, token: tokens.tutor });
    expect(again.status).toBe(404);
  });

  it('students see nothing before their course is released, and another cohort sees nothing at all (404)', async () => {
    const scheduled = await createCourse({ programId: world.cohortA.programId! });
    await releaseCourse(world.cohortA, scheduled, new Date(Date.now() + 7 * 86_400_000));
    const lesson = await createLesson({ courseId: scheduled.id });
    const created = await upload(lesson.id, tokens.tutor, { name: 'pronto.pdf', data: pdfBytes() });
    expect(created.status).toBe(201);
    expect((await list(lesson.id, tokens.student)).status).toBe(404);
    expect((await download(lesson.id, created.json.id, tokens.student)).status).toBe(404);
    expect((await list(lesson.id, tokens.tutor)).status).toBe(200);

    const lessonA = await createLesson({ courseId: world.courseA.id });
    const ofA = await upload(lessonA.id, tokens.tutor, { name: 'a.pdf', data: pdfBytes() });
    expect((await list(lessonA.id, tokens.otherStudent)).status).toBe(404);
    expect((await download(lessonA.id, ofA.json.id, tokens.otherStudent)).status).toBe(404);
    expect((await upload(lessonA.id, tokens.otherStudent, { name: 'b.pdf', data: pdfBytes() })).status).toBe(404);
    // An attachment asked for under another lesson (one the caller may read) does not exist there.
    expect((await download(lesson.id, ofA.json.id, tokens.tutor)).status).toBe(404);
  });

  it('attachment files are never served by the public files endpoint', async () => {
    const lesson = await createLesson({ courseId: world.courseA.id });
    await upload(lesson.id, tokens.tutor, { name: 'privado.pdf', data: pdfBytes() });
    const [key] = await storedKeysOf(lesson.id);
    for (const candidate of [key!, `private/${key}`, `private%2F${key}`, `../private/${key}`]) {
      const response = await call(fileRoute, { path: `/api/v2/files/${candidate}`, params: { key: candidate } });
      expect(response.status, candidate).toBe(404);
    }
  });
});

describe('attachments on the lesson page', () => {
  it('the signed-in download link serves the file to readers and 404 to another cohort', async () => {
    const lesson = await createLesson({ courseId: world.courseA.id });
    const created = (await upload(lesson.id, tokens.tutor, { name: 'mapa.png', data: pngBytes() })).json;
    const path = `/lessons/${lesson.id}/attachments/${created.id}`;
    const visit = async (session: SendaSession) =>
      (pageDownload as unknown as (context: unknown) => Promise<Response>)({
        params: { id: String(lesson.id), attachmentId: String(created.id) },
        locals: { lang: 'es', t: getT('es'), session, sessionError: null },
        request: new Request(new URL(path, ORIGIN)),
        redirect: (location: string, status: number) => new Response(null, { status, headers: { Location: location } }),
      });
    const ok = await visit(await studentSessionOf(world.student));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-disposition')).toBe(`attachment; filename="mapa.png"; filename*=UTF-8''mapa.png`);
    expect(new Uint8Array(await ok.arrayBuffer())).toEqual(pngBytes());
    expect((await visit(await studentSessionOf(world.otherStudent))).status).toBe(404);
    // Students who have not accepted the terms go home first, as for the lesson itself.
    const pending = await visit(await studentSessionOf(world.student, STATUS_STUDENT.pending));
    expect([pending.status, pending.headers.get('location')]).toEqual([303, '/home']);
  });

  it('an added or removed attachment shows on the lesson page at once', async () => {
    const lesson = await createLesson({ courseId: world.courseA.id, title: 'Lección con material' });
    const container = await AstroContainer.create();
    const render = async () =>
      container.renderToString(LessonPage, {
        params: { id: String(lesson.id) },
        locals: { lang: 'es', t: getT('es'), session: await studentSessionOf(world.student), sessionError: null },
        request: new Request(new URL(`/lessons/${lesson.id}`, ORIGIN)),
      });
    const before = await render();
    expect(before).toContain('Lección con material');
    expect(before).not.toContain('Archivos adjuntos');

    const created = (await upload(lesson.id, tokens.tutor, { name: 'Guía.pdf', data: pdfBytes(1536) })).json;
    const after = await render();
    expect(after).toContain('Archivos adjuntos');
    expect(after).toContain(`href="/lessons/${lesson.id}/attachments/${created.id}"`);
    expect(after).toContain('Guía.pdf');
    expect(after).toContain('1,5 kB');

    await call(deleteRoute, { method: 'DELETE', path: '/', params: { id: String(lesson.id), attachmentId: String(created.id) }, token: tokens.tutor });
    expect(await render()).not.toContain('Guía.pdf');
  });
});

describe('attachments go with their lesson', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const deleteLesson = (lessonId: number, token: string) =>
    call(deleteLessonRoute, { method: 'DELETE', path: `/api/v2/lessons/${lessonId}/`, params: { id: String(lessonId) }, token });

  // Regression: deleting a lesson removed its attachment rows by cascade but left their files in storage.
  it('deleting a lesson removes its stored files; other lessons keep theirs', async () => {
    const lesson = await createLesson({ courseId: world.courseA.id });
    const other = await createLesson({ courseId: world.courseA.id });
    await upload(lesson.id, tokens.tutor, { name: 'guia.pdf', data: pdfBytes() });
    await upload(lesson.id, tokens.tutor, { name: 'mapa.png', data: pngBytes() });
    await upload(other.id, tokens.tutor, { name: 'otra.pdf', data: pdfBytes() });
    const keys = await storedKeysOf(lesson.id);
    const [otherKey] = await storedKeysOf(other.id);
    expect(keys).toHaveLength(2);
    // The lesson page has listed them, so the list is cached.
    expect((await list(lesson.id, tokens.student)).json).toHaveLength(2);

    expect((await deleteLesson(lesson.id, tokens.tutor)).status).toBe(204);
    for (const key of keys) expect(await getStorage().getPrivate(key)).toBeNull();
    expect(await getStorage().getPrivate(otherKey!)).not.toBeNull();
    expect((await list(other.id, tokens.student)).json.map((item: { fileName: string }) => item.fileName)).toEqual(['otra.pdf']);
  });

  it('a stored file that cannot be removed does not fail the lesson deletion: it is logged and the others go', async () => {
    const lesson = await createLesson({ courseId: world.courseA.id });
    await upload(lesson.id, tokens.tutor, { name: 'a.pdf', data: pdfBytes() });
    await upload(lesson.id, tokens.tutor, { name: 'b.pdf', data: pdfBytes() });
    const [stuck, removable] = await storedKeysOf(lesson.id);
    const storage = getStorage();
    const deletePrivate = storage.deletePrivate.bind(storage);
    vi.spyOn(storage, 'deletePrivate').mockImplementation(async (key) => (key === stuck ? Promise.reject(new Error('disk unavailable')) : deletePrivate(key)));
    const logged = vi.spyOn(log, 'error').mockImplementation(() => undefined);

    expect((await deleteLesson(lesson.id, tokens.tutor)).status).toBe(204);
    expect((await call(listRoute.GET, { path: '/', params: { id: String(lesson.id) }, token: tokens.tutor })).status).toBe(404);
    expect(await storage.getPrivate(removable!)).toBeNull();
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ event: 'attachment_file_delete_failed', storageKey: stuck }), expect.any(String));
  });

  it('rows are removed when the lesson is (cascade)', async () => {
    const lesson = await createLesson({ courseId: world.courseA.id });
    await upload(lesson.id, tokens.tutor, { name: 'a.pdf', data: pdfBytes() });
    const db = await getDb();
    await db.delete(lessons).where(eq(lessons.id, lesson.id));
    expect(await db.select().from(lessonAttachments).orderBy(asc(lessonAttachments.id))).toEqual([]);
  });
});
