/**
 * Issue 13, reading a thread fast: its page holds the first comments and the
 * next come page by page ("Ver más comentarios"); what one reader liked and
 * follows is cached per person and must change on their very next view when
 * they like, unlike or follow (the cache is dropped through the change feed).
 */
import { describe, expect, it } from 'vitest';
import { GET as threadEndpoint } from '~/pages/api/v2/threads/[id]';
import { COMMENTS_PAGE_SIZE } from '~/lib/shared/forums';
import { createComment } from '~/lib/server/services/forums/comments';
import { setLike } from '~/lib/server/services/forums/likes';
import { getThreadPage, listThreads } from '~/lib/server/services/forums/read-threads';
import { subscribe, unsubscribe } from '~/lib/server/services/forums/subscriptions';
import { call } from '../support/http';
import { accessTokenFor, createForumWorld } from '../factories/forums';

describe('forums, reading', () => {
  it('answers a thread’s comments page by page, each once and in order, with the count of them all', async () => {
    const world = await createForumWorld();
    // The world's thread has one comment; the tutor (not rate limited) writes 44 more.
    for (let n = 2; n <= 45; n++) await createComment(world.callers.tutor, { thread: world.thread.id, body: `Comentario ${n}` });
    const token = await accessTokenFor(world.student);
    const pages = [];
    for (const page of [1, 2, 3]) {
      const response = await call(threadEndpoint, { path: `/api/v2/threads/${world.thread.id}/?page=${page}`, params: { id: String(world.thread.id) }, token });
      expect(response.status).toBe(200);
      pages.push(response.json as { comments: { id: number; bodyMd: string }[]; topLevelCount: number; pageSize: number });
    }
    expect(COMMENTS_PAGE_SIZE).toBe(20);
    expect(pages.map((page) => page.comments.length)).toEqual([20, 20, 5]);
    expect(pages.every((page) => page.topLevelCount === 45 && page.pageSize === 20)).toBe(true);
    const ids = pages.flatMap((page) => page.comments.map((comment) => comment.id));
    expect(new Set(ids).size).toBe(45);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('shows a reader’s own like and follow on their next view, and the change of mind after it; nobody else’s view changes', async () => {
    const world = await createForumWorld();
    const { tutor, student } = world.callers;
    const before = await getThreadPage(tutor, world.thread.id);
    expect(before.comments[0]!.likedByMe).toBe(false);
    expect(before.following).toBeNull();

    await setLike(tutor, { targetType: 'comment', targetId: world.comment.id, liked: true });
    const follow = await subscribe(tutor, { targetType: 'thread', targetId: world.thread.id, email: 'daily' });
    const after = await getThreadPage(tutor, world.thread.id);
    expect(after.comments[0]).toMatchObject({ likedByMe: true, likeCount: 1 });
    expect(after.following).toBe('daily');
    expect(after.followId).toBe(follow.id);
    // The student (the thread's author, who follows it) sees the count, not the tutor's like as theirs.
    const theirs = await getThreadPage(student, world.thread.id);
    expect(theirs.comments[0]).toMatchObject({ likedByMe: false, likeCount: 1 });
    expect(theirs.following).toBe('instant');

    await setLike(tutor, { targetType: 'comment', targetId: world.comment.id, liked: false });
    await unsubscribe(tutor, follow.id);
    const undone = await getThreadPage(tutor, world.thread.id);
    expect(undone.comments[0]).toMatchObject({ likedByMe: false, likeCount: 0 });
    expect(undone.following).toBeNull();
  });

  it('shows a forum’s follow on the reader’s next view of its thread list', async () => {
    const world = await createForumWorld();
    const { tutor } = world.callers;
    expect((await listThreads(tutor, world.forum.id, 1)).following).toBeNull();
    await subscribe(tutor, { targetType: 'forum', targetId: world.forum.id, email: 'weekly' });
    const list = await listThreads(tutor, world.forum.id, 1);
    expect(list.following).toBe('weekly');
    expect(list.results[0]!.excerpt).toBe('Tengo dudas con los ciclos.');
  });
});
