import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getConfig, resetConfig } from '~/lib/server/config';
import { getStorage } from '~/lib/server/storage';
import { createS3Storage, S3_PART_BYTES, type S3StorageOptions } from '~/lib/server/storage/s3';
import { GET as getFile } from '~/pages/api/v2/files/[key]';
import { POST as uploadBanner } from '~/pages/api/v2/banners/index';
import { DELETE as deleteBanner } from '~/pages/api/v2/banners/[id]';
import { POST as showBanner } from '~/pages/api-showBanner';
import * as attachmentsRoute from '~/pages/api/v2/lessons/[id]/attachments/index';
import { GET as downloadAttachment } from '~/pages/api/v2/lessons/[id]/attachments/[attachmentId]/download';
import { ROLE_IDS } from '~/lib/shared/constants';
import { startFakeS3, type FakeS3 } from '../support/fake-s3';
import { call, ORIGIN } from '../support/http';
import { callForm, pngBytes } from '../support/multipart';
import { accessTokenFor, createCohort, createLesson, createUser, createWorld, enrollStudent } from '../factories';

let fake: FakeS3;
const settingsOf = (s3: FakeS3, overrides: Partial<S3StorageOptions> = {}): S3StorageOptions => ({
  endpoint: s3.endpoint,
  bucket: s3.bucket,
  region: s3.region,
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
  ...overrides,
});
const pdfBytes = () => {
  const data = new Uint8Array(128).fill(0x20);
  data.set(new TextEncoder().encode('%PDF-1.7\n'));
  return data;
};
/** Keys the adapter would never produce: traversal, the private prefix, wrong length, unknown extension. */
const MALFORMED_KEYS = ['', '../secret.png', `private/${'a'.repeat(32)}.png`, `${'a'.repeat(31)}.png`, `${'a'.repeat(32)}.svg`, `${'a'.repeat(32)}.png/..`, '%2e%2e%2fx.png'];

const S3_ENV = ['SENDA_STORAGE', 'S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

beforeAll(async () => {
  fake = await startFakeS3();
  // This file's server uses the bucket (database.ts forgets the cached config before each test).
  Object.assign(process.env, {
    SENDA_STORAGE: 's3',
    S3_ENDPOINT: fake.endpoint,
    S3_BUCKET: fake.bucket,
    S3_REGION: fake.region,
    S3_ACCESS_KEY_ID: fake.accessKeyId,
    S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
  });
  resetConfig();
});

afterAll(async () => {
  for (const name of S3_ENV) delete process.env[name];
  resetConfig();
  await fake.close();
});

beforeEach(() => {
  fake.objects.clear();
  fake.requests.length = 0;
});

describe('the S3 storage adapter', () => {
  it('stores, reads and deletes a public file under its random key at the bucket root', async () => {
    const storage = createS3Storage(settingsOf(fake));
    const image = pngBytes(2048);
    const stored = await storage.put(image, 'image/png');
    expect(stored.key).toMatch(/^[A-Za-z0-9_-]{32}\.png$/);
    expect(stored.url).toBe(`/api/v2/files/${stored.key}`);
    expect(fake.objects.get(stored.key)).toEqual({ data: image, contentType: 'image/png' });
    expect(fake.requests).toEqual([{ method: 'PUT', path: `/${fake.bucket}/${stored.key}`, status: 200 }]);

    expect(await storage.get(stored.key)).toEqual({ data: image, contentType: 'image/png' });
    await storage.delete(stored.key);
    expect(fake.objects.size).toBe(0);
    expect(await storage.get(stored.key)).toBeNull();
    // Deleting what is already gone is not an error.
    await expect(storage.delete(stored.key)).resolves.toBeUndefined();
  });

  it('keeps private files under private/, where the public get cannot reach them', async () => {
    const storage = createS3Storage(settingsOf(fake));
    const pdf = pdfBytes();
    const key = await storage.putPrivate(pdf, 'application/pdf');
    expect([...fake.objects.keys()]).toEqual([`private/${key}`]);

    expect(await storage.getPrivate(key)).toEqual({ data: pdf, contentType: 'application/pdf' });
    // The public area asks the bucket for <key> (not found) and refuses private/<key> outright.
    expect(await storage.get(key)).toBeNull();
    expect(await storage.get(`private/${key}`)).toBeNull();
    expect(fake.requests.filter((request) => request.method === 'GET').map((request) => [request.path, request.status])).toEqual([
      [`/${fake.bucket}/private/${key}`, 200],
      [`/${fake.bucket}/${key}`, 404],
    ]);
    // Nor does the private area read public files.
    const { key: publicKey } = await storage.put(pngBytes(), 'image/png');
    expect(await storage.getPrivate(publicKey)).toBeNull();
    // Deleting a public key with the same name leaves the private file alone.
    await storage.delete(key);
    expect(fake.objects.has(`private/${key}`)).toBe(true);
    await storage.deletePrivate(key);
    expect(fake.objects.has(`private/${key}`)).toBe(false);
    expect(await storage.getPrivate(key)).toBeNull();
  });

  it('answers null for malformed keys and ignores their deletion without sending the bucket a single request', async () => {
    const storage = createS3Storage(settingsOf(fake));
    for (const key of MALFORMED_KEYS) {
      expect(await storage.get(key), key).toBeNull();
      expect(await storage.getPrivate(key), key).toBeNull();
      await storage.delete(key);
      await storage.deletePrivate(key);
    }
    expect(fake.requests).toEqual([]);
  });

  it('surfaces a refused signature (wrong secret) as an error naming the status, with no secret in it', async () => {
    const wrongSecret = 'not-the-secret-the-bucket-knows';
    const storage = createS3Storage(settingsOf(fake, { secretAccessKey: wrongSecret }));
    const attempt = storage.put(pngBytes(), 'image/png');
    await expect(attempt).rejects.toThrow(`S3 PUT in bucket ${fake.bucket} answered 403 (SignatureDoesNotMatch)`);
    const message = await attempt.catch((error: Error) => error.message);
    for (const secret of [wrongSecret, fake.secretAccessKey, fake.accessKeyId]) expect(message).not.toContain(secret);
    expect(fake.objects.size).toBe(0);
    expect(fake.requests).toMatchObject([{ method: 'PUT', status: 403, code: 'SignatureDoesNotMatch' }]);
    // Reads are refused too: a 403 is an error, never "not found".
    await expect(storage.get(`${'a'.repeat(32)}.png`)).rejects.toThrow(/answered 403/);
    await expect(storage.deletePrivate(`${'a'.repeat(32)}.pdf`)).rejects.toThrow(/S3 DELETE .* 403/);
  });

  it('signs with the configured region: a bucket in another region refuses the request', async () => {
    const storage = createS3Storage(settingsOf(fake, { region: 'eu-west-1' }));
    await expect(storage.put(pngBytes(), 'image/png')).rejects.toThrow(/answered 400 \(AuthorizationHeaderMalformed\)/);
  });

  it('retries a throttled request, and throws when the server keeps failing instead of answering "not found"', async () => {
    const storage = createS3Storage(settingsOf(fake));
    const { key } = await storage.put(pngBytes(), 'image/png');
    fake.failNextRequest(503, 'SlowDown');
    expect(await storage.get(key)).not.toBeNull();
    for (let attempt = 0; attempt < 3; attempt++) fake.failNextRequest(503, 'SlowDown');
    fake.requests.length = 0;
    await expect(storage.get(key)).rejects.toThrow(/S3 GET in bucket senda-test answered 503 \(SlowDown\)/);
    expect(fake.requests.map((request) => request.status)).toEqual([503, 503, 503]);
    expect(await storage.get(key)).not.toBeNull();
  });

  it('sends a large file in parts (multipart upload) and reads it back whole', async () => {
    const storage = createS3Storage(settingsOf(fake));
    const large = new Uint8Array(S3_PART_BYTES * 2 + 1234).map((_, index) => index % 251);
    const key = await storage.putPrivate(large, 'application/pdf');
    expect(fake.multipartUploads).toEqual([{ key: `private/${key}`, parts: 3 }]);
    expect((await storage.getPrivate(key))!.data).toEqual(large);
  });

  it('hands out a short-lived signed link that downloads a private file straight from the bucket under its name', async () => {
    const storage = createS3Storage(settingsOf(fake));
    const key = await storage.putPrivate(pdfBytes(), 'application/pdf');
    const link = await storage.privateDownloadUrl!(key, 'guía del curso.pdf', 60);
    expect(link).toContain(`/${fake.bucket}/private/${key}`);
    const response = await fetch(link!);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(pdfBytes());
    expect(response.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''gu%C3%ADa%20del%20curso.pdf");
    const tampered = link!.replace(/X-Amz-Signature=[0-9a-f]{4}/, 'X-Amz-Signature=0000');
    expect((await fetch(tampered)).status).toBe(403);
    expect(await storage.privateDownloadUrl!('../secret.pdf', 'x.pdf', 60)).toBeNull();
  });

  it('accepts an endpoint with a trailing slash', async () => {
    const storage = createS3Storage(settingsOf(fake, { endpoint: `${fake.endpoint}/` }));
    const { key } = await storage.put(pngBytes(), 'image/png');
    expect(fake.requests.at(-1)).toMatchObject({ path: `/${fake.bucket}/${key}`, status: 200 });
  });
});

describe('with SENDA_STORAGE=s3', () => {
  const uploadsOnDisk = () => {
    const directory = join(getConfig().SENDA_DATA_DIR, 'uploads');
    return existsSync(directory) ? readdirSync(directory, { recursive: true }) : [];
  };

  it('getStorage() answers the bucket adapter', async () => {
    const { key } = await getStorage().put(pngBytes(), 'image/png');
    expect(fake.objects.has(key)).toBe(true);
  });

  it('a tutor uploads a banner into the bucket, students see it through the files endpoint, and deleting the banner deletes the object', async () => {
    const cohort = await createCohort();
    const tutor = await createUser({ userType: 'staff' });
    const student = await createUser();
    await enrollStudent(tutor, cohort, { roleId: ROLE_IDS.tutor });
    await enrollStudent(student, cohort);
    const tutorToken = await accessTokenFor(tutor);
    const image = pngBytes(4096);

    const created = await callForm(uploadBanner, {
      path: '/api/v2/banners/',
      token: tutorToken,
      fields: { cohort: String(cohort.id), title: 'Bienvenida' },
      files: { image: { name: 'banner.png', type: 'image/png', data: image } },
    });
    expect(created.status).toBe(201);
    const key = String(created.json.bannerImage).replace('/api/v2/files/', '');
    expect(fake.objects.get(key)).toEqual({ data: image, contentType: 'image/png' });
    expect(uploadsOnDisk()).toEqual([]);

    const shown = await call(showBanner, { path: '/api-showBanner/', body: {}, token: await accessTokenFor(student) });
    expect(shown.json).toEqual([{ idBanner: created.json.idBanner, bannerImage: created.json.bannerImage, title: 'Bienvenida' }]);
    const file = await getFile({ request: new Request(`${ORIGIN}${created.json.bannerImage}`), params: { key } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(image);

    const id = String(created.json.idBanner);
    const removed = await call(deleteBanner, { method: 'DELETE', path: `/api/v2/banners/${id}/`, params: { id }, token: tutorToken });
    expect(removed.status).toBe(204);
    expect(fake.objects.has(key)).toBe(false);
    const gone = await getFile({ request: new Request(`${ORIGIN}${created.json.bannerImage}`), params: { key } });
    expect(gone.status).toBe(404);
  });

  it('a lesson attachment goes to the private area: downloadable by the cohort, never through the public files endpoint', async () => {
    const world = await createWorld();
    const lesson = await createLesson({ courseId: world.courseA.id });
    const form = new FormData();
    form.append('file', new Blob([pdfBytes()], { type: 'application/pdf' }), 'guia.pdf');
    const path = `/api/v2/lessons/${lesson.id}/attachments/`;
    const request = new Request(new URL(path, ORIGIN), { method: 'POST', headers: { authorization: `Bearer ${await accessTokenFor(world.tutor)}` }, body: form });
    const uploaded = await attachmentsRoute.POST({ request, params: { id: String(lesson.id) }, clientAddress: '127.0.0.1' });
    expect(uploaded.status).toBe(201);
    const attachment = (await uploaded.json()) as { id: number };

    const [objectKey] = [...fake.objects.keys()];
    expect(objectKey).toMatch(/^private\/[A-Za-z0-9_-]{32}\.pdf$/);
    expect(uploadsOnDisk()).toEqual([]);

    const downloadPath = `/api/v2/lessons/${lesson.id}/attachments/${attachment.id}/download/`;
    const downloaded = await downloadAttachment({
      request: new Request(new URL(downloadPath, ORIGIN), { headers: { authorization: `Bearer ${await accessTokenFor(world.student)}` } }),
      params: { id: String(lesson.id), attachmentId: String(attachment.id) },
      clientAddress: '127.0.0.1',
    });
    expect(downloaded.status).toBe(200);
    expect(new Uint8Array(await downloaded.arrayBuffer())).toEqual(pdfBytes());

    const key = objectKey.replace('private/', '');
    const publicRead = await getFile({ request: new Request(`${ORIGIN}/api/v2/files/${key}`), params: { key } });
    expect(publicRead.status).toBe(404);
  });
});
