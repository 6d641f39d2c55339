/**
 * Issue 13: forums. Threads and comments (one level deep), Markdown
 * sanitized, mentions of cohort members, the edit window, moderation (pin,
 * lock, hide with who hid it, visible to moderators only), rate limits,
 * search in Spanish, and the live events every post writes.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as listForumsEndpoint } from '~/pages/api/v2/forums/index';
import { GET as threadEndpoint } from '~/pages/api/v2/threads/[id]';
import { POST as postComment } from '~/pages/api/v2/comments/index';
import { getDb } from '~/lib/server/db/client';
import { forumEvents, forumThreads, notifications } from '~/lib/server/db/schema';
import { ROLE_IDS } from '~/lib/shared/constants';
import { FORUM_EDIT_WINDOW_MS, FORUM_POSTS_PER_MINUTE, mentionOf } from '~/lib/shared/forums';
import { createComment, deleteComment, updateComment } from '~/lib/server/services/forums/comments';
import { getThreadPage, listThreads } from '~/lib/server/services/forums/read-threads';
import { createThread, updateThread } from '~/lib/server/services/forums/write-threads';
import { searchForum } from '~/lib/server/services/forums/search-forum';
import { countUnseenNotifications, listNotifications, markNotificationsSeen } from '~/lib/server/services/notifications';
import { call } from '../support/http';
import { createUser, enrollStudent } from '../factories';
import { accessTokenFor, callerOf, createForumWorld } from '../factories/forums';

describe('forums', () => {
  it('lists the forums a student reads: their cohort’s and their program’s, never another cohort’s', async () => {
    const world = await createForumWorld();
    const token = await accessTokenFor(world.student);
    const response = await call(listForumsEndpoint, { path: '/api/v2/forums/', token });
    expect(response.status).toBe(200);
    expect(response.json.map((forum: { title: string }) => forum.title).sort()).toEqual(['Foro de la cohorte A', 'Foro del programa A']);
    const ofA = response.json.find((forum: { title: string }) => forum.title === 'Foro de la cohorte A');
    expect(ofA).toMatchObject({ threadCount: 1, canModerate: false });
  });

  it('renders posts as sanitized Markdown: no scripts, no images, links leave safely', async () => {
    const world = await createForumWorld();
    const thread = await createThread(world.callers.student, world.forum.id, {
      title: 'Prueba',
      body: '# Título\n\n<script>alert(1)</script>\n\n![x](https://evil.example/p.png) [MDN](https://developer.mozilla.org) <img src=x onerror=alert(1)>',
    });
    expect(thread.bodyHtml).not.toMatch(/<script|<img|onerror|<h1/);
    expect(thread.bodyHtml).toContain('<h3>Título</h3>');
    expect(thread.bodyHtml).toContain('rel="noopener noreferrer nofollow ugc"');
  });

  it('threads replies one level deep, and refuses a reply to a reply', async () => {
    const world = await createForumWorld();
    const reply = await createComment(world.callers.student, { thread: world.thread.id, parent: world.comment.id, body: 'Gracias' });
    const token = await accessTokenFor(world.student);
    const nested = await call(postComment, { path: '/api/v2/comments/', token, body: { thread: world.thread.id, parent: reply.id, body: 'Más' } });
    expect(nested.status).toBe(400);
    expect(nested.json.error.fields.parent).toBe('Solo se puede responder a un comentario principal');
    const page = await getThreadPage(world.callers.student, world.thread.id);
    expect(page.comments).toHaveLength(1);
    expect(page.comments[0]!.replies.map((item) => item.bodyMd)).toEqual(['Gracias']);
    expect(page.thread.commentCount).toBe(2);
  });

  it('lets authors edit and delete their own posts within 30 minutes, never someone else’s, never later', async () => {
    const world = await createForumWorld();
    await expect(updateComment(world.callers.student, world.comment.id, { body: 'Cambio' })).rejects.toMatchObject({ code: 'forbidden' });
    const edited = await updateComment(world.callers.tutor, world.comment.id, { body: 'Un ciclo **repite** instrucciones.' });
    expect(edited.editedAt).not.toBeNull();
    const db = await getDb();
    await db.update(forumThreads).set({ createdAt: new Date(Date.now() - FORUM_EDIT_WINDOW_MS - 1000) }).where(eq(forumThreads.id, world.thread.id));
    await expect(updateThread(world.callers.student, world.thread.id, { title: 'Nuevo' })).rejects.toMatchObject({ code: 'edit_window_closed' });
    await deleteComment(world.callers.tutor, world.comment.id);
    const page = await getThreadPage(world.callers.student, world.thread.id);
    expect(page.comments).toEqual([]);
    expect(page.thread.commentCount).toBe(0);
  });

  it('hides a comment from participants while moderators still see it, with who hid it; restoring brings it back', async () => {
    const world = await createForumWorld();
    const own = await createComment(world.callers.student, { thread: world.thread.id, body: 'Algo fuera de lugar' });
    await expect(updateComment(world.callers.student, own.id, { hidden: true })).rejects.toMatchObject({ code: 'forbidden' });
    await updateComment(world.callers.tutor, own.id, { hidden: true });
    const asStudent = await getThreadPage(world.callers.student, world.thread.id);
    expect(asStudent.comments.map((comment) => comment.id)).not.toContain(own.id);
    const asTutor = await getThreadPage(world.callers.tutor, world.thread.id);
    const hidden = asTutor.comments.find((comment) => comment.id === own.id)!;
    expect(hidden.hidden).toBe(true);
    expect(hidden.hiddenInfo?.by?.id).toBe(world.tutor.id);
    expect(asStudent.thread.commentCount).toBe(1);
    await updateComment(world.callers.tutor, own.id, { hidden: false });
    expect((await getThreadPage(world.callers.student, world.thread.id)).comments.map((comment) => comment.id)).toContain(own.id);
  });

  it('pins and locks threads: pinned first; a locked thread takes comments from moderators only', async () => {
    const world = await createForumWorld();
    const second = await createThread(world.callers.tutor, world.forum.id, { title: 'Avisos', body: 'Lean esto' });
    await updateThread(world.callers.tutor, world.thread.id, { pinned: true, locked: true });
    const list = await listThreads(world.callers.student, world.forum.id, 1);
    expect(list.results.map((thread) => thread.id)).toEqual([world.thread.id, second.id]);
    await expect(createComment(world.callers.student, { thread: world.thread.id, body: 'Hola' })).rejects.toMatchObject({ code: 'thread_locked' });
    await expect(createComment(world.callers.tutor, { thread: world.thread.id, body: 'Cerrado' })).resolves.toMatchObject({ bodyMd: 'Cerrado' });
    await expect(updateThread(world.callers.student, world.thread.id, { pinned: false })).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('hidden threads vanish for participants (404) and stay, marked, for moderators', async () => {
    const world = await createForumWorld();
    await updateThread(world.callers.tutor, world.thread.id, { hidden: true });
    const token = await accessTokenFor(world.student);
    expect((await call(threadEndpoint, { path: `/api/v2/threads/${world.thread.id}/`, params: { id: String(world.thread.id) }, token })).status).toBe(404);
    const asTutor = await getThreadPage(world.callers.tutor, world.thread.id);
    expect(asTutor.thread.hiddenInfo?.by?.name).toBe(`${world.tutor.firstName} ${world.tutor.lastName}`);
    expect((await listThreads(world.callers.student, world.forum.id, 1)).results).toEqual([]);
  });

  it('rate limits a participant’s posts (429 with Retry-After), not a moderator’s', async () => {
    const world = await createForumWorld();
    const token = await accessTokenFor(world.student);
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let post = 0; post < FORUM_POSTS_PER_MINUTE + 1; post++) {
      const response = await call(postComment, { path: '/api/v2/comments/', token, body: { thread: world.thread.id, body: `Mensaje ${post}` } });
      statuses.push(response.status);
      retryAfter ??= response.headers.get('retry-after');
    }
    // The thread the student opened counts as one of their posts.
    expect(statuses.filter((status) => status === 201)).toHaveLength(FORUM_POSTS_PER_MINUTE - 1);
    expect(statuses.at(-1)).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    for (let post = 0; post < FORUM_POSTS_PER_MINUTE + 1; post++) await createComment(world.callers.tutor, { thread: world.thread.id, body: `Tutor ${post}` });
  });

  it('notifies a mentioned cohort member and the author answered, once each; a mention of a stranger does nothing', async () => {
    const world = await createForumWorld();
    const classmate = await createUser({ firstName: 'Lucía', lastName: 'Pérez' });
    await enrollStudent(classmate, world.cohortA);
    const body = `Pregúntale a ${mentionOf({ id: classmate.id, name: 'Lucía Pérez' })} y a ${mentionOf({ id: world.otherStudent.id, name: 'Otro' })}`;
    const comment = await createComment(world.callers.tutor, { thread: world.thread.id, body });
    expect(comment.bodyHtml).toContain('<span class="mention">@Lucía Pérez</span>');
    expect(await countUnseenNotifications(classmate.id)).toBe(1);
    expect(await countUnseenNotifications(world.otherStudent.id)).toBe(0);
    const mine = await listNotifications(await callerOf(classmate), 1);
    expect(mine.results[0]).toMatchObject({ kind: 'mention', threadId: world.thread.id, actor: { id: world.tutor.id } });
    // The thread's author: once for the factory's comment and once now (a reply to their thread), never for their own posts.
    expect(await countUnseenNotifications(world.student.id)).toBe(2);
    expect(await markNotificationsSeen(world.callers.student)).toBe(0);
    await createComment(world.callers.student, { thread: world.thread.id, body: 'Gracias a todos' });
    expect(await countUnseenNotifications(world.student.id)).toBe(0);
    const db = await getDb();
    expect(await db.select().from(notifications).where(eq(notifications.userId, world.otherStudent.id))).toEqual([]);
  });

  it('searches a forum in Spanish: stems and accents ("ciclos" finds "ciclo", "lecciones" finds "lección"), never hidden posts for participants', async () => {
    const world = await createForumWorld();
    await createComment(world.callers.tutor, { thread: world.thread.id, body: 'Repasa la lección de funciones' });
    const found = await searchForum(world.callers.student, world.forum.id, 'ciclo');
    expect(found.map((result) => result.threadId)).toContain(world.thread.id);
    expect(found[0]!.snippet).toMatch(/\uE000ciclo/i);
    const lessons = await searchForum(world.callers.student, world.forum.id, 'lecciones');
    expect(lessons).toHaveLength(1);
    await updateComment(world.callers.tutor, lessons[0]!.commentId!, { hidden: true });
    expect(await searchForum(world.callers.student, world.forum.id, 'lecciones')).toEqual([]);
    expect(await searchForum(world.callers.tutor, world.forum.id, 'lecciones')).toHaveLength(1);
  });

  it('writes a live event for every change, with what participants and moderators each may see', async () => {
    const world = await createForumWorld();
    const comment = await createComment(world.callers.student, { thread: world.thread.id, body: 'Otra pregunta' });
    await updateComment(world.callers.tutor, comment.id, { hidden: true });
    const db = await getDb();
    const events = await db.select().from(forumEvents).where(eq(forumEvents.threadId, world.thread.id)).orderBy(forumEvents.id);
    expect(events.map((event) => event.kind)).toEqual(['thread.created', 'comment.created', 'comment.created', 'comment.updated']);
    const hidden = events.at(-1)!;
    expect(hidden.payload).toMatchObject({ type: 'comment.removed', commentId: comment.id });
    expect(hidden.staffPayload).toMatchObject({ type: 'comment.updated', comment: { id: comment.id, hidden: true, hiddenInfo: { by: { id: world.tutor.id } } } });
  });

  it('keeps students of an inactive membership and other cohorts out (404)', async () => {
    const world = await createForumWorld();
    const other = await callerOf(world.otherStudent);
    await expect(getThreadPage(other, world.thread.id)).rejects.toMatchObject({ code: 'not_found' });
    const former = await createUser();
    await enrollStudent(former, world.cohortA, { roleId: ROLE_IDS.student, status: 'INACTIVE' });
    await expect(listThreads(await callerOf(former), world.forum.id, 1)).rejects.toMatchObject({ code: 'not_found' });
  });
});
