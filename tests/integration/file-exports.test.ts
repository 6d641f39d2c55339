/**
 * Zips of submissions and large reports are file exports of one table: an
 * export of one kind is not found through the other kind's routes (the ids
 * are shared), and the hourly sweep removes the exports of every kind older
 * than a day with their files, keeping the younger ones.
 */
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { GET as zipStatusRoute } from '~/pages/api/v2/assignments/submissions/zip/[exportId]/index';
import { GET as reportStatusRoute } from '~/pages/api/v2/reports/exports/[exportId]/index';
import { getDb } from '~/lib/server/db/client';
import { fileExports } from '~/lib/server/db/schema';
import { sweepFileExports } from '~/lib/server/services/file-exports/sweep-file-exports';
import { getStorage } from '~/lib/server/storage';
import { call } from '../support/http';
import { accessTokenFor, createWorld } from '../factories';

type World = Awaited<ReturnType<typeof createWorld>>;
let world: World;

const DAY_MS = 24 * 60 * 60_000;

beforeEach(async () => {
  world = await createWorld();
});

async function storedFile(text: string): Promise<string> {
  return (await getStorage().putPrivateStream(Readable.from([Buffer.from(text)]), 'text/csv')).key;
}

async function insertExports(createdAt: Date) {
  const db = await getDb();
  const [zip] = await db
    .insert(fileExports)
    .values({ kind: 'submissions_zip', format: 'zip', requestedBy: world.tutor.id, assignmentId: world.assignmentA.id, fileName: 'tarea-a-entregas.zip', status: 'ready', storageKey: await storedFile('zip'), createdAt })
    .returning();
  const [report] = await db
    .insert(fileExports)
    .values({ kind: 'report', format: 'csv', requestedBy: world.tutor.id, reportType: 'users', fileName: 'reporte-usuarios.csv', status: 'ready', storageKey: await storedFile('report'), createdAt })
    .returning();
  return { zip: zip!, report: report! };
}

describe('file exports', () => {
  it("answers each kind through its own route only: a report's id is not a zip, nor a zip's a report", async () => {
    const { zip, report } = await insertExports(new Date());
    const token = await accessTokenFor(world.tutor);
    const zipAt = (id: number) => call(zipStatusRoute, { path: `/api/v2/assignments/submissions/zip/${id}/`, params: { exportId: String(id) }, token });
    const reportAt = (id: number) => call(reportStatusRoute, { path: `/api/v2/reports/exports/${id}/`, params: { exportId: String(id) }, token });
    expect((await zipAt(zip.id)).json).toMatchObject({ id: zip.id, assignmentId: world.assignmentA.id, status: 'ready' });
    expect((await reportAt(report.id)).json).toMatchObject({ id: report.id, type: 'users', format: 'csv', status: 'ready' });
    expect((await zipAt(report.id)).status).toBe(404);
    expect((await reportAt(zip.id)).status).toBe(404);
  });

  it('the sweep removes exports of every kind older than a day with their files, and keeps the younger ones', async () => {
    const old = await insertExports(new Date(Date.now() - DAY_MS - 60_000));
    const young = await insertExports(new Date(Date.now() - DAY_MS + 60 * 60_000));
    expect(await sweepFileExports()).toBe(2);
    const db = await getDb();
    const left = await db.select({ id: fileExports.id }).from(fileExports).where(eq(fileExports.requestedBy, world.tutor.id));
    expect(left.map((row) => row.id).sort((a, b) => a - b)).toEqual([young.zip.id, young.report.id]);
    const storage = getStorage();
    expect(await storage.openPrivate(old.zip.storageKey!)).toBeNull();
    expect(await storage.openPrivate(old.report.storageKey!)).toBeNull();
    expect(await storage.openPrivate(young.report.storageKey!)).not.toBeNull();
  });
});
