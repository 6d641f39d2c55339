/** Matrix rows for cohort news, banners and stored files. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { GET as listBanners, POST as uploadBanner } from '~/pages/api/v2/banners/index';
import { DELETE as deleteBanner, PATCH as patchBanner } from '~/pages/api/v2/banners/[id]';
import { PUT as reorderBanners } from '~/pages/api/v2/banners/reorder';
import { GET as listNews, POST as postNews } from '~/pages/api/v2/news/index';
import { DELETE as deleteNews, GET as getNews, PATCH as patchNews } from '~/pages/api/v2/news/[id]';
import { GET as getFile } from '~/pages/api/v2/files/[key]';
import { getDb } from '~/lib/server/db/client';
import { banners, news } from '~/lib/server/db/schema';
import { getStorage } from '~/lib/server/storage';
import { createBanner } from '../../../factories';
import { authed, everyone, type Row, type World, type Expected } from '../matrix-types';

/** Readers: cohort A's members and admins; cohort B's student does not see A at all. */
const readers = (status: number): Expected => ({ outsider: 401, student: status, otherStudent: 404, tutor: status, admin: status });
/** Managers: A's tutor and admins; A's student may read but not write (403). */
const managers = (status: number): Expected => ({ ...readers(status), student: 403 });

const BOUNDARY = 'matrix-boundary';
/**
 * A multipart upload as a plain string: a WebP header ("RIFF", 4 size bytes,
 * "WEBP") can be all ASCII, so the matrix's string bodies can carry an image.
 */
const bannerUpload = (cohortId: number) => ({
  rawBody: [
    `--${BOUNDARY}`,
    'Content-Disposition: form-data; name="cohort"',
    '',
    String(cohortId),
    `--${BOUNDARY}`,
    'Content-Disposition: form-data; name="image"; filename="banner.webp"',
    'Content-Type: image/webp',
    '',
    'RIFF\u0010\u0000\u0000\u0000WEBPVP8 matrix',
    `--${BOUNDARY}--`,
    '',
  ].join('\r\n'),
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
});

const bannerOfA = async (world: World) => String((await createBanner({ cohortId: world.cohortA.id, title: 'Otro banner de A' })).id);

async function newsOfA(world: World): Promise<string> {
  const db = await getDb();
  const [row] = await db.insert(news).values({ cohortId: world.cohortA.id, title: 'Noticia de la cohorte A', authorId: world.tutor.id }).returning();
  return String(row!.id);
}

async function bannerIdsOfA(world: World): Promise<number[]> {
  const db = await getDb();
  const rows = await db.select({ id: banners.id }).from(banners).where(eq(banners.cohortId, world.cohortA.id));
  return rows.map((row) => row.id).reverse();
}

export const ROWS: Row[] = [
  {
    method: 'GET',
    path: '/api/v2/files/{key}',
    handler: getFile,
    // Public by design: <img> sends no token; the URL itself is the secret.
    request: async (_, s) => {
      const { key } = await getStorage().put(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png');
      return { path: `/api/v2/files/${key}`, params: { key }, ...authed(s) };
    },
    expected: everyone(200),
  },
  {
    method: 'GET',
    path: '/api/v2/files/{key}?w= (a phone-sized copy)',
    handler: getFile,
    request: async (_, s) => {
      const { key } = await getStorage().put(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png');
      return { path: `/api/v2/files/${key}?w=390`, params: { key }, ...authed(s) };
    },
    expected: everyone(200),
  },
  {
    method: 'GET',
    path: '/api/v2/files/{key} (unknown key)',
    handler: getFile,
    request: (_, s) => ({ path: `/api/v2/files/${'k'.repeat(32)}.png`, params: { key: `${'k'.repeat(32)}.png` }, ...authed(s) }),
    expected: everyone(404),
  },
  {
    method: 'GET',
    path: '/api/v2/banners/',
    handler: listBanners,
    request: (world, s) => ({ path: `/api/v2/banners/?cohort=${world.cohortA.id}`, ...authed(s) }),
    expected: readers(200),
    check: (_, json: { title: string }[]) => expect(json.map((banner) => banner.title)).toEqual(['Banner de la cohorte A']),
  },
  {
    method: 'POST',
    path: '/api/v2/banners/',
    handler: uploadBanner,
    request: (world, s) => ({ path: '/api/v2/banners/', ...bannerUpload(world.cohortA.id), ...authed(s) }),
    expected: managers(201),
    check: (_, json: { bannerImage: string; cohortId: number }, world) => {
      expect(json.cohortId).toBe(world.cohortA.id);
      expect(json.bannerImage).toMatch(/^\/api\/v2\/files\/[\w-]{32}\.webp$/);
    },
  },
  {
    method: 'PATCH',
    path: '/api/v2/banners/{id}/',
    handler: patchBanner,
    request: async (world, s) => {
      const id = await bannerOfA(world);
      return { method: 'PATCH', path: `/api/v2/banners/${id}/`, params: { id }, body: { title: 'Cambiado' }, ...authed(s) };
    },
    expected: managers(200),
  },
  {
    method: 'DELETE',
    path: '/api/v2/banners/{id}/',
    handler: deleteBanner,
    request: async (world, s) => {
      const id = await bannerOfA(world);
      return { method: 'DELETE', path: `/api/v2/banners/${id}/`, params: { id }, ...authed(s) };
    },
    expected: managers(204),
  },
  {
    method: 'PUT',
    path: '/api/v2/banners/reorder/',
    handler: reorderBanners,
    request: async (world, s) => {
      await bannerOfA(world);
      return { method: 'PUT', path: `/api/v2/banners/reorder/?cohort=${world.cohortA.id}`, body: { order: await bannerIdsOfA(world) }, ...authed(s) };
    },
    expected: managers(200),
  },
  {
    method: 'GET',
    path: '/api/v2/news/',
    handler: listNews,
    request: async (world, s) => {
      await newsOfA(world);
      return { path: `/api/v2/news/?cohort=${world.cohortA.id}`, ...authed(s) };
    },
    expected: readers(200),
    check: (_, json: { results: { title: string }[] }) => expect(json.results.map((item) => item.title)).toEqual(['Noticia de la cohorte A']),
  },
  {
    method: 'POST',
    path: '/api/v2/news/',
    handler: postNews,
    request: (world, s) => ({ path: '/api/v2/news/', body: { cohort: world.cohortA.id, title: 'Aviso' }, ...authed(s) }),
    expected: managers(201),
  },
  {
    method: 'GET',
    path: '/api/v2/news/{id}/',
    handler: getNews,
    request: async (world, s) => {
      const id = await newsOfA(world);
      return { path: `/api/v2/news/${id}/`, params: { id }, ...authed(s) };
    },
    expected: readers(200),
  },
  {
    method: 'PATCH',
    path: '/api/v2/news/{id}/',
    handler: patchNews,
    request: async (world, s) => {
      const id = await newsOfA(world);
      return { method: 'PATCH', path: `/api/v2/news/${id}/`, params: { id }, body: { title: 'Cambiada' }, ...authed(s) };
    },
    expected: managers(200),
  },
  {
    method: 'DELETE',
    path: '/api/v2/news/{id}/',
    handler: deleteNews,
    request: async (world, s) => {
      const id = await newsOfA(world);
      return { method: 'DELETE', path: `/api/v2/news/${id}/`, params: { id }, ...authed(s) };
    },
    expected: managers(204),
  },
  {
    method: 'GET',
    path: '/api/v2/banners/ (another cohort)',
    handler: listBanners,
    request: (world, s) => ({ path: `/api/v2/banners/?cohort=${world.cohortB.id}`, ...authed(s) }),
    expected: { outsider: 401, student: 404, otherStudent: 200, tutor: 404, admin: 200 },
  },
];
