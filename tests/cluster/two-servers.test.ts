/**
 * Two app servers on one PostgreSQL behind nginx (scripts/cluster/start-cluster.ts),
 * as a national program runs Senda. For each domain a server caches, a write
 * made on server A shows on server B as soon as B has heard the change
 * (PostgreSQL NOTIFY): B's cache is warmed first, then the test polls B until
 * the change shows (no fixed sleep), so a B that never hears it fails.
 * Runs with CLUSTER_DATABASE_URL (scripts/pg-test.sh sets it; CI runs it).
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../scripts/cluster/start-cluster';
import { api, Browser, DEMO_PASSWORD, EventReader } from './cluster-client';

const databaseUrl = process.env.CLUSTER_DATABASE_URL;
const ROOT = resolve(import.meta.dirname, '..', '..');

/** Reads on server B until what it answers passes `check` (it heard the change), or fails after 10 s. */
async function untilSeen<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`server B never showed the change; last answer: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

describe.skipIf(!databaseUrl)('two app servers on one PostgreSQL behind nginx', () => {
  let cluster: Cluster;
  let A: string;
  let B: string;
  let admin: string;
  let student: { id: number; token: string; email: string };
  let ids: { course: number; cohort: number; lessons: number[] };

  const senda = (args: string[]) => promisify(execFile)('npm', ['run', '--silent', 'senda', '--', ...args], { cwd: ROOT, env: { ...process.env, ...cluster.cliEnv }, timeout: 60_000 });
  const signIn = async (base: string, email: string) => {
    const answer = await api(base, 'POST', '/api/v2/auth/login/', { body: { email, password: DEMO_PASSWORD } });
    expect(answer.status).toBe(200);
    return answer.json as { accessToken: string; refreshToken: string };
  };

  beforeAll(async () => {
    cluster = await startCluster({ databaseUrl: databaseUrl!, port: Number(process.env.CLUSTER_PORT ?? 4720), say: () => {} });
    [A, B] = cluster.serverUrls as [string, string];
    // The demo admin, signed in on A (servers share the development secret through the database).
    admin = (await signIn(A, 'admin@senda.test')).accessToken;
    const as = (method: string, path: string, body?: object) => api(A, method, path, { token: admin, body });
    const paths = await as('GET', '/api/v2/learning-paths/');
    const program = await as('POST', '/api/v2/programs/', { name: 'Programa clúster', description: '' });
    const course = await as('POST', '/api/v2/courses/', { programId: program.json.id, name: 'Curso clúster' });
    const cohort = await as('POST', '/api/v2/cohorts/', { learningPathId: paths.json.results[0].id, programId: program.json.id, name: 'Cohorte clúster' });
    const lessons = [];
    for (const title of ['Uno', 'Dos', 'Tres']) lessons.push((await as('POST', `/api/v2/courses/${course.json.id}/lessons/`, { title, section: '', publishedAt: new Date().toISOString() })).json.id);
    expect((await as('POST', `/api/v2/cohorts/${cohort.json.id}/content/courses/${course.json.id}/release/`, {})).status).toBe(200);
    ids = { course: course.json.id, cohort: cohort.json.id, lessons };

    const email = 'cluster.student@senda.test';
    await senda(['create-user', '--email', email, '--password', DEMO_PASSWORD, '--first-name', 'Clara', '--last-name', 'Nodo']);
    const found = await as('GET', `/api/v2/users/?search=${encodeURIComponent(email)}`);
    const id = found.json.results[0].id as number;
    expect((await as('POST', `/api/v2/cohorts/${ids.cohort}/assign_users/`, { users: [{ userId: id, role_id: 1 }] })).status).toBe(200);
    const token = (await signIn(A, email)).accessToken;
    expect((await api(A, 'POST', '/api-termsAndConditions/', { token, body: { id, status: 1 } })).status).toBe(200);
    student = { id, token, email };
  }, 300_000);

  afterAll(async () => {
    await cluster?.stop();
  });

  const lessonTitlesOn = async (base: string) => (await api(base, 'GET', `/api/v2/courses/${ids.course}/lessons/`, { token: student.token })).json.map((lesson: { title: string }) => lesson.title);

  it('content: a lesson renamed on A shows renamed on B', async () => {
    expect(await lessonTitlesOn(B)).toEqual(['Uno', 'Dos', 'Tres']);
    expect((await api(A, 'PATCH', `/api/v2/lessons/${ids.lessons[0]}/`, { token: admin, body: { title: 'Uno: introducción' } })).status).toBe(200);
    await untilSeen(() => lessonTitlesOn(B), (titles) => titles[0] === 'Uno: introducción');
  });

  it('progress: a lesson completed through A shows completed on the course page B renders', async () => {
    const browser = new Browser(B);
    await browser.signIn(student.email);
    const completedBadges = async () => (await browser.page(`/courses/${ids.course}`)).split('>Completada<').length - 1;
    expect(await completedBadges()).toBe(0);
    expect((await api(A, 'POST', '/api/v2/lesson-history/complete/', { token: student.token, body: { lessonId: ids.lessons[1] } })).status).toBe(200);
    await untilSeen(completedBadges, (count) => count === 1);
  });

  it('releases: a course withdrawn on A is closed on B, and open again once released', async () => {
    const progressOnB = () => api(B, 'GET', `/api/v2/courses/${ids.course}/progress/`, { token: student.token }).then((answer) => answer.status);
    expect(await progressOnB()).toBe(200);
    expect((await api(A, 'DELETE', `/api/v2/cohorts/${ids.cohort}/content/courses/${ids.course}/release/`, { token: admin })).status).toBe(204);
    await untilSeen(progressOnB, (status) => status === 404);
    expect((await api(A, 'POST', `/api/v2/cohorts/${ids.cohort}/content/courses/${ids.course}/release/`, { token: admin, body: {} })).status).toBe(200);
    await untilSeen(progressOnB, (status) => status === 200);
  });

  it('maintenance: turned on by the operator, B answers 503 with the message; turned off, B serves again', async () => {
    const coursesOnB = () => api(B, 'POST', '/api-getCoursesXUser/', { token: student.token, body: {} });
    expect((await coursesOnB()).status).toBe(200);
    await senda(['maintenance', 'on', '--message', 'Volvemos pronto']);
    const during = await untilSeen(coursesOnB, (answer) => answer.status === 503);
    expect(during.json.error.message).toBe('Volvemos pronto');
    await senda(['maintenance', 'off']);
    await untilSeen(coursesOnB, (answer) => answer.status === 200);
  });

  it('forums: a comment and a like made on A reach a reader streaming from B without a reload; a reconnect to B catches up from its last event id', async () => {
    const forum = await api(A, 'POST', '/api/v2/forums/', { token: admin, body: { cohort: ids.cohort, title: 'Foro del clúster' } });
    expect(forum.status).toBe(201);
    const thread = await api(A, 'POST', `/api/v2/forums/${forum.json.id}/threads/`, { token: student.token, body: { title: 'Hola desde A', body: 'Primer hilo' } });
    expect(thread.status).toBe(201);
    const onB = await EventReader.open(`${B}/api/v2/events/?thread=${thread.json.id}`, admin);
    await onB.waitFor((data) => data.type === 'notifications');
    const comment = await api(A, 'POST', '/api/v2/comments/', { token: student.token, body: { thread: thread.json.id, body: 'Un comentario escrito en A' } });
    expect(comment.status).toBe(201);
    const created = await onB.waitFor((data) => data.type === 'comment.created' && data.comment.id === comment.json.id);
    expect(created.data.comment.bodyHtml).toContain('Un comentario escrito en A');
    expect((await api(A, 'POST', '/api/v2/likes/', { token: student.token, body: { targetType: 'comment', targetId: comment.json.id, liked: true } })).status).toBe(200);
    await onB.waitFor((data) => data.type === 'likes.changed' && data.targetId === comment.json.id && data.likeCount === 1);
    const lastSeen = Math.max(...onB.events.flatMap((event) => (event.id === null ? [] : [event.id])));
    onB.close();
    // While the reader is away, A takes another comment; reconnecting to B with Last-Event-ID replays exactly it.
    const missed = await api(A, 'POST', '/api/v2/comments/', { token: admin, body: { thread: thread.json.id, body: 'Escrito mientras no mirabas' } });
    expect(missed.status).toBe(201);
    const again = await EventReader.open(`${B}/api/v2/events/?thread=${thread.json.id}`, admin, lastSeen);
    const replayed = await again.waitFor((data) => data.type === 'comment.created');
    expect(replayed.data.comment.id).toBe(missed.json.id);
    again.close();
  });

  it('memberships: a student removed from the cohort on A can no longer read it on B', async () => {
    const progressOnB = () => api(B, 'GET', `/api/v2/courses/${ids.course}/progress/`, { token: student.token }).then((answer) => answer.status);
    expect(await progressOnB()).toBe(200);
    expect((await api(A, 'POST', `/api/v2/cohorts/${ids.cohort}/assign_users/`, { token: admin, body: { remove: [student.id] } })).status).toBe(200);
    await untilSeen(progressOnB, (status) => status === 404 || status === 403);
  });

  it('sign-out: a sign-in ended on A refuses its access token on B at once', async () => {
    const session = await signIn(A, 'student@senda.test');
    const coursesOnB = () => api(B, 'POST', '/api-getCoursesXUser/', { token: session.accessToken, body: {} }).then((answer) => answer.status);
    expect(await coursesOnB()).toBe(200);
    expect((await api(A, 'POST', '/api/v2/auth/logout/', { token: session.accessToken, body: { refresh_token: session.refreshToken } })).status).toBe(204);
    await untilSeen(coursesOnB, (status) => status === 401);
  });

  it('nginx balances over both servers: a sign-in made through it works on every request', async () => {
    const session = await signIn(cluster.url, 'student@senda.test');
    const statuses = [];
    for (let request = 0; request < 6; request++) statuses.push((await api(cluster.url, 'POST', '/api-getCoursesXUser/', { token: session.accessToken, body: {} })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
  });
});
