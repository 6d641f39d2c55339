/**
 * Issue 13: what makes forums live. Likes stay exact under concurrent
 * clicks; readers of a thread receive new comments and like counts as
 * server-sent events (through the change feed, as on any server) and a
 * reconnecting reader catches up from its last event id; followers are
 * mailed a post only once its 30-minute edit window has closed, or in their
 * digest.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as likeEndpoint } from '~/pages/api/v2/likes/index';
import { getDb } from '~/lib/server/db/client';
import { mailMessages } from '~/lib/server/db/schema';
import { FORUM_EDIT_WINDOW_MS, mentionOf } from '~/lib/shared/forums';
import type { Caller } from '~/lib/server/access/permissions';
import { openEventStream } from '~/lib/server/realtime/event-stream';
import { createComment, updateComment } from '~/lib/server/services/forums/comments';
import { setLike } from '~/lib/server/services/forums/likes';
import { mailClosedPosts, sendForumDigests } from '~/lib/server/services/forums/post-mail';
import { subscribe } from '~/lib/server/services/forums/subscriptions';
import { getThreadPage } from '~/lib/server/services/forums/read-threads';
import { assignCohortUsers } from '~/lib/server/services/structure/cohort-members';
import { updateAccount } from '~/lib/server/services/people/accounts';
import { MAX_STREAMS_PER_PERSON } from '~/lib/server/realtime/live-hub';
import { ROLE_IDS } from '~/lib/shared/constants';
import { call } from '../support/http';
import { createUser, enrollStudent } from '../factories';
import { accessTokenFor, callerOf, createForumWorld } from '../factories/forums';

/** A reader's open stream: the `data:` of every message so far, with its `id:`. */
async function openReader(caller: Caller, topic: { thread?: number; forum?: number }, after?: number) {
  const response = await openEventStream({ caller, isAllowed: async () => true, ...topic, after });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.getReader();
  const events: { id: number | null; data: any }[] = [];
  let buffer = '';
  let open = true;
  let ended = false;
  void (async () => {
    while (open) {
      const { value, done } = await reader.read();
      if (done) {
        ended = true;
        return;
      }
      buffer += new TextDecoder().decode(value);
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(message)?.[1];
        const id = /^id: (\d+)$/m.exec(message)?.[1];
        if (data) events.push({ id: id ? Number(id) : null, data: JSON.parse(data) });
      }
    }
  })();
  return {
    events,
    async waitFor(check: (data: any) => boolean) {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const found = events.find((event) => check(event.data));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no such event in ${JSON.stringify(events).slice(0, 3000)}`);
        await new Promise((done) => setTimeout(done, 10));
      }
    },
    /** Whether the server ended the stream. */
    get ended() {
      return ended;
    },
    /** Waits until the server ends the stream; answers how long that took, or throws after `withinMs`. */
    async waitForEnd(withinMs: number) {
      const started = Date.now();
      while (!ended) {
        if (Date.now() - started > withinMs) throw new Error(`the stream was still open after ${withinMs} ms`);
        await new Promise((done) => setTimeout(done, 10));
      }
      return Date.now() - started;
    },
    async close() {
      open = false;
      await reader.cancel();
    },
  };
}

async function classmates(world: Awaited<ReturnType<typeof createForumWorld>>, count: number): Promise<Caller[]> {
  const people = [];
  for (let index = 0; index < count; index++) {
    const user = await createUser();
    await enrollStudent(user, world.cohortA);
    people.push(await callerOf(user));
  }
  return people;
}

describe('forums, live', () => {
  it('keeps like counts exact under concurrent clicks: twenty people at once, double clicks change nothing, unlikes count down', async () => {
    const world = await createForumWorld();
    const people = await classmates(world, 20);
    await Promise.all(people.flatMap((person) => [setLike(person, { targetType: 'comment', targetId: world.comment.id, liked: true }), setLike(person, { targetType: 'comment', targetId: world.comment.id, liked: true })]));
    let page = await getThreadPage(world.callers.student, world.thread.id);
    expect(page.comments[0]!.likeCount).toBe(20);
    await Promise.all(people.slice(0, 5).map((person) => setLike(person, { targetType: 'comment', targetId: world.comment.id, liked: false })));
    page = await getThreadPage(world.callers.student, world.thread.id);
    expect(page.comments[0]!.likeCount).toBe(15);
    // Through the API: the same request twice answers the same state and count.
    const token = await accessTokenFor(world.student);
    const body = { targetType: 'thread', targetId: world.thread.id, liked: true };
    const first = await call(likeEndpoint, { path: '/api/v2/likes/', token, body });
    const second = await call(likeEndpoint, { path: '/api/v2/likes/', token, body });
    expect(first.json).toEqual({ targetType: 'thread', targetId: world.thread.id, liked: true, likeCount: 1 });
    expect(second.json).toEqual(first.json);
  });

  it('streams a new comment and a like to a thread’s reader as they happen, and replays what a reconnecting reader missed', async () => {
    const world = await createForumWorld();
    const reader = await openReader(world.callers.tutor, { thread: world.thread.id });
    await reader.waitFor((data) => data.type === 'notifications');
    const comment = await createComment(world.callers.student, { thread: world.thread.id, body: 'Ahora entiendo los **ciclos**' });
    const created = await reader.waitFor((data) => data.type === 'comment.created' && data.comment.id === comment.id);
    expect(created.data.comment.bodyHtml).toContain('<strong>ciclos</strong>');
    expect(created.data.thread.commentCount).toBe(2);
    await setLike(world.callers.student, { targetType: 'comment', targetId: world.comment.id, liked: true });
    await reader.waitFor((data) => data.type === 'likes.changed' && data.targetId === world.comment.id && data.likeCount === 1);
    const lastSeen = Math.max(...reader.events.flatMap((event) => (event.id === null ? [] : [event.id])));
    await reader.close();

    const missed = await createComment(world.callers.student, { thread: world.thread.id, body: 'Escrito mientras no mirabas' });
    const again = await openReader(world.callers.tutor, { thread: world.thread.id }, lastSeen);
    const replayed = await again.waitFor((data) => data.type === 'comment.created');
    expect(replayed.data.comment.id).toBe(missed.id);
    // Nothing seen before is sent again.
    expect(again.events.filter((event) => event.id !== null && event.id <= lastSeen)).toEqual([]);
    await again.close();
  });

  it('tells a forum’s reader about a new thread, and never streams a thread to someone outside its cohort', async () => {
    const world = await createForumWorld();
    const reader = await openReader(world.callers.student, { forum: world.forum.id });
    const { createThread } = await import('~/lib/server/services/forums/write-threads');
    const thread = await createThread(world.callers.tutor, world.forum.id, { title: 'Aviso: clase del jueves', body: 'Nos vemos a las 6' });
    const event = await reader.waitFor((data) => data.type === 'thread.created' && data.thread.id === thread.id);
    expect(event.data.thread).toMatchObject({ id: thread.id, title: 'Aviso: clase del jueves' });
    await reader.close();
    const outsider = await callerOf(world.otherStudent);
    await expect(openEventStream({ caller: outsider, isAllowed: async () => true, thread: thread.id })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('ends a removed member’s streams within a second of the removal, so the forum’s next thread never reaches them (issue 28: streams outlived access)', async () => {
    const world = await createForumWorld();
    const [classmate] = await classmates(world, 1);
    const admin = await callerOf(world.admin);
    const onForum = await openReader(world.callers.student, { forum: world.forum.id });
    const onThread = await openReader(world.callers.student, { thread: world.thread.id });
    const stays = await openReader(classmate!, { forum: world.forum.id });
    await Promise.all([onForum, onThread, stays].map((reader) => reader.waitFor((data) => data.type === 'notifications')));

    const { createThread } = await import('~/lib/server/services/forums/write-threads');
    await assignCohortUsers(admin, world.cohortA.id, { users: [], remove: [world.student.id] });
    // Written right after the removal: it reaches the cohort, never the removed member.
    const thread = await createThread(world.callers.tutor, world.forum.id, { title: 'Solo para la cohorte', body: 'Nuevo tema' });
    expect(await onForum.waitForEnd(1_000)).toBeLessThan(1_000);
    expect(await onThread.waitForEnd(1_000)).toBeLessThan(1_000);
    await stays.waitFor((data) => data.type === 'thread.created' && data.thread.id === thread.id);
    expect(stays.ended).toBe(false);
    expect(onForum.events.filter((event) => event.data.thread?.id === thread.id)).toEqual([]);
    await Promise.all([onForum, onThread, stays].map((reader) => reader.close()));
  });

  it('ends a tutor’s moderator stream when they become a student of the cohort, so hidden posts stop reaching them', async () => {
    const world = await createForumWorld();
    const admin = await callerOf(world.admin);
    const moderating = await openReader(world.callers.tutor, { thread: world.thread.id });
    await moderating.waitFor((data) => data.type === 'notifications');
    await assignCohortUsers(admin, world.cohortA.id, { users: [{ userId: world.tutor.id, role_id: ROLE_IDS.student }], remove: [] });
    expect(await moderating.waitForEnd(1_000)).toBeLessThan(1_000);
    // Reopened, it is a participant's stream.
    const again = await openReader(world.callers.tutor, { thread: world.thread.id });
    await again.waitFor((data) => data.type === 'notifications');
    expect(again.ended).toBe(false);
    await Promise.all([moderating.close(), again.close()]);
  });

  it('ends a deactivated reader’s forum and notification streams within a second, and nobody else’s (issue 28)', async () => {
    const world = await createForumWorld();
    const [classmate] = await classmates(world, 1);
    const admin = await callerOf(world.admin);
    const onForum = await openReader(world.callers.student, { forum: world.forum.id });
    const bell = await openReader(world.callers.student, {});
    const stays = await openReader(classmate!, { forum: world.forum.id });
    await Promise.all([onForum, bell, stays].map((reader) => reader.waitFor((data) => data.type === 'notifications')));

    await updateAccount(admin, world.student.id, { status: 'INACTIVE' });
    expect(await onForum.waitForEnd(1_000)).toBeLessThan(1_000);
    expect(await bell.waitForEnd(1_000)).toBeLessThan(1_000);
    expect(stays.ended).toBe(false);
    await Promise.all([onForum, bell, stays].map((reader) => reader.close()));
  });

  it(`holds at most ${MAX_STREAMS_PER_PERSON} streams per person: one more ends the oldest, telling it not to reconnect (issue 28: 500 streams for one person)`, async () => {
    const world = await createForumWorld();
    const readers = [];
    for (let index = 0; index < MAX_STREAMS_PER_PERSON; index++) {
      const reader = await openReader(world.callers.student, { forum: world.forum.id });
      await reader.waitFor((data) => data.type === 'notifications');
      readers.push(reader);
    }
    expect(readers.some((reader) => reader.ended)).toBe(false);
    const newest = await openReader(world.callers.student, { forum: world.forum.id });
    await newest.waitFor((data) => data.type === 'notifications');
    await readers[0]!.waitForEnd(1_000);
    await readers[0]!.waitFor((data) => data.type === 'closed');
    expect(readers.slice(1).some((reader) => reader.ended)).toBe(false);
    // The others still receive the forum's events.
    const { createThread } = await import('~/lib/server/services/forums/write-threads');
    const thread = await createThread(world.callers.tutor, world.forum.id, { title: 'Para todas las pestañas', body: 'Hola' });
    await newest.waitFor((data) => data.type === 'thread.created' && data.thread.id === thread.id);
    await readers[1]!.waitFor((data) => data.type === 'thread.created' && data.thread.id === thread.id);
    await Promise.all([...readers, newest].map((reader) => reader.close()));
  });

  it('mails a post to its instant followers only once its 30-minute edit window has closed, with the edited text, and lists it in a daily digest', async () => {
    const world = await createForumWorld();
    const [instant, daily] = await classmates(world, 2);
    await subscribe(instant!, { targetType: 'thread', targetId: world.thread.id, email: 'instant' });
    await subscribe(daily!, { targetType: 'forum', targetId: world.forum.id, email: 'daily' });
    const comment = await createComment(world.callers.student, { thread: world.thread.id, body: 'Primera versión' });
    const db = await getDb();
    const mailOf = async (userId: number) => db.select().from(mailMessages).where(and(eq(mailMessages.userId, userId), eq(mailMessages.kind, 'forum_post')));

    // Within the window nothing goes out, and the author edits freely.
    await mailClosedPosts(new Date());
    expect(await mailOf(instant!.id)).toEqual([]);
    await updateComment(world.callers.student, comment.id, { body: 'Versión corregida' });

    const afterWindow = new Date(Date.now() + FORUM_EDIT_WINDOW_MS + 60_000);
    await mailClosedPosts(afterWindow);
    // The thread's follower gets its two comments (the tutor's and the student's), the student's as edited.
    const excerpts = async () => (await mailOf(instant!.id)).map((message) => message.params.excerpt).sort();
    expect(await excerpts()).toEqual(['Un ciclo repite instrucciones.', 'Versión corregida']);
    expect((await mailOf(instant!.id))[0]!.params.thread).toBe('¿Cómo se usa un ciclo for?');
    // Each post is mailed once; digest readers get no instant mail; the author none.
    await mailClosedPosts(afterWindow);
    expect(await excerpts()).toHaveLength(2);
    expect(await mailOf(daily!.id)).toEqual([]);
    // The thread's author follows it: mailed the tutor's comment, never their own.
    expect((await mailOf(world.student.id)).map((message) => message.params.excerpt)).toEqual(['Un ciclo repite instrucciones.']);

    // A mentioned classmate who follows nothing is mailed the post that mentions them.
    const [mentioned] = await classmates(world, 1);
    await createComment(world.callers.student, { thread: world.thread.id, body: `Mira esto ${mentionOf({ id: mentioned!.id, name: 'Compañera' })}` });
    await mailClosedPosts(new Date(Date.now() + 2 * FORUM_EDIT_WINDOW_MS));
    expect((await mailOf(mentioned!.id)).map((message) => message.params.excerpt)).toEqual([expect.stringContaining('Mira esto')]);

    await sendForumDigests('daily', afterWindow);
    const digests = await db.select().from(mailMessages).where(and(eq(mailMessages.userId, daily!.id), eq(mailMessages.kind, 'forum_digest')));
    expect(digests).toHaveLength(1);
    expect(digests[0]!.params.items).toContain('Versión corregida');
    // The next digest starts where this one ended: nothing new, no mail.
    await sendForumDigests('daily', new Date(afterWindow.getTime() + 60_000));
    expect(await db.select().from(mailMessages).where(and(eq(mailMessages.userId, daily!.id), eq(mailMessages.kind, 'forum_digest')))).toHaveLength(1);
  });
});
