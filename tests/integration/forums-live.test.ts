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
import type { Caller } from '~/lib/server/auth/permissions';
import { openEventStream } from '~/lib/server/realtime/event-stream';
import { createComment, updateComment } from '~/lib/server/services/forums/comments';
import { setLike } from '~/lib/server/services/forums/likes';
import { mailClosedPosts, sendForumDigests } from '~/lib/server/services/forums/post-mail';
import { subscribe } from '~/lib/server/services/forums/subscriptions';
import { getThreadPage } from '~/lib/server/services/forums/read-threads';
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
  void (async () => {
    while (open) {
      const { value, done } = await reader.read();
      if (done) return;
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
