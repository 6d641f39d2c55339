/** Matrix rows for the lesson import (Markdown folder / spreadsheet) and lesson attachments. */
import { expect } from 'vitest';
import { POST as importLessons } from '~/pages/api/v2/courses/[id]/lessons/import';
import * as attachmentsRoute from '~/pages/api/v2/lessons/[id]/attachments/index';
import { DELETE as deleteAttachment } from '~/pages/api/v2/lessons/[id]/attachments/[attachmentId]/index';
import { GET as downloadAttachment } from '~/pages/api/v2/lessons/[id]/attachments/[attachmentId]/download';
import { getDb } from '~/lib/server/db/client';
import { lessonAttachments } from '~/lib/server/db/schema';
import { getStorage } from '~/lib/server/storage';
import { createLesson } from '../../../factories';
import { authed, type Row, type World, type Expected } from '../matrix-types';

/** Members of cohort A read its lessons' attachments; the other cohort's student gets 404 (scoped). */
const readers = (status: number): Expected => ({ outsider: 401, student: status, otherStudent: 404, tutor: status, admin: status });
/** Content managers: admins and cohort A's tutor; A's student may read but not write (403), B's student sees nothing (404). */
const managers = (status: number): Expected => ({ ...readers(status), student: 403 });

const BOUNDARY = 'senda-matrix-lesson-files';
const PDF = '%PDF-1.4\nmatrix attachment\n%%EOF\n';

/** A multipart body as a plain string: one file part per entry (Markdown and PDF headers are ASCII). */
const multipart = (field: string, files: { name: string; type: string; text: string }[]) => ({
  rawBody: [
    ...files.flatMap((file) => [`--${BOUNDARY}`, `Content-Disposition: form-data; name="${field}"; filename="${file.name}"`, `Content-Type: ${file.type}`, '', file.text]),
    `--${BOUNDARY}--`,
    '',
  ].join('\r\n'),
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
});

const lessonOfA = (world: World) => createLesson({ courseId: world.courseA.id, title: 'Lección con adjuntos' });

/** A lesson of cohort A's course with one stored PDF attachment. */
async function attachmentOfA(world: World): Promise<{ lessonId: string; attachmentId: string }> {
  const lesson = await lessonOfA(world);
  const data = new TextEncoder().encode(PDF);
  const storageKey = await getStorage().putPrivate(data, 'application/pdf');
  const db = await getDb();
  const [row] = await db
    .insert(lessonAttachments)
    .values({ lessonId: lesson.id, fileName: 'guía.pdf', contentType: 'application/pdf', sizeBytes: data.byteLength, storageKey, position: 0 })
    .returning();
  return { lessonId: String(lesson.id), attachmentId: String(row!.id) };
}

export const ROWS: Row[] = [
  {
    method: 'POST',
    path: '/api/v2/courses/{id}/lessons/import/',
    handler: importLessons,
    request: (world, s) => ({
      path: `/api/v2/courses/${world.courseA.id}/lessons/import/`,
      params: { id: String(world.courseA.id) },
      ...multipart('files', [
        { name: '02-dos.md', type: 'text/markdown', text: '# Dos' },
        { name: '01-uno.md', type: 'text/markdown', text: '---\ntitle: Uno\n---\nTexto' },
      ]),
      ...authed(s),
    }),
    expected: managers(200),
    check: (_, json: { lessons: { title: string }[] }) => expect(json.lessons.map((lesson) => lesson.title)).toEqual(['Uno', 'Dos']),
  },
  {
    method: 'POST',
    path: '/api/v2/courses/{id}/lessons/import/ (dry run)',
    handler: importLessons,
    request: (world, s) => ({
      path: `/api/v2/courses/${world.courseA.id}/lessons/import/?dryRun=true`,
      params: { id: String(world.courseA.id) },
      ...multipart('files', [{ name: 'lecciones.csv', type: 'text/csv', text: 'título,contenido\nUna,Texto' }]),
      ...authed(s),
    }),
    expected: managers(200),
    check: (_, json: { dryRun: boolean; lessons: unknown[]; items: { title: string }[] }) => {
      expect(json.dryRun).toBe(true);
      expect(json.lessons).toEqual([]);
      expect(json.items.map((item) => item.title)).toEqual(['Una']);
    },
  },
  {
    method: 'GET',
    path: '/api/v2/lessons/{id}/attachments/',
    handler: attachmentsRoute.GET,
    request: async (world, s) => {
      const { lessonId } = await attachmentOfA(world);
      return { path: `/api/v2/lessons/${lessonId}/attachments/`, params: { id: lessonId }, ...authed(s) };
    },
    expected: readers(200),
    check: (_, json: { fileName: string }[]) => expect(json.map((item) => item.fileName)).toEqual(['guía.pdf']),
  },
  {
    method: 'POST',
    path: '/api/v2/lessons/{id}/attachments/',
    handler: attachmentsRoute.POST,
    request: async (world, s) => {
      const lesson = await lessonOfA(world);
      return {
        path: `/api/v2/lessons/${lesson.id}/attachments/`,
        params: { id: String(lesson.id) },
        ...multipart('file', [{ name: 'taller.pdf', type: 'application/pdf', text: PDF }]),
        ...authed(s),
      };
    },
    expected: managers(201),
    check: (_, json: { fileName: string; contentType: string }) => expect(json).toMatchObject({ fileName: 'taller.pdf', contentType: 'application/pdf' }),
  },
  {
    method: 'DELETE',
    path: '/api/v2/lessons/{id}/attachments/{attachmentId}/',
    handler: deleteAttachment,
    request: async (world, s) => {
      const { lessonId, attachmentId } = await attachmentOfA(world);
      return { method: 'DELETE', path: `/api/v2/lessons/${lessonId}/attachments/${attachmentId}/`, params: { id: lessonId, attachmentId }, ...authed(s) };
    },
    expected: managers(204),
  },
  {
    method: 'GET',
    path: '/api/v2/lessons/{id}/attachments/{attachmentId}/download/',
    handler: downloadAttachment,
    request: async (world, s) => {
      const { lessonId, attachmentId } = await attachmentOfA(world);
      return { path: `/api/v2/lessons/${lessonId}/attachments/${attachmentId}/download/`, params: { id: lessonId, attachmentId }, ...authed(s) };
    },
    expected: readers(200),
    check: (_, body: string) => expect(body).toBe(PDF),
  },
];
