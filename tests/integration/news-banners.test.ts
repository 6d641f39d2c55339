import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GET as listBanners, POST as uploadBanner } from '~/pages/api/v2/banners/index';
import { DELETE as deleteBanner, PATCH as patchBanner } from '~/pages/api/v2/banners/[id]';
import { PUT as reorderBanners } from '~/pages/api/v2/banners/reorder';
import { GET as listNews, POST as postNews } from '~/pages/api/v2/news/index';
import { DELETE as deleteNews, GET as getNews, PATCH as patchNews } from '~/pages/api/v2/news/[id]';
import { GET as getFile } from '~/pages/api/v2/files/[key]';
import { POST as showBanner } from '~/pages/api-showBanner';
import { getConfig } from '~/lib/server/config';
import { ROLE_IDS } from '~/lib/shared/constants';
import { BANNER_IMAGE_MAX_BYTES } from '~/lib/shared/schemas/banners';
import { call } from '../support/http';
import { callForm, jpegBytes, pngBytes, svgBytes, webpBytes } from '../support/multipart';
import { accessTokenFor, createBanner, createCohort, createUser, enrollStudent } from '../factories';

const uploadsDir = () => join(getConfig().SENDA_DATA_DIR, 'uploads');
const keyOf = (url: string) => url.replace('/api/v2/files/', '');
const storedFiles = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()).sort() : []);

/** A cohort with a tutor (manager) and a student (reader), and their tokens. */
async function cohortWithPeople() {
  const cohort = await createCohort();
  const tutor = await createUser({ userType: 'staff' });
  const student = await createUser();
  await enrollStudent(tutor, cohort, { roleId: ROLE_IDS.tutor });
  await enrollStudent(student, cohort);
  return { cohort, tutor, student, tutorToken: await accessTokenFor(tutor), studentToken: await accessTokenFor(student) };
}

const upload = (token: string, cohortId: number, image: { data: Uint8Array<ArrayBuffer>; type?: string; name?: string }, extra: { headers?: Record<string, string>; title?: string } = {}) =>
  callForm(uploadBanner, {
    path: '/api/v2/banners/',
    token,
    headers: extra.headers,
    fields: { cohort: String(cohortId), ...(extra.title !== undefined ? { title: extra.title } : {}) },
    files: { image: { name: image.name ?? 'banner.png', type: image.type ?? 'image/png', data: image.data } },
  });

describe('banner uploads', () => {
  it('stores an uploaded PNG that /api-showBanner/ then lists, with a URL serving the same bytes', async () => {
    const { cohort, tutorToken, studentToken } = await cohortWithPeople();
    // Warm the cached cohort catalog first: the upload must invalidate it.
    const before = await call(showBanner, { path: '/api-showBanner/', body: {}, token: studentToken });
    expect(before.json).toHaveLength(8);

    const image = pngBytes(4096);
    const created = await upload(tutorToken, cohort.id, { data: image }, { title: 'Bienvenida' });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ cohortId: cohort.id, title: 'Bienvenida', position: 0 });
    expect(created.json.bannerImage).toMatch(/^\/api\/v2\/files\/[A-Za-z0-9_-]{32}\.png$/);

    const shown = await call(showBanner, { path: '/api-showBanner/', body: {}, token: studentToken });
    expect(shown.json).toEqual([{ idBanner: created.json.idBanner, bannerImage: created.json.bannerImage, title: 'Bienvenida' }]);

    const key = keyOf(shown.json[0].bannerImage);
    const file = await getFile({ request: new Request(`http://localhost${shown.json[0].bannerImage}`), params: { key } });
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(image);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(readFileSync(join(uploadsDir(), key))).toEqual(Buffer.from(image));
  });

  it('decides the type from the bytes: JPEG bytes declared as PNG are stored and served as JPEG; WebP is accepted', async () => {
    const { cohort, tutorToken } = await cohortWithPeople();
    const jpeg = await upload(tutorToken, cohort.id, { data: jpegBytes(), type: 'image/png', name: 'foto.png' });
    expect(jpeg.status).toBe(201);
    expect(jpeg.json.bannerImage).toMatch(/\.jpg$/);
    const served = await getFile({ request: new Request(`http://localhost${jpeg.json.bannerImage}`), params: { key: keyOf(jpeg.json.bannerImage) } });
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const webp = await upload(tutorToken, cohort.id, { data: webpBytes(), type: 'image/webp', name: 'b.webp' });
    expect(webp.status).toBe(201);
    expect(webp.json.position).toBe(1);
  });

  it('refuses SVG and other non-images by their bytes, whatever the declared type (415 naming the accepted types), storing nothing', async () => {
    const { cohort, tutorToken } = await cohortWithPeople();
    const filesBefore = storedFiles();
    const svg = await upload(tutorToken, cohort.id, { data: svgBytes(), type: 'image/png', name: 'logo.png' });
    expect(svg.status).toBe(415);
    expect(svg.json.error.code).toBe('unsupported_media_type');
    expect(svg.json.error.message).toContain('image/png, image/jpeg, image/webp');
    const text = await upload(tutorToken, cohort.id, { data: new TextEncoder().encode('hola'), type: 'image/jpeg' });
    expect(text.status).toBe(415);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('refuses an image over 2 MB with 413 naming the limit, in Spanish by default and in English when asked', async () => {
    const { cohort, tutorToken } = await cohortWithPeople();
    const big = pngBytes(BANNER_IMAGE_MAX_BYTES + 1);
    const es = await upload(tutorToken, cohort.id, { data: big });
    expect(es.status).toBe(413);
    expect(es.json.error).toMatchObject({ code: 'payload_too_large', message: 'La solicitud es demasiado grande (máximo 2 MB).' });
    const en = await upload(tutorToken, cohort.id, { data: big }, { headers: { 'accept-language': 'en' } });
    expect(en.status).toBe(413);
    expect(en.json.error.message).toBe('The request is too large (maximum 2 MB).');
    // Exactly at the limit is fine.
    expect((await upload(tutorToken, cohort.id, { data: pngBytes(BANNER_IMAGE_MAX_BYTES) })).status).toBe(201);
  });

  it('answers bad forms with 4xx, never 500: no image, a JSON body, a broken multipart body', async () => {
    const { cohort, tutorToken } = await cohortWithPeople();
    const noImage = await callForm(uploadBanner, { path: '/api/v2/banners/', token: tutorToken, fields: { cohort: String(cohort.id), image: 'not a file' } });
    expect(noImage.status).toBe(400);
    expect(noImage.json.error.fields).toEqual({ image: 'Adjunta un archivo' });
    const noCohort = await callForm(uploadBanner, { path: '/api/v2/banners/', token: tutorToken, files: { image: { name: 'a.png', type: 'image/png', data: pngBytes() } } });
    expect(noCohort.status).toBe(400);
    expect(Object.keys(noCohort.json.error.fields)).toEqual(['cohort']);
    const json = await call(uploadBanner, { path: '/api/v2/banners/', body: { cohort: cohort.id }, token: tutorToken });
    expect(json.status).toBe(415);
    expect(json.json.error.message).toContain('multipart/form-data');
    const broken = await call(uploadBanner, {
      path: '/api/v2/banners/',
      rawBody: '--x\r\nContent-Disposition: form-data; name="cohort"\r\n\r\n1',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      token: tutorToken,
    });
    expect(broken.status).toBe(400);
    expect(broken.json.error.code).toBe('malformed_form');
  });

  it('lets a cohort admin (role_id 3) upload, and refuses an INACTIVE tutor as if the cohort did not exist', async () => {
    const { cohort } = await cohortWithPeople();
    const cohortAdmin = await createUser({ userType: 'staff' });
    const pausedTutor = await createUser({ userType: 'staff' });
    await enrollStudent(cohortAdmin, cohort, { roleId: ROLE_IDS.cohortAdmin });
    await enrollStudent(pausedTutor, cohort, { roleId: ROLE_IDS.tutor, status: 'INACTIVE' });
    expect((await upload(await accessTokenFor(cohortAdmin), cohort.id, { data: pngBytes() })).status).toBe(201);
    expect((await upload(await accessTokenFor(pausedTutor), cohort.id, { data: pngBytes() })).status).toBe(404);
  });
});

describe('managing banners', () => {
  it('deletes the banner and its file on disk; the cohort falls back to the 8 defaults', async () => {
    const { cohort, tutorToken, studentToken } = await cohortWithPeople();
    const created = await upload(tutorToken, cohort.id, { data: pngBytes() });
    const path = join(uploadsDir(), keyOf(created.json.bannerImage));
    expect(existsSync(path)).toBe(true);
    const id = String(created.json.idBanner);
    const removed = await call(deleteBanner, { method: 'DELETE', path: `/api/v2/banners/${id}/`, params: { id }, token: tutorToken });
    expect(removed.status).toBe(204);
    expect(existsSync(path)).toBe(false);
    const shown = await call(showBanner, { path: '/api-showBanner/', body: {}, token: studentToken });
    expect(shown.json.map((banner: { idBanner: number }) => banner.idBanner)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const again = await call(deleteBanner, { method: 'DELETE', path: `/api/v2/banners/${id}/`, params: { id }, token: tutorToken });
    expect(again.status).toBe(404);
  });

  it('updates title and position, with field messages for bad values', async () => {
    const { cohort, tutorToken } = await cohortWithPeople();
    const banner = await createBanner({ cohortId: cohort.id, title: 'Viejo' });
    const id = String(banner.id);
    const updated = await call(patchBanner, { method: 'PATCH', path: `/api/v2/banners/${id}/`, params: { id }, body: { title: 'Nuevo', position: 5 }, token: tutorToken });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ idBanner: banner.id, title: 'Nuevo', position: 5 });
    const bad = await call(patchBanner, { method: 'PATCH', path: `/api/v2/banners/${id}/`, params: { id }, body: { position: -1 }, token: tutorToken });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields.position).toBe('Debe ser mayor o igual a 0');
  });

  it('reorders in one call, and refuses a list that does not match the cohort (400, nothing changed)', async () => {
    const { cohort, tutorToken, studentToken } = await cohortWithPeople();
    const other = await createCohort();
    const [a, b, c] = [
      await createBanner({ cohortId: cohort.id, title: 'A', position: 0 }),
      await createBanner({ cohortId: cohort.id, title: 'B', position: 1 }),
      await createBanner({ cohortId: cohort.id, title: 'C', position: 2 }),
    ];
    const foreign = await createBanner({ cohortId: other.id, title: 'X' });
    const reorder = (order: number[]) =>
      call(reorderBanners, { method: 'PUT', path: `/api/v2/banners/reorder/?cohort=${cohort.id}`, body: { order }, token: tutorToken });

    const done = await reorder([c!.id, a!.id, b!.id]);
    expect(done.status).toBe(200);
    expect(done.json.map((banner: { title: string; position: number }) => [banner.title, banner.position])).toEqual([['C', 0], ['A', 1], ['B', 2]]);
    const shown = await call(showBanner, { path: '/api-showBanner/', body: {}, token: studentToken });
    expect(shown.json.map((banner: { title: string }) => banner.title)).toEqual(['C', 'A', 'B']);

    for (const wrong of [[a!.id, b!.id], [a!.id, b!.id, b!.id], [a!.id, b!.id, foreign.id], [a!.id, b!.id, c!.id, foreign.id]]) {
      const refused = await reorder(wrong);
      expect(refused.status, JSON.stringify(wrong)).toBe(400);
      expect(refused.json.error.fields).toEqual({ order: 'El orden debe incluir cada elemento de la cohorte exactamente una vez' });
    }
    const after = await call(listBanners, { path: `/api/v2/banners/?cohort=${cohort.id}`, token: studentToken });
    expect(after.json.map((banner: { title: string }) => banner.title)).toEqual(['C', 'A', 'B']);
  });
});

describe('GET /api/v2/files/{key}', () => {
  it('answers 404 for unknown and malformed keys (no path traversal)', async () => {
    const { cohort, tutorToken } = await cohortWithPeople();
    const created = await upload(tutorToken, cohort.id, { data: pngBytes() });
    const key = keyOf(created.json.bannerImage);
    for (const bad of [`${'A'.repeat(32)}.png`, '../../../etc/passwd', `../uploads/${key}`, key.replace('.png', '.svg'), `${key}/`, `${key}.partial`, '']) {
      const response = await call(getFile, { path: `/api/v2/files/${encodeURIComponent(bad)}`, params: { key: bad } });
      expect(response.status, bad).toBe(404);
      expect(response.json.error.code).toBe('not_found');
    }
  });
});

describe('news', () => {
  it('lists a cohort\'s news newest first, 20 per page, for its members', async () => {
    const { cohort, tutorToken, studentToken } = await cohortWithPeople();
    for (let index = 1; index <= 21; index += 1) {
      const created = await call(postNews, { path: '/api/v2/news/', body: { cohort: cohort.id, title: `Noticia ${index}`, body: 'Texto' }, token: tutorToken });
      expect(created.status).toBe(201);
    }
    const first = await call(listNews, { path: `/api/v2/news/?cohort=${cohort.id}`, token: studentToken });
    expect(first.status).toBe(200);
    expect(first.json.count).toBe(21);
    expect(first.json.results).toHaveLength(20);
    expect(first.json.results[0].title).toBe('Noticia 21');
    expect(first.json.next).toBe(`/api/v2/news/?cohort=${cohort.id}&page=2`);
    const second = await call(listNews, { path: first.json.next, token: studentToken });
    expect(second.json.results.map((item: { title: string }) => item.title)).toEqual(['Noticia 1']);
    expect(second.json.previous).toBe(`/api/v2/news/?cohort=${cohort.id}&page=1`);
  });

  it('lets managers create, read, change and delete news, with field messages for bad input', async () => {
    const { cohort, tutor, tutorToken, studentToken } = await cohortWithPeople();
    const empty = await call(postNews, { path: '/api/v2/news/', body: { cohort: cohort.id, title: '   ' }, token: tutorToken, headers: { 'accept-language': 'en' } });
    expect(empty.status).toBe(400);
    expect(empty.json.error.fields.title).toBe('The title is required');
    const created = await call(postNews, { path: '/api/v2/news/', body: { cohort: cohort.id, title: 'Inicio de clases' }, token: tutorToken });
    expect(created.json).toMatchObject({ cohortId: cohort.id, title: 'Inicio de clases', body: '', authorId: tutor.id });
    const id = String(created.json.id);
    const read = await call(getNews, { path: `/api/v2/news/${id}/`, params: { id }, token: studentToken });
    expect(read.json.title).toBe('Inicio de clases');
    const changed = await call(patchNews, { method: 'PATCH', path: `/api/v2/news/${id}/`, params: { id }, body: { body: 'El lunes' }, token: tutorToken });
    expect(changed.json).toMatchObject({ title: 'Inicio de clases', body: 'El lunes' });
    const studentPatch = await call(patchNews, { method: 'PATCH', path: `/api/v2/news/${id}/`, params: { id }, body: { title: 'Hack' }, token: studentToken });
    expect(studentPatch.status).toBe(403);
    expect((await call(deleteNews, { method: 'DELETE', path: `/api/v2/news/${id}/`, params: { id }, token: tutorToken })).status).toBe(204);
    expect((await call(getNews, { path: `/api/v2/news/${id}/`, params: { id }, token: tutorToken })).status).toBe(404);
  });

  it("answers another cohort's news and unknown cohorts as 404, even for a tutor", async () => {
    const { tutorToken } = await cohortWithPeople();
    const other = await cohortWithPeople();
    const created = await call(postNews, { path: '/api/v2/news/', body: { cohort: other.cohort.id, title: 'Privada' }, token: other.tutorToken });
    const id = String(created.json.id);
    expect((await call(getNews, { path: `/api/v2/news/${id}/`, params: { id }, token: tutorToken })).status).toBe(404);
    expect((await call(patchNews, { method: 'PATCH', path: `/api/v2/news/${id}/`, params: { id }, body: { title: 'x' }, token: tutorToken })).status).toBe(404);
    expect((await call(listNews, { path: `/api/v2/news/?cohort=${other.cohort.id}`, token: tutorToken })).status).toBe(404);
    const admin = await accessTokenFor(await createUser({ userType: 'admin' }));
    expect((await call(listNews, { path: '/api/v2/news/?cohort=999999', token: admin })).status).toBe(404);
    expect((await call(listNews, { path: '/api/v2/news/?cohort=abc', token: admin })).status).toBe(400);
  });
});
