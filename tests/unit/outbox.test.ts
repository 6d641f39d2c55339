/**
 * Issue 34: the outbox keeps a person's writes made offline and sends them
 * strictly in order, each once, only as that person. A real IndexedDB
 * implementation (fake-indexeddb) holds them; the server is a fake at the
 * network boundary that, like Senda's endpoints, makes a write once per key.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { addEntry, deleteEntry, hasOutboxDatabase, listEntries, OUTBOX_DATABASE } from '~/lib/client/outbox/outbox-store';
import { OUTBOX_DATABASE as LOOKED_FOR } from '~/lib/client/outbox-indicator';
import { discardEntry, replayOutbox, takeSettled } from '~/lib/client/outbox/replay-outbox';
import type { NewOutboxEntry, OutboxEntry } from '~/lib/client/outbox/outbox-entry';

const ANA = 11;
const BETO = 12;

const reply = (body: string): NewOutboxEntry => ({ title: 'Ciclos', href: '/forums/threads/3', write: { kind: 'forum-comment', thread: 3, body } });

/**
 * A server that makes each write once per key (as Senda's endpoints do with `clientKey`). `failWith` decides, from the
 * write's text and how many times it arrived, how a send fails: a thrown value (a Response, a TypeError), 'lost' (made,
 * but the answer never came back), or nothing.
 */
function fakeServer() {
  const made = new Map<string, string>();
  const received: string[] = [];
  let failWith: (body: string, arrival: number) => unknown = () => null;
  return {
    made,
    received,
    fail(rule: typeof failWith) {
      failWith = rule;
    },
    send: async (entry: OutboxEntry) => {
      const body = entry.write.kind === 'forum-comment' ? entry.write.body : entry.write.kind;
      received.push(body);
      const failure = failWith(body, received.filter((item) => item === body).length);
      if (failure && failure !== 'lost') throw failure;
      if (!made.has(entry.key)) made.set(entry.key, body);
      if (failure === 'lost') throw new TypeError('Failed to fetch');
      return { id: [...made.keys()].indexOf(entry.key) + 1 };
    },
  };
}

const refusal = (status: number, message: string) => new Response(JSON.stringify({ error: { code: 'x', message } }), { status, headers: { 'content-type': 'application/json' } });

// Each test starts with an empty outbox.
afterEach(async () => {
  for (const owner of [ANA, BETO]) for (const entry of await listEntries(owner)) await deleteEntry(entry.seq);
});

describe('the outbox', () => {
  it('sends a person’s writes in the order they were made, each once, and forgets them once sent', async () => {
    const server = fakeServer();
    for (const body of ['uno', 'dos', 'tres']) await addEntry(ANA, reply(body));
    const report = await replayOutbox({ ownerId: ANA, send: server.send });
    expect(server.received).toEqual(['uno', 'dos', 'tres']);
    expect(report.sent.size).toBe(3);
    expect(await listEntries(ANA)).toEqual([]);
    await replayOutbox({ ownerId: ANA, send: server.send });
    expect(server.received).toEqual(['uno', 'dos', 'tres']);
    // Nothing left: the database is gone, so no page loads the outbox for nothing.
    expect(await hasOutboxDatabase()).toBe(false);
  });

  it('two replays at once (two triggers, two tabs) still send each write once', async () => {
    const server = fakeServer();
    for (const body of ['uno', 'dos']) await addEntry(ANA, reply(body));
    await Promise.all([replayOutbox({ ownerId: ANA, send: server.send }), replayOutbox({ ownerId: ANA, send: server.send })]);
    expect(server.received).toEqual(['uno', 'dos']);
  });

  it('a write that a replay already under way sent still gets its answer (the form says it was posted, not kept)', async () => {
    const server = fakeServer();
    const kept = await addEntry(ANA, reply('uno'));
    // The page's load (or a session read) started a replay; the form's own comes after it and finds the line empty.
    const earlier = replayOutbox({ ownerId: ANA, send: server.send });
    const own = await replayOutbox({ ownerId: ANA, send: server.send });
    await earlier;
    expect(own.sent.has(kept.seq)).toBe(false);
    expect(server.received).toEqual(['uno']);
    expect(takeSettled(kept.seq)).toEqual({ answer: { id: 1 } });
    expect(takeSettled(kept.seq)).toBeUndefined();
  });

  it('stops at a network failure: that write and all after it wait for the connection, then go in order', async () => {
    const server = fakeServer();
    for (const body of ['uno', 'dos', 'tres']) await addEntry(ANA, reply(body));
    server.fail((body, arrival) => (body === 'dos' && arrival === 1 ? new TypeError('Failed to fetch') : null));
    const first = await replayOutbox({ ownerId: ANA, send: server.send });
    expect(first.waitingFor).toBe('connection');
    expect(server.received).toEqual(['uno', 'dos']);
    expect((await listEntries(ANA)).map((entry) => [entry.write.kind === 'forum-comment' && entry.write.body, entry.state])).toEqual([
      ['dos', 'waiting'],
      ['tres', 'waiting'],
    ]);
    await replayOutbox({ ownerId: ANA, send: server.send });
    expect([...server.made.values()]).toEqual(['uno', 'dos', 'tres']);
  });

  it('a 5xx or a 429 is a moment: the line waits and goes on later', async () => {
    const server = fakeServer();
    await addEntry(ANA, reply('uno'));
    server.fail((_, arrival) => (arrival === 1 ? refusal(503, 'Mantenimiento') : arrival === 2 ? refusal(429, 'Demasiados mensajes') : null));
    expect((await replayOutbox({ ownerId: ANA, send: server.send })).waitingFor).toBe('connection');
    expect((await replayOutbox({ ownerId: ANA, send: server.send })).waitingFor).toBe('connection');
    await replayOutbox({ ownerId: ANA, send: server.send });
    expect([...server.made.values()]).toEqual(['uno']);
  });

  it('a write whose answer was lost is sent again with the same key, and the server makes it once', async () => {
    const server = fakeServer();
    await addEntry(ANA, reply('sin respuesta'));
    server.fail((_, arrival) => (arrival === 1 ? 'lost' : null));
    expect((await replayOutbox({ ownerId: ANA, send: server.send })).waitingFor).toBe('connection');
    await replayOutbox({ ownerId: ANA, send: server.send });
    expect(server.received).toEqual(['sin respuesta', 'sin respuesta']);
    expect([...server.made.values()]).toEqual(['sin respuesta']);
    expect(await listEntries(ANA)).toEqual([]);
  });

  it('an expired session (401) keeps every write, waiting for the person to sign in again', async () => {
    const server = fakeServer();
    for (const body of ['uno', 'dos']) await addEntry(ANA, reply(body));
    server.fail(() => (server.received.length === 1 ? refusal(401, 'Sesión vencida') : null));
    expect((await replayOutbox({ ownerId: ANA, send: server.send })).waitingFor).toBe('sign-in');
    expect((await listEntries(ANA)).map((entry) => entry.state)).toEqual(['waiting', 'waiting']);
    await replayOutbox({ ownerId: ANA, send: server.send });
    expect([...server.made.values()]).toEqual(['uno', 'dos']);
  });

  it('a refusal (409: the thread was locked) sets that write aside with the server’s words; the ones after it still go, and it is never sent again', async () => {
    const server = fakeServer();
    for (const body of ['uno', 'cerrado', 'tres']) await addEntry(ANA, reply(body));
    server.fail((body) => (body === 'cerrado' ? refusal(409, 'El hilo está cerrado: ya no recibe comentarios.') : null));
    const report = await replayOutbox({ ownerId: ANA, send: server.send });
    expect(report.refused.size).toBe(1);
    expect([...server.made.values()]).toEqual(['uno', 'tres']);
    const [left] = await listEntries(ANA);
    expect(left).toMatchObject({ state: 'not-sent', problem: 'El hilo está cerrado: ya no recibe comentarios.', write: { body: 'cerrado' } });
    await replayOutbox({ ownerId: ANA, send: server.send });
    expect(server.received.filter((body) => body === 'cerrado')).toHaveLength(1);
  });

  it('is per person: another person on the same browser neither lists nor sends the first one’s writes, which stay for them', async () => {
    const server = fakeServer();
    await addEntry(ANA, reply('de Ana'));
    expect(await listEntries(BETO)).toEqual([]);
    await replayOutbox({ ownerId: BETO, send: server.send });
    expect(server.received).toEqual([]);
    expect((await listEntries(ANA)).map((entry) => entry.ownerId)).toEqual([ANA]);
    await replayOutbox({ ownerId: ANA, send: server.send });
    expect(server.received).toEqual(['de Ana']);
  });

  it('keeps a submission’s files as Blobs, bytes and all', async () => {
    await addEntry(ANA, { title: 'Informe', href: '/assignments/7', write: { kind: 'assignment-submission', assignmentId: 7, text: 'Mi informe', link: '', files: [{ name: 'informe.pdf', blob: new Blob(['%PDF-1.4 hola'], { type: 'application/pdf' }) }] } });
    const [entry] = await listEntries(ANA);
    if (entry?.write.kind !== 'assignment-submission') throw new Error('expected a submission');
    expect(entry.write.files[0]!.name).toBe('informe.pdf');
    expect(await entry.write.files[0]!.blob.text()).toBe('%PDF-1.4 hola');
    expect(entry.write.files[0]!.blob.type).toBe('application/pdf');
  });

  it('is the database the header looks for before loading the outbox', () => {
    expect(LOOKED_FOR).toBe(OUTBOX_DATABASE);
  });

  it('an entry is discarded only by its owner', async () => {
    const entry = await addEntry(ANA, reply('mío'));
    // Nobody is signed in here: discarding as someone else changes nothing.
    await discardEntry(entry);
    expect(await listEntries(ANA)).toHaveLength(1);
  });
});
