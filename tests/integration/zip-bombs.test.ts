/**
 * A spreadsheet zip bomb once took the server down (issue 17): a 4.5 MB XLSX
 * that inflates to gigabytes, sent by a tutor to the lesson import. Every
 * spreadsheet is now measured before it is parsed; attachments are stored,
 * never opened.
 */
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/lib/server/db/client';
import { lessons, memberships } from '~/lib/server/db/schema';
import { ROLE_IDS } from '~/lib/shared/constants';
import { POST as importRoute } from '~/pages/api/v2/courses/[id]/lessons/import';
import { POST as bulkUsersRoute } from '~/pages/api/v2/cohorts/[id]/users/bulk-users';
import * as attachmentsRoute from '~/pages/api/v2/lessons/[id]/attachments/index';
import { GET as downloadRoute } from '~/pages/api/v2/lessons/[id]/attachments/[attachmentId]/download';
import { GET as statusRoute } from '~/pages/api/v2/status';
import { call, ORIGIN } from '../support/http';
import { buildXlsxBomb } from '../support/zip-bomb';
import { accessTokenFor, createLesson, createUser, createWorld, enrollStudent } from '../factories';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let bomb: Uint8Array;
let lyingBomb: Uint8Array;

beforeAll(async () => {
  // 200 MB of worksheet XML in about 600 KB: four times the 50 MB limit.
  bomb = await buildXlsxBomb({ inflatedMegabytes: 200 });
  lyingBomb = await buildXlsxBomb({ inflatedMegabytes: 200, lie: true });
});

/** Posts one file as `field` of a real multipart body. */
async function postFile(handler: (context: any) => Promise<Response>, path: string, params: Record<string, string>, token: string, file: { field: string; name: string; data: Uint8Array; type: string }, lang = 'es') {
  const form = new FormData();
  form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const headers = new Headers({ authorization: `Bearer ${token}`, 'accept-language': lang });
  const response = await handler({ request: new Request(new URL(path, ORIGIN), { method: 'POST', headers, body: form }), params, clientAddress: '127.0.0.1' });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  return { status: response.status, bytes, json: (text.startsWith('{') ? JSON.parse(text) : null) as any };
}

async function titlesOf(courseId: number) {
  const db = await getDb();
  return (await db.select({ title: lessons.title }).from(lessons).where(eq(lessons.courseId, courseId)).orderBy(asc(lessons.position))).map((row) => row.title);
}

describe('a spreadsheet zip bomb', () => {
  it('sent by a tutor to the lesson import is refused with 413 in the caller\'s language, and the course keeps its lessons', async () => {
    const world = await createWorld();
    await createLesson({ courseId: world.courseA.id, title: 'Bienvenida' });
    const token = await accessTokenFor(world.tutor);
    const path = `/api/v2/courses/${world.courseA.id}/lessons/import/?dryRun=true`;
    const file = { field: 'files', name: 'lecciones.xlsx', data: bomb, type: XLSX_TYPE };

    const spanish = await postFile(importRoute, path, { id: String(world.courseA.id) }, token, file);
    expect(spanish.status).toBe(413);
    expect(spanish.json.error).toEqual({
      code: 'archive_too_large',
      message: 'El archivo ocupa más de 50 MB al descomprimirlo. Divídelo en archivos más pequeños. No se cambió nada.',
    });
    const english = await postFile(importRoute, path.replace('?dryRun=true', ''), { id: String(world.courseA.id) }, token, file, 'en');
    expect(english.status).toBe(413);
    expect(english.json.error.message).toBe('The file takes more than 50 MB once unpacked. Split it into smaller files. Nothing was changed.');
    expect(await titlesOf(world.courseA.id)).toEqual(['Bienvenida']);
  });

  it('whose headers understate its size is refused as unsafe (400): declared sizes are not trusted', async () => {
    const world = await createWorld();
    const token = await accessTokenFor(world.tutor);
    const response = await postFile(importRoute, `/api/v2/courses/${world.courseA.id}/lessons/import/`, { id: String(world.courseA.id) }, token, { field: 'files', name: 'lecciones.xlsx', data: lyingBomb, type: XLSX_TYPE });
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe('archive_unsafe');
    expect(response.json.error.message).toContain('No abrimos este archivo comprimido');
  });

  it('sent to the cohort members import is refused the same way, and the members stay as they were', async () => {
    const world = await createWorld();
    const admin = await createUser({ userType: 'admin' });
    const before = await (await getDb()).select().from(memberships).where(eq(memberships.cohortId, world.cohortA.id));
    const response = await postFile(bulkUsersRoute, `/api/v2/cohorts/${world.cohortA.id}/users/bulk-users/`, { id: String(world.cohortA.id) }, await accessTokenFor(admin), { field: 'file', name: 'miembros.xlsx', data: bomb, type: XLSX_TYPE });
    expect(response.status).toBe(413);
    expect(response.json.error.code).toBe('archive_too_large');
    expect(await (await getDb()).select().from(memberships).where(eq(memberships.cohortId, world.cohortA.id))).toEqual(before);
  });

  it('does not keep other users waiting: requests sent while bombs are refused are all answered', async () => {
    const world = await createWorld();
    const tutor = await createUser({ userType: 'staff' });
    await enrollStudent(tutor, world.cohortA, { roleId: ROLE_IDS.tutor });
    const token = await accessTokenFor(tutor);
    const bombs = Array.from({ length: 2 }, () =>
      postFile(importRoute, `/api/v2/courses/${world.courseA.id}/lessons/import/?dryRun=true`, { id: String(world.courseA.id) }, token, { field: 'files', name: 'x.xlsx', data: bomb, type: XLSX_TYPE }),
    );
    const others = Array.from({ length: 20 }, () => call(statusRoute, { path: '/api/v2/status/' }));
    expect((await Promise.all(others)).map((response) => response.status)).toEqual(Array(20).fill(200));
    expect((await Promise.all(bombs)).map((response) => response.status)).toEqual([413, 413]);
  });
});

describe('lesson attachments', () => {
  it('are stored, never opened: a zip bomb attached as .xlsx or .zip is kept and downloaded byte for byte', async () => {
    const world = await createWorld();
    const lesson = await createLesson({ courseId: world.courseA.id, title: 'Con adjuntos' });
    const adminToken = await accessTokenFor(world.admin);
    for (const name of ['datos.xlsx', 'carpeta.zip']) {
      const uploaded = await postFile(attachmentsRoute.POST, `/api/v2/lessons/${lesson.id}/attachments/`, { id: String(lesson.id) }, adminToken, { field: 'file', name, data: bomb, type: 'application/octet-stream' });
      expect(uploaded.status).toBe(201);
      expect(uploaded.json.sizeBytes).toBe(bomb.byteLength);
      const request = new Request(new URL(uploaded.json.downloadUrl, ORIGIN), { headers: { authorization: `Bearer ${await accessTokenFor(world.student)}` } });
      const downloaded = await downloadRoute({ request, params: { id: String(lesson.id), attachmentId: String(uploaded.json.id) }, clientAddress: '127.0.0.1' });
      expect(downloaded.status).toBe(200);
      expect(new Uint8Array(await downloaded.arrayBuffer())).toEqual(bomb);
    }
  });
});
