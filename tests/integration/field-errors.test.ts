/**
 * One field-error convention (issue 7): services name a field's problem by
 * i18n key, and the response layer alone translates it, so every check a
 * service makes reaches the client as `error.fields.<name>` with its message
 * in the caller's language.
 */
import { describe, expect, it } from 'vitest';
import { POST as createCourse } from '~/pages/api/v2/courses/index';
import { PATCH as patchLesson } from '~/pages/api/v2/lessons/[id]';
import { POST as bulkLessons } from '~/pages/api/v2/courses/[id]/lessons/bulk';
import { PUT as reorderLessons } from '~/pages/api/v2/courses/[id]/lessons/reorder';
import * as release from '~/pages/api/v2/cohorts/[id]/content/courses/[courseId]/release';
import { POST as importLessons } from '~/pages/api/v2/courses/[id]/lessons/import';
import { POST as uploadAttachment } from '~/pages/api/v2/lessons/[id]/attachments/index';
import { call } from '../support/http';
import { callForm } from '../support/multipart';
import { accessTokenFor, createLesson, createWorld } from '../factories';

async function setup() {
  const world = await createWorld();
  return { world, admin: await accessTokenFor(world.admin) };
}

describe('field errors a service finds reach the client as fields.<name> with their message', () => {
  it('a course in a program that does not exist (programId)', async () => {
    const { admin } = await setup();
    const response = await call(createCourse, { path: '/api/v2/courses/', body: { programId: 999_999, name: 'Curso' }, token: admin });
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toEqual({ programId: 'El identificador no es válido' });
  });

  it('a video link the lesson page cannot play (videoUrl, lessons.<n>.videoUrl), in Spanish and English', async () => {
    const { world, admin } = await setup();
    const lesson = await createLesson({ courseId: world.courseA.id });
    const one = await call(patchLesson, { method: 'PATCH', path: '/x/', params: { id: String(lesson.id) }, body: { videoUrl: 'https://example.com/video.avi' }, token: admin });
    expect(one.json.error.fields).toEqual({ videoUrl: 'Usa un link de YouTube, de Vimeo o de un archivo .mp4 con https' });
    const english = await call(patchLesson, { method: 'PATCH', path: '/x/', params: { id: String(lesson.id) }, body: { videoUrl: 'https://example.com/video.avi' }, token: admin, headers: { 'accept-language': 'en' } });
    expect(Object.values(english.json.error.fields as Record<string, string>)[0]).toMatch(/YouTube/);
    expect(english.json.error.fields.videoUrl).not.toBe(one.json.error.fields.videoUrl);
    const bulk = await call(bulkLessons, {
      path: '/x/',
      params: { id: String(world.courseA.id) },
      body: { lessons: [{ title: 'Bien' }, { title: 'Mal', videoUrl: 'https://example.com/v.avi' }] },
      token: admin,
    });
    expect(bulk.json.error.fields).toEqual({ 'lessons.1.videoUrl': 'Usa un link de YouTube, de Vimeo o de un archivo .mp4 con https' });
  });

  it('an order that is not the course\'s lessons (order)', async () => {
    const { world, admin } = await setup();
    await createLesson({ courseId: world.courseA.id });
    const response = await call(reorderLessons, { method: 'PUT', path: '/x/', params: { id: String(world.courseA.id) }, body: { order: [999_999] }, token: admin });
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toEqual({ order: 'El orden debe incluir exactamente las lecciones del curso, cada una una vez. No se cambió nada.' });
  });

  it('a level that is not the cohort\'s (levelId)', async () => {
    const { world, admin } = await setup();
    const response = await call(release.POST, {
      path: '/x/',
      params: { id: String(world.cohortA.id), courseId: String(world.courseA.id) },
      body: { levelId: 999_999 },
      token: admin,
    });
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toEqual({ levelId: 'El identificador no es válido' });
  });

  it('an empty attachment (file) and two spreadsheets in one import (files)', async () => {
    const { world, admin } = await setup();
    const lesson = await createLesson({ courseId: world.courseA.id });
    const empty = await callForm(uploadAttachment, { path: `/api/v2/lessons/${lesson.id}/attachments/`, files: { file: { name: 'vacio.pdf', type: 'application/pdf', data: new Uint8Array(0) } }, token: admin, params: { id: String(lesson.id) } });
    expect(empty.json.error.fields).toEqual({ file: 'El archivo está vacío' });
    const csv = new TextEncoder().encode('título\nUno\n');
    const form = new FormData();
    for (const name of ['a.csv', 'b.csv']) form.append('files', new Blob([csv], { type: 'text/csv' }), name);
    form.append('format', 'spreadsheet');
    const request = new Request(`http://localhost:4321/api/v2/courses/${world.courseA.id}/lessons/import/`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
    const twoSheets = await importLessons({ request, params: { id: String(world.courseA.id) }, clientAddress: '127.0.0.1' });
    expect(twoSheets.status).toBe(400);
    expect((await twoSheets.json()).error.fields).toEqual({ files: 'Sube una sola hoja de cálculo (CSV o XLSX)' });
  });

  it('a lesson import\'s preview names each row\'s problems in the caller\'s language', async () => {
    const { world, admin } = await setup();
    const csv = new TextEncoder().encode('título,video\n,https://example.com/v.avi\n');
    const form = new FormData();
    form.append('files', new Blob([csv], { type: 'text/csv' }), 'lecciones.csv');
    const request = new Request(`http://localhost:4321/api/v2/courses/${world.courseA.id}/lessons/import/?dryRun=true`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
    const preview = await importLessons({ request, params: { id: String(world.courseA.id) }, clientAddress: '127.0.0.1' });
    const body = await preview.json();
    expect(body.items[0].errors).toEqual({ title: 'El título es obligatorio', videoUrl: 'El video debe ser un enlace de YouTube, de Vimeo o de un archivo .mp4 con https' });
  });
});
