/**
 * Issue 34: a write the browser's outbox sends again, because its answer was
 * lost on the way back, is made once. Comments and submissions take a
 * `clientKey`: the same key answers the first write instead of a second one,
 * even after the thread closed or the due date passed meanwhile.
 */
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '~/lib/server/db/client';
import { forumComments, submissions } from '~/lib/server/db/schema';
import { resetConfig } from '~/lib/server/config';
import { updateAssignment } from '~/lib/server/services/assignments/author-assignments';
import { updateThread } from '~/lib/server/services/forums/write-threads';
import { POST as postComment } from '~/pages/api/v2/comments/index';
import { POST as submitRoute } from '~/pages/api/v2/assignments/[id]/submissions/index';
import { call } from '../support/http';
import { callForm } from '../support/multipart';
import { accessTokenFor, createForumWorld } from '../factories/forums';
import { createAssignmentFor, pdfFile } from '../factories/assignments';
import { SYSTEM_ADMIN } from '../factories/quizzes';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

beforeEach(async () => {
  process.env.SENDA_DATA_DIR = await mkdtemp(join(tmpdir(), 'senda-replays-'));
  resetConfig();
});

async function storedFiles(): Promise<string[]> {
  try {
    return (await readdir(join(process.env.SENDA_DATA_DIR!, 'uploads', 'private'))).filter((name) => !name.endsWith('.partial'));
  } catch {
    return [];
  }
}

describe('a comment sent again with its clientKey', () => {
  it('is posted once: the replay answers the same comment, and the thread counts one', async () => {
    const world = await createForumWorld();
    const token = await accessTokenFor(world.student);
    const clientKey = randomUUID();
    const body = { thread: world.thread.id, body: 'Escrito sin conexión', clientKey };
    const first = await call(postComment, { path: '/api/v2/comments/', token, body });
    const replay = await call(postComment, { path: '/api/v2/comments/', token, body });
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.json.id).toBe(first.json.id);
    const db = await getDb();
    const [row] = await db.select({ value: count() }).from(forumComments).where(and(eq(forumComments.threadId, world.thread.id), eq(forumComments.bodyMd, 'Escrito sin conexión')));
    expect(row!.value).toBe(1);
  });

  it('answers the comment it made even once the thread is locked; a new key there is refused', async () => {
    const world = await createForumWorld();
    const token = await accessTokenFor(world.student);
    const clientKey = randomUUID();
    const first = await call(postComment, { path: '/api/v2/comments/', token, body: { thread: world.thread.id, body: 'Antes del cierre', clientKey } });
    await updateThread(world.callers.tutor, world.thread.id, { locked: true });
    const replay = await call(postComment, { path: '/api/v2/comments/', token, body: { thread: world.thread.id, body: 'Antes del cierre', clientKey } });
    expect(replay.status).toBe(201);
    expect(replay.json.id).toBe(first.json.id);
    const fresh = await call(postComment, { path: '/api/v2/comments/', token, body: { thread: world.thread.id, body: 'Después', clientKey: randomUUID() } });
    expect(fresh.json.error.code).toBe('thread_locked');
  });

  it('is another person’s own: the same key from someone else posts their comment', async () => {
    const world = await createForumWorld();
    const clientKey = randomUUID();
    const mine = await call(postComment, { path: '/api/v2/comments/', token: await accessTokenFor(world.student), body: { thread: world.thread.id, body: 'Mío', clientKey } });
    const theirs = await call(postComment, { path: '/api/v2/comments/', token: await accessTokenFor(world.tutor), body: { thread: world.thread.id, body: 'Del tutor', clientKey } });
    expect(theirs.status).toBe(201);
    expect(theirs.json.id).not.toBe(mine.json.id);
    expect(theirs.json.bodyMd).toBe('Del tutor');
  });

  it('must be a UUID: anything else is 400 naming the field', async () => {
    const world = await createForumWorld();
    const response = await call(postComment, { path: '/api/v2/comments/', token: await accessTokenFor(world.student), body: { thread: world.thread.id, body: 'Hola', clientKey: 'abc' } });
    expect(response.status).toBe(400);
    expect(response.json.error.fields.clientKey).toBe('La clave del envío no es válida');
  });
});

describe('a submission sent again with its clientKey', () => {
  const send = async (assignmentId: number, token: string, clientKey: string) =>
    callForm(submitRoute, {
      path: `/api/v2/assignments/${assignmentId}/submissions/?clientKey=${clientKey}`,
      params: { id: String(assignmentId) },
      fields: { text: 'Mi informe' },
      files: { files: [pdfFile('informe.pdf', 3000)] },
      token,
    });

  it('is made once, with its file stored once', async () => {
    const world = await createForumWorld();
    const token = await accessTokenFor(world.student);
    const assignment = await createAssignmentFor(world.courseA.id, { dueAt: daysFromNow(2) });
    const clientKey = randomUUID();
    const first = await send(assignment.id, token, clientKey);
    const replay = await send(assignment.id, token, clientKey);
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.json).toMatchObject({ id: first.json.id, number: 1, files: [{ name: 'informe.pdf', size: 3000 }] });
    const db = await getDb();
    const [row] = await db.select({ value: count() }).from(submissions).where(eq(submissions.assignmentId, assignment.id));
    expect(row!.value).toBe(1);
    expect(await storedFiles()).toHaveLength(1);
  });

  it('answers the submission it made after a refuse-late due date passed; a new key is refused as late', async () => {
    const world = await createForumWorld();
    const token = await accessTokenFor(world.student);
    const assignment = await createAssignmentFor(world.courseA.id, { dueAt: daysFromNow(1), latePolicy: { mode: 'refuse' } });
    const clientKey = randomUUID();
    const first = await send(assignment.id, token, clientKey);
    await updateAssignment(SYSTEM_ADMIN, assignment.id, { dueAt: daysFromNow(-1) });
    const replay = await send(assignment.id, token, clientKey);
    expect(replay.status).toBe(201);
    expect(replay.json.id).toBe(first.json.id);
    const fresh = await send(assignment.id, token, randomUUID());
    expect(fresh.status).toBe(409);
    expect(fresh.json.error.code).toBe('submission_late');
  });
});
