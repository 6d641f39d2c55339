/**
 * Bad input against the built server (issue 17): a spreadsheet zip bomb is
 * refused while everyone else is answered and the server stays up; bearer
 * clients without an Origin may write; a cookie session's cross-site write is
 * refused whatever its content type, in the API's error shape.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { buildXlsxBomb } from '../support/zip-bomb';
import { DEMO, DEMO_PASSWORD, MAIN_SERVER } from './support/servers';

const BASE = MAIN_SERVER.url;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const serverPid = () => readFileSync(join(MAIN_SERVER.dataDir, 'server.pid'), 'utf8').trim();

/** Signs in through the API as a script would: no Origin, no cookies. */
async function bearerOf(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  const response = await request.post(`${BASE}/api/v2/auth/login/`, { data: { email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return { authorization: `Bearer ${(await response.json()).accessToken}` };
}

async function firstCourseOf(request: APIRequestContext, headers: Record<string, string>): Promise<number> {
  const courses = (await (await request.post(`${BASE}/api-getCoursesXUser/`, { headers, data: {} })).json()) as { id: number }[];
  return courses[0]!.id;
}

test('a tutor\'s spreadsheet zip bomb is refused with 413 while other users are answered, and the server keeps running', async ({ request }) => {
  test.setTimeout(120_000);
  const tutor = await bearerOf(request, DEMO.tutor);
  const courseId = await firstCourseOf(request, tutor);
  const pidBefore = serverPid();
  const bomb = Buffer.from(await buildXlsxBomb({ inflatedMegabytes: 1000 }));

  const bombs = Array.from({ length: 3 }, () =>
    request.post(`${BASE}/api/v2/courses/${courseId}/lessons/import/?dryRun=true`, {
      headers: { ...tutor, 'accept-language': 'es' },
      multipart: { files: { name: 'lecciones.xlsx', mimeType: XLSX_TYPE, buffer: bomb } },
      timeout: 60_000,
    }),
  );
  const others = Array.from({ length: 30 }, () => request.get(`${BASE}/api/v2/status/`));
  expect((await Promise.all(others)).map((response) => response.status())).toEqual(Array(30).fill(200));
  for (const response of await Promise.all(bombs)) {
    expect(response.status()).toBe(413);
    expect((await response.json()).error.message).toBe('El archivo ocupa más de 50 MB al descomprimirlo. Divídelo en archivos más pequeños. No se cambió nada.');
  }
  expect(serverPid()).toBe(pidBefore);
  expect((await request.get(`${BASE}/api/v2/status/`)).status()).toBe(200);
});

test('a real XLSX still imports through the parsing worker of the built server', async ({ request }) => {
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Lecciones');
  sheet.addRow(['título', 'contenido']);
  sheet.addRow(['Variables', 'Una variable guarda un valor.']);
  const tutor = await bearerOf(request, DEMO.tutor);
  const courseId = await firstCourseOf(request, tutor);
  const response = await request.post(`${BASE}/api/v2/courses/${courseId}/lessons/import/?dryRun=true`, {
    headers: tutor,
    multipart: { files: { name: 'lecciones.xlsx', mimeType: XLSX_TYPE, buffer: Buffer.from(await workbook.xlsx.writeBuffer()) } },
  });
  expect(response.status()).toBe(200);
  expect((await response.json()).items).toEqual([expect.objectContaining({ row: 2, title: 'Variables', errors: {} })]);
});

test('bearer-token clients without an Origin may delete, post without a body and upload', async ({ request }) => {
  const admin = await bearerOf(request, DEMO.admin);
  const created = await request.post(`${BASE}/api/v2/programs/`, { headers: admin, data: { name: 'Programa de un script' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const deleted = await request.delete(`${BASE}/api/v2/programs/${id}/`, { headers: admin });
  expect(deleted.status()).toBeLessThan(300);
  const courseId = await firstCourseOf(request, await bearerOf(request, DEMO.tutor));
  const upload = await request.post(`${BASE}/api/v2/courses/${courseId}/lessons/import/?dryRun=true`, {
    headers: admin,
    multipart: { files: { name: '01-uno.md', mimeType: 'text/markdown', buffer: Buffer.from('# Uno\n\nTexto.') } },
  });
  expect(upload.status()).toBe(200);
  // Last: a logout without a body signs the caller out everywhere, and their tokens stop working at once.
  const emptyPost = await request.post(`${BASE}/api/v2/auth/logout/`, { headers: await bearerOf(request, DEMO.admin) });
  expect(emptyPost.status()).toBeLessThan(300);
  expect((await request.get(`${BASE}/api/v2/programs/`, { headers: admin })).status()).toBe(401);
});

test('a signed-in browser session cannot be driven from another site, not even with JSON, and gets the API\'s error shape', async ({ request }) => {
  const tutor = await bearerOf(request, DEMO.tutor);
  const courseId = await firstCourseOf(request, tutor);
  const lessons = (await (await request.get(`${BASE}/api/v2/courses/${courseId}/lessons/`, { headers: tutor })).json()) as { id: number }[];
  const lessonId = lessons.at(-1)!.id;
  const completed = async () => ((await (await request.get(`${BASE}/api/v2/courses/${courseId}/progress/`, { headers: tutor })).json()) as { completedLessons: number }).completedLessons;
  const before = await completed();

  const { csrfToken } = (await (await request.get(`${BASE}/api/auth/csrf`)).json()) as { csrfToken: string };
  const signIn = await request.post(`${BASE}/api/auth/callback/credentials`, {
    form: { csrfToken, email: DEMO.tutor, password: DEMO_PASSWORD, callbackUrl: '/home' },
    headers: { Origin: BASE },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);

  const foreign = await request.post(`${BASE}/lessons/${lessonId}`, {
    headers: { Origin: 'https://evil.example', 'content-type': 'application/json', 'accept-language': 'en' },
    data: '{}',
    maxRedirects: 0,
  });
  expect(foreign.status()).toBe(403);
  expect((await foreign.json()).error).toEqual({ code: 'cross_site_request', message: 'We refused this request because it does not come from Senda. Open Senda and try from there.' });
  expect(await completed()).toBe(before);

  const own = await request.post(`${BASE}/lessons/${lessonId}`, { headers: { Origin: BASE }, form: {}, maxRedirects: 0 });
  expect(own.status()).toBe(303);
  expect(await completed()).toBe(before + 1);
});

test('an API path no route serves, or a method its route lacks, answers 404 / 405 in the error shape, not the HTML page (issue 28)', async ({ request }) => {
  const missing = await request.get(`${BASE}/api/v2/nothing-here/`, { headers: { 'accept-language': 'en' } });
  expect(missing.status()).toBe(404);
  expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('not_found');
  const wrongMethod = await request.get(`${BASE}/api/v2/courses/`, { headers: { 'accept-language': 'en' } });
  expect(wrongMethod.status()).toBe(405);
  expect(wrongMethod.headers()['allow']).toBe('POST');
  expect(await wrongMethod.json()).toEqual({ error: { code: 'method_not_allowed', message: 'Method not allowed.' } });
});
