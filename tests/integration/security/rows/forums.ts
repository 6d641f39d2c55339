/**
 * Matrix rows for forums, threads, comments, likes, reports, follows, the
 * live event stream and notifications. The forum belongs to cohort A: its
 * student participates, its tutor and cohort admin (and platform admins)
 * moderate, cohort B's student finds nothing (404). The thread is the
 * student's, the comment the tutor's: one's own posts are edited and deleted
 * by their author only (moderators hide instead).
 */
import { expect } from 'vitest';
import * as forumsRoute from '~/pages/api/v2/forums/index';
import * as forumRoute from '~/pages/api/v2/forums/[id]/index';
import * as threadsRoute from '~/pages/api/v2/forums/[id]/threads';
import { GET as searchRoute } from '~/pages/api/v2/forums/[id]/search';
import { GET as membersRoute } from '~/pages/api/v2/forums/[id]/members';
import { GET as reportsRoute } from '~/pages/api/v2/forums/[id]/reports';
import * as threadRoute from '~/pages/api/v2/threads/[id]';
import * as commentsRoute from '~/pages/api/v2/comments/index';
import * as commentRoute from '~/pages/api/v2/comments/[id]';
import { POST as likeRoute } from '~/pages/api/v2/likes/index';
import { POST as reportRoute } from '~/pages/api/v2/reports/index';
import { PATCH as resolveRoute } from '~/pages/api/v2/reports/[id]';
import * as subscriptionsRoute from '~/pages/api/v2/subscriptions/index';
import { DELETE as unsubscribeRoute } from '~/pages/api/v2/subscriptions/[id]';
import { GET as eventsRoute } from '~/pages/api/v2/events/index';
import { GET as notificationsRoute } from '~/pages/api/v2/notifications/index';
import { GET as unseenRoute } from '~/pages/api/v2/notifications/unseen';
import { POST as seenRoute } from '~/pages/api/v2/notifications/seen';
import { GET as cohortForumsRoute } from '~/pages/api/v2/cohorts/[id]/content/forums';
import { GET as programForumsRoute } from '~/pages/api/v2/programs/[id]/forums';
import { createComment } from '~/lib/server/services/forums/comments';
import { createThread } from '~/lib/server/services/forums/write-threads';
import { reportPost } from '~/lib/server/services/forums/reports';
import { subscribe } from '~/lib/server/services/forums/subscriptions';
import { callerOf, createForumRow } from '../../../factories/forums';
import { authed, members, type Expected, type Handler, type Row, type World } from '../matrix-types';

/** Members of cohort A read; cohort B's student gets 404. */
const readers = (status: number): Expected => ({ ...members(status), otherStudent: 404 });
/** Moderators of the forum: A's student 403, B's 404. */
const moderators = (status: number): Expected => ({ outsider: 401, student: 403, otherStudent: 404, tutor: status, admin: status });
/** The author only (the student's post): moderators get 403, B's student 404. */
const studentAuthor = (status: number): Expected => ({ outsider: 401, student: status, otherStudent: 404, tutor: 403, admin: 403 });
/** The author only (the tutor's post). */
const tutorAuthor = (status: number): Expected => ({ outsider: 401, student: 403, otherStudent: 404, tutor: status, cohortAdmin: 403, admin: 403 });

/** Cohort A's forum with the student's thread and the tutor's comment. */
async function forumOf(world: World) {
  const forum = await createForumRow({ cohortId: world.cohortA.id }, { title: 'Foro de la cohorte A' });
  const thread = await createThread(await callerOf(world.student), forum.id, { title: '¿Cómo se usa un ciclo?', body: 'Tengo dudas con los ciclos.' });
  const comment = await createComment(await callerOf(world.tutor), { thread: thread.id, body: 'Un ciclo repite instrucciones.' });
  return { forum, thread, comment };
}

const idParams = (id: number) => ({ params: { id: String(id) } });

/**
 * The event stream never ends by itself: the row reads its first message
 * (the caller's unseen count) and answers it as JSON, so the matrix can
 * check who may open which stream.
 */
const firstEventOf: Handler = Object.assign(
  async (context: { request: Request }) => {
    const response = await eventsRoute(context as never);
    if (!response.headers.get('content-type')?.startsWith('text/event-stream')) return response;
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes('notifications')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    await reader.cancel();
    return Response.json({ text });
  },
  { definition: (eventsRoute as unknown as { definition: unknown }).definition },
);

export const ROWS: Row[] = [
  {
    method: 'GET',
    path: '/api/v2/forums/',
    handler: forumsRoute.GET,
    request: async (world, s) => {
      await forumOf(world);
      return { path: '/api/v2/forums/', ...authed(s) };
    },
    expected: members(200),
    check: (persona, json: { title: string }[]) => {
      const titles = json.map((forum) => forum.title);
      if (persona === 'otherStudent') expect(titles).not.toContain('Foro de la cohorte A');
      else expect(titles).toContain('Foro de la cohorte A');
    },
  },
  {
    method: 'POST',
    path: '/api/v2/forums/',
    handler: forumsRoute.POST,
    request: (world, s) => ({ path: '/api/v2/forums/', body: { cohort: world.cohortA.id, title: 'Dudas de la semana 1' }, ...authed(s) }),
    expected: moderators(201),
  },
  {
    method: 'POST',
    path: '/api/v2/forums/ (for a whole program)',
    handler: forumsRoute.POST,
    request: (world, s) => ({ path: '/api/v2/forums/', body: { program: world.cohortA.programId, title: 'Foro del programa' }, ...authed(s) }),
    // Cohort B's student does not follow program A: to them it does not exist.
    expected: { outsider: 401, student: 403, otherStudent: 404, tutor: 403, admin: 201 },
  },
  {
    method: 'GET',
    path: '/api/v2/forums/{id}/',
    handler: forumRoute.GET,
    request: async (world, s) => ({ path: '/api/v2/forums/x/', ...idParams((await forumOf(world)).forum.id), ...authed(s) }),
    expected: readers(200),
    check: (persona, json: { canModerate: boolean }) => expect(json.canModerate).toBe(persona !== 'student'),
  },
  {
    method: 'PATCH',
    path: '/api/v2/forums/{id}/',
    handler: forumRoute.PATCH,
    request: async (world, s) => ({ path: '/api/v2/forums/x/', ...idParams((await forumOf(world)).forum.id), body: { title: 'Foro renombrado' }, ...authed(s) }),
    expected: moderators(200),
  },
  {
    method: 'GET',
    path: '/api/v2/forums/{id}/threads/',
    handler: threadsRoute.GET,
    request: async (world, s) => ({ path: '/api/v2/forums/x/threads/', ...idParams((await forumOf(world)).forum.id), ...authed(s) }),
    expected: readers(200),
    check: (_persona, json: { results: { title: string }[] }) => expect(json.results.map((thread) => thread.title)).toEqual(['¿Cómo se usa un ciclo?']),
  },
  {
    method: 'POST',
    path: '/api/v2/forums/{id}/threads/',
    handler: threadsRoute.POST,
    request: async (world, s) => ({ path: '/api/v2/forums/x/threads/', ...idParams((await forumOf(world)).forum.id), body: { title: 'Otra pregunta', body: 'Hola a todos' }, ...authed(s) }),
    expected: readers(201),
  },
  {
    method: 'GET',
    path: '/api/v2/forums/{id}/search/',
    handler: searchRoute,
    request: async (world, s) => ({ path: '/api/v2/forums/x/search/?q=ciclos', ...idParams((await forumOf(world)).forum.id), ...authed(s) }),
    expected: readers(200),
    check: (_persona, json: unknown[]) => expect(json.length).toBeGreaterThan(0),
  },
  {
    method: 'GET',
    path: '/api/v2/forums/{id}/members/',
    handler: membersRoute,
    request: async (world, s) => ({ path: '/api/v2/forums/x/members/?search=', ...idParams((await forumOf(world)).forum.id), ...authed(s) }),
    expected: readers(200),
  },
  {
    method: 'GET',
    path: '/api/v2/forums/{id}/reports/',
    handler: reportsRoute,
    request: async (world, s) => {
      const { forum, comment } = await forumOf(world);
      await reportPost(await callerOf(world.student), { targetType: 'comment', targetId: comment.id, reason: 'Fuera de tema' });
      return { path: '/api/v2/forums/x/reports/', ...idParams(forum.id), ...authed(s) };
    },
    expected: moderators(200),
    check: (_persona, json: { results: { reason: string }[] }) => expect(json.results.map((report) => report.reason)).toEqual(['Fuera de tema']),
  },
  {
    method: 'GET',
    path: '/api/v2/threads/{id}/',
    handler: threadRoute.GET,
    request: async (world, s) => ({ path: '/api/v2/threads/x/', ...idParams((await forumOf(world)).thread.id), ...authed(s) }),
    expected: readers(200),
    check: (_persona, json: { comments: unknown[] }) => expect(json.comments).toHaveLength(1),
  },
  {
    method: 'PATCH',
    path: '/api/v2/threads/{id}/',
    handler: threadRoute.PATCH,
    request: async (world, s) => ({ path: '/api/v2/threads/x/', ...idParams((await forumOf(world)).thread.id), body: { title: 'Ciclos en Python' }, ...authed(s) }),
    expected: studentAuthor(200),
  },
  {
    method: 'PATCH',
    path: '/api/v2/threads/{id}/ (pin and lock)',
    handler: threadRoute.PATCH,
    request: async (world, s) => ({ path: '/api/v2/threads/x/', ...idParams((await forumOf(world)).thread.id), body: { pinned: true, locked: true }, ...authed(s) }),
    expected: moderators(200),
  },
  {
    method: 'DELETE',
    path: '/api/v2/threads/{id}/',
    handler: threadRoute.DELETE,
    request: async (world, s) => ({ path: '/api/v2/threads/x/', ...idParams((await forumOf(world)).thread.id), ...authed(s) }),
    expected: studentAuthor(204),
  },
  {
    method: 'GET',
    path: '/api/v2/comments/',
    handler: commentsRoute.GET,
    request: async (world, s) => ({ path: `/api/v2/comments/?thread=${(await forumOf(world)).thread.id}`, ...authed(s) }),
    expected: readers(200),
  },
  {
    method: 'POST',
    path: '/api/v2/comments/',
    handler: commentsRoute.POST,
    request: async (world, s) => {
      const { thread, comment } = await forumOf(world);
      return { path: '/api/v2/comments/', body: { thread: thread.id, parent: comment.id, body: 'Gracias por la respuesta' }, ...authed(s) };
    },
    expected: readers(201),
  },
  {
    method: 'PATCH',
    path: '/api/v2/comments/{id}/',
    handler: commentRoute.PATCH,
    request: async (world, s) => ({ path: '/api/v2/comments/x/', ...idParams((await forumOf(world)).comment.id), body: { body: 'Un ciclo repite instrucciones mientras se cumpla una condición.' }, ...authed(s) }),
    expected: tutorAuthor(200),
  },
  {
    method: 'PATCH',
    path: '/api/v2/comments/{id}/ (hide)',
    handler: commentRoute.PATCH,
    request: async (world, s) => ({ path: '/api/v2/comments/x/', ...idParams((await forumOf(world)).comment.id), body: { hidden: true }, ...authed(s) }),
    expected: moderators(200),
    check: (_persona, json: { hidden: boolean; hiddenInfo: unknown }) => {
      expect(json.hidden).toBe(true);
      expect(json.hiddenInfo).not.toBeNull();
    },
  },
  {
    method: 'DELETE',
    path: '/api/v2/comments/{id}/',
    handler: commentRoute.DELETE,
    request: async (world, s) => ({ path: '/api/v2/comments/x/', ...idParams((await forumOf(world)).comment.id), ...authed(s) }),
    expected: tutorAuthor(204),
  },
  {
    method: 'POST',
    path: '/api/v2/likes/',
    handler: likeRoute,
    request: async (world, s) => ({ path: '/api/v2/likes/', body: { targetType: 'comment', targetId: (await forumOf(world)).comment.id, liked: true }, ...authed(s) }),
    expected: readers(200),
    check: (_persona, json: { liked: boolean; likeCount: number }) => expect(json).toMatchObject({ liked: true, likeCount: 1 }),
  },
  {
    method: 'POST',
    path: '/api/v2/reports/',
    handler: reportRoute,
    request: async (world, s) => ({ path: '/api/v2/reports/', body: { targetType: 'comment', targetId: (await forumOf(world)).comment.id, reason: 'Spam' }, ...authed(s) }),
    expected: readers(201),
  },
  {
    method: 'PATCH',
    path: '/api/v2/reports/{id}/',
    handler: resolveRoute,
    request: async (world, s) => {
      const { thread } = await forumOf(world);
      const report = await reportPost(await callerOf(world.student), { targetType: 'thread', targetId: thread.id, reason: '' });
      return { path: '/api/v2/reports/x/', ...idParams(report.id), body: { resolved: true }, ...authed(s) };
    },
    expected: moderators(204),
  },
  {
    method: 'GET',
    path: '/api/v2/subscriptions/',
    handler: subscriptionsRoute.GET,
    request: async (world, s) => {
      const { thread } = await forumOf(world);
      await subscribe(await callerOf(world.student), { targetType: 'thread', targetId: thread.id, email: 'daily' });
      return { path: '/api/v2/subscriptions/', ...authed(s) };
    },
    expected: members(200),
    // The author follows their thread; nobody sees anyone else's follows.
    check: (persona, json: { email: string }[]) => expect(json.map((follow) => follow.email)).toEqual(persona === 'student' ? ['daily'] : []),
  },
  {
    method: 'PUT',
    path: '/api/v2/subscriptions/',
    handler: subscriptionsRoute.PUT,
    request: async (world, s) => ({ path: '/api/v2/subscriptions/', body: { targetType: 'forum', targetId: (await forumOf(world)).forum.id, email: 'weekly' }, ...authed(s) }),
    expected: readers(200),
  },
  {
    method: 'DELETE',
    path: '/api/v2/subscriptions/{id}/',
    handler: unsubscribeRoute,
    request: async (world, s) => {
      const { forum } = await forumOf(world);
      const follow = await subscribe(await callerOf(world.student), { targetType: 'forum', targetId: forum.id, email: 'instant' });
      return { path: '/api/v2/subscriptions/x/', ...idParams(follow.id), ...authed(s) };
    },
    // Only the student's own follow: to anyone else it does not exist.
    expected: { outsider: 401, student: 204, otherStudent: 404, tutor: 404, admin: 404 },
  },
  {
    method: 'GET',
    path: '/api/v2/events/',
    handler: firstEventOf,
    request: async (world, s) => ({ path: `/api/v2/events/?forum=${(await forumOf(world)).forum.id}`, ...authed(s) }),
    expected: readers(200),
    check: (_persona, json: { text: string }) => expect(json.text).toContain('"unseen":'),
  },
  {
    method: 'GET',
    path: '/api/v2/events/ (a thread)',
    handler: firstEventOf,
    request: async (world, s) => ({ path: `/api/v2/events/?thread=${(await forumOf(world)).thread.id}`, ...authed(s) }),
    expected: readers(200),
  },
  {
    method: 'GET',
    path: '/api/v2/notifications/',
    handler: notificationsRoute,
    request: async (world, s) => {
      await forumOf(world);
      return { path: '/api/v2/notifications/', ...authed(s) };
    },
    expected: members(200),
    // The tutor's comment answered the student's thread: only the student is told.
    check: (persona, json: { results: { kind: string }[] }) => expect(json.results.map((item) => item.kind)).toEqual(persona === 'student' ? ['reply'] : []),
  },
  {
    method: 'GET',
    path: '/api/v2/notifications/unseen/',
    handler: unseenRoute,
    request: async (world, s) => {
      await forumOf(world);
      return { path: '/api/v2/notifications/unseen/', ...authed(s) };
    },
    expected: members(200),
    check: (persona, json: { unseen: number }) => expect(json.unseen).toBe(persona === 'student' ? 1 : 0),
  },
  {
    method: 'POST',
    path: '/api/v2/notifications/seen/',
    handler: seenRoute,
    request: async (world, s) => {
      await forumOf(world);
      return { path: '/api/v2/notifications/seen/', body: {}, ...authed(s) };
    },
    expected: members(200),
    check: (_persona, json: { unseen: number }) => expect(json.unseen).toBe(0),
  },
  {
    method: 'GET',
    path: '/api/v2/cohorts/{id}/content/forums/',
    handler: cohortForumsRoute,
    request: async (world, s) => {
      await forumOf(world);
      return { path: '/api/v2/cohorts/x/content/forums/', ...idParams(world.cohortA.id), ...authed(s) };
    },
    expected: readers(200),
    check: (_persona, json: { title: string }[]) => expect(json.map((forum) => forum.title)).toEqual(['Foro de la cohorte A']),
  },
  {
    method: 'GET',
    path: '/api/v2/programs/{id}/forums/',
    handler: programForumsRoute,
    request: async (world, s) => {
      await createForumRow({ programId: world.cohortA.programId! }, { title: 'Foro del programa A' });
      return { path: '/api/v2/programs/x/forums/', ...idParams(world.cohortA.programId!), ...authed(s) };
    },
    expected: readers(200),
    check: (_persona, json: { title: string }[]) => expect(json.map((forum) => forum.title)).toEqual(['Foro del programa A']),
  },
];
