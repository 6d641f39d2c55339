/**
 * Issue 28, item 2: a PostgreSQL restart killed the app server ("Unhandled
 * 'error' event … BoundPool … idleListener"): the process died, ~2 s of
 * requests got no answer and every live event stream dropped. Two app
 * servers on one PostgreSQL take writes (forum comments), API reads and page
 * reads from a few loops while PostgreSQL stops at once (`-m immediate`),
 * stays away for two seconds and starts again. Every server must still be
 * the same process, every request must be answered (2xx, or 503 in the
 * API's error shape with Retry-After while the database is away: never a
 * dropped connection, never a 500), every comment answered 201 must be in
 * the database, and a stream opened before the restart must receive a
 * comment written after it on the other server.
 * Runs with CLUSTER_DATABASE_URL and PG_CTL (scripts/pg-test.sh, through scripts/with-postgres.sh).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../scripts/cluster/start-cluster';
import { api, Browser, DEMO_PASSWORD, EventReader, type Answer } from './cluster-client';

const clusterUrl = process.env.CLUSTER_DATABASE_URL;
const pgCtl = process.env.PG_CTL;
/** The catalogue's Spanish message for database_unavailable (src/i18n/locales/es.json). */
const UNAVAILABLE_MESSAGE = 'El servicio no está disponible por un momento. Vuelve a intentarlo en unos segundos.';
const OUTAGE_MS = 2_000;

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** What the load saw: answers by kind and status, and every answer that breaks the rules. */
class Tally {
  readonly statuses = new Map<string, number>();
  readonly broken: string[] = [];
  /** Comment ids the servers acknowledged (201). */
  readonly acknowledged: number[] = [];

  count(kind: string, status: number) {
    const key = `${kind} ${status}`;
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
  }

  /** An API answer: 2xx, or the catalogue's 503 with Retry-After. */
  checkApi(kind: string, answer: Answer) {
    this.count(kind, answer.status);
    if (answer.status < 300) return;
    const isUnavailable =
      answer.status === 503 && answer.json?.error?.code === 'database_unavailable' && answer.json.error.message === UNAVAILABLE_MESSAGE && Number(answer.headers.get('retry-after')) > 0;
    if (!isUnavailable) this.broken.push(`${kind}: ${answer.status} ${answer.text.slice(0, 200)}`);
  }

  /** A page: 200, or a 503 page with Retry-After. */
  checkPage(kind: string, page: { status: number; headers: Headers; html: string }) {
    this.count(kind, page.status);
    if (page.status === 200) return;
    const isUnavailable = page.status === 503 && page.headers.get('content-type')?.startsWith('text/html') && Number(page.headers.get('retry-after')) > 0 && page.html.includes(UNAVAILABLE_MESSAGE);
    if (!isUnavailable) this.broken.push(`${kind}: ${page.status} ${page.html.slice(0, 200)}`);
  }

  dropped(kind: string, error: unknown) {
    this.count(kind, 0);
    this.broken.push(`${kind}: no answer (${error instanceof Error ? `${error.message} ${String((error.cause as Error | undefined)?.message ?? '')}` : String(error)})`);
  }

  sum(status: number) {
    return [...this.statuses].filter(([key]) => key.endsWith(` ${status}`)).reduce((total, [, count]) => total + count, 0);
  }
}

describe.skipIf(!clusterUrl || !pgCtl)('a PostgreSQL restart under load', () => {
  // A database of its own (on the cluster tests' server), so this file starts from the demo data whatever ran before.
  const databaseUrl = clusterUrl ? Object.assign(new URL(clusterUrl), { pathname: '/senda_restart' }).href : '';
  let cluster: Cluster;
  let A: string;
  let B: string;
  let admin: string;
  let student: string;
  let thread: number;

  const signIn = async (base: string, email: string) => {
    const answer = await api(base, 'POST', '/api/v2/auth/login/', { body: { email, password: DEMO_PASSWORD } });
    expect(answer.status).toBe(200);
    return answer.json.accessToken as string;
  };

  const postgres = async <T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await postgres(clusterUrl!, async (client) => {
      await client.query('drop database if exists senda_restart with (force)');
      await client.query('create database senda_restart');
    });
    cluster = await startCluster({ databaseUrl, port: Number(process.env.CLUSTER_PORT ?? 4720) + 10, say: () => {} });
    [A, B] = cluster.serverUrls as [string, string];
    admin = await signIn(A, 'admin@senda.test');
    student = await signIn(A, 'student@senda.test');
    const forums = await api(A, 'GET', '/api/v2/forums/', { token: admin });
    const forum = (forums.json as { id: number; cohortId: number | null }[]).find((candidate) => candidate.cohortId !== null)!;
    const created = await api(A, 'POST', `/api/v2/forums/${forum.id}/threads/`, { token: admin, body: { title: 'Reinicio de la base de datos', body: 'Comentarios durante el reinicio' } });
    expect(created.status).toBe(201);
    thread = created.json.id;
  }, 300_000);

  afterAll(async () => {
    await cluster?.stop();
  });

  it('keeps each app server the same process, answers every request (503 JSON while the database is away), loses no acknowledged write and resumes live events', async () => {
    const pidsBefore = cluster.listServerPids();
    expect(pidsBefore.every((pid) => pid !== null)).toBe(true);
    const stream = await EventReader.open(`${B}/api/v2/events/?thread=${thread}`, admin);
    await stream.waitFor((data) => data.type === 'notifications');
    const browser = new Browser(A);
    await browser.signIn('student@senda.test');

    const tally = new Tally();
    let running = true;
    let written = 0;
    const loop = async (kind: string, step: () => Promise<void>) => {
      while (running) {
        try {
          await step();
        } catch (error) {
          tally.dropped(kind, error);
        }
        await pause(25);
      }
    };
    const writeComment = (base: string, kind: string) => async () => {
      const answer = await api(base, 'POST', '/api/v2/comments/', { token: admin, body: { thread, body: `Comentario ${++written} (${kind})` } });
      tally.checkApi(kind, answer);
      if (answer.status === 201) tally.acknowledged.push(answer.json.id);
    };
    const load = Promise.all([
      loop('comment on A', writeComment(A, 'comment on A')),
      loop('comment on B', writeComment(B, 'comment on B')),
      loop('thread on B', async () => tally.checkApi('thread on B', await api(B, 'GET', `/api/v2/threads/${thread}/`, { token: admin }))),
      loop('courses on A', async () => tally.checkApi('courses on A', await api(A, 'POST', '/api-getCoursesXUser/', { token: student, body: {} }))),
      loop('home page on A', async () => tally.checkPage('home page on A', await browser.open('/home'))),
    ]);

    // Each step's time since the load began, told when the test fails.
    const began = Date.now();
    const timeline: string[] = [];
    const mark = (step: string) => timeline.push(`${step} at ${Date.now() - began} ms`);
    // What a crash costs PostgreSQL is replaying its log since the last checkpoint: after the whole integration pass on
    // this server, tens of seconds on a slow disk. A checkpoint first keeps the outage about the app, not the disk.
    await postgres(clusterUrl!, (client) => client.query('checkpoint'));
    await pause(1_000);
    mark('stopping PostgreSQL');
    await promisify(execFile)(pgCtl!, ['stop', '-m', 'immediate', '-t', '30']);
    mark('stopped');
    await pause(OUTAGE_MS);
    await promisify(execFile)(pgCtl!, ['start', '-w', '-t', '30']);
    mark('started again');
    // Back: both servers read and write again within a few seconds.
    const deadline = Date.now() + 20_000;
    const isServing = async (base: string) => (await api(base, 'GET', `/api/v2/threads/${thread}/`, { token: admin }).catch(() => null))?.status === 200;
    while (!((await isServing(A)) && (await isServing(B)))) {
      if (Date.now() > deadline) throw new Error(`the servers did not serve again (${timeline.join(', ')}); the load saw ${JSON.stringify([...tally.statuses])}`);
      await pause(100);
    }
    mark('both serving');
    await pause(1_000);
    running = false;
    await load;
    mark('load ended');

    expect(cluster.listServerPids()).toEqual(pidsBefore);
    const seen = `answers by kind and status: ${JSON.stringify([...tally.statuses])}; ${timeline.join(', ')}`;
    expect(tally.broken.slice(0, 10), seen).toEqual([]);
    // Requests came while the database was away (503), and before and after it (2xx).
    expect(tally.sum(503), seen).toBeGreaterThan(0);
    expect(tally.sum(201), seen).toBeGreaterThan(0);

    const found = await postgres(databaseUrl, (client) => client.query<{ id: number }>('select id from forum_comments where id = any($1::int[])', [tally.acknowledged]));
    expect(found.rows.map((row) => row.id).sort((a, b) => a - b)).toEqual([...tally.acknowledged].sort((a, b) => a - b));

    // The stream opened before the restart is still open, and hears a comment written on the other server after it.
    const after = await api(A, 'POST', '/api/v2/comments/', { token: admin, body: { thread, body: 'Escrito después del reinicio' } });
    expect(after.status).toBe(201);
    await stream.waitFor((data) => data.type === 'comment.created' && data.comment.id === after.json.id, 10_000);
    expect(stream.isOpen).toBe(true);
    stream.close();
    // Bounded steps: the load's requests (ANSWER_TIMEOUT_MS each), pg_ctl (30 s each), the 20 s wait for service.
  }, 150_000);
});
