/**
 * Sends the signed-in person's queued writes, strictly in the order they were
 * made (ADR 036): one replay at a time (in this tab, and across tabs where
 * the browser has Web Locks), each entry removed once the server took it.
 * A failure on the network (or a 5xx, a 429) stops the line, the entry and
 * all after it waiting for the connection; a 401 stops it waiting for the
 * person to sign in again; any other refusal (a 4xx: the due date passed, the
 * thread was locked or deleted, a field the server refused) sets that entry
 * aside as "not sent" with the server's message, and the line goes on.
 * Entries of anyone else on this browser are never read, shown or sent.
 */
import { atom } from 'nanostores';
import { readApiProblem } from '~/lib/client/api-problem';
import { readAccessData } from '~/lib/client/storage';
import type { OutboxEntry } from './outbox-entry';
import { canKeepWrites, deleteEntry, listEntries, markNotSent } from './outbox-store';
import { sendEntry } from './send-entry';

/** What the line waits for after a replay: nothing, the connection, or a new sign-in. */
export type OutboxWait = 'connection' | 'sign-in' | null;

export interface OutboxView {
  entries: OutboxEntry[];
  waitingFor: OutboxWait;
}

/** The signed-in person's entries as last read, for the list and the islands. */
export const $outbox = atom<OutboxView>({ entries: [], waitingFor: null });

/** Fired on window for each entry the server took, with its answer (an island on the page shows it). */
export const OUTBOX_SENT_EVENT = 'senda:outbox-sent';
export interface OutboxSentDetail {
  entry: OutboxEntry;
  answer: unknown;
}

export interface ReplayOptions {
  /** Whose line: the signed-in user (from the session's stored access data) unless given. */
  ownerId?: number | null;
  /** The network boundary (tests pass a fake server). */
  send?: (entry: OutboxEntry, onProgress: (sent: number) => void) => Promise<unknown>;
  onProgress?(entry: OutboxEntry, sent: number): void;
}

export interface ReplayReport {
  /** Answers of the entries sent, by seq. */
  sent: Map<number, unknown>;
  /** The failures of the entries refused, by seq. */
  refused: Map<number, unknown>;
  waitingFor: OutboxWait;
}

/** The user the request helper sends as (null when signed out). */
export const signedInUserId = (): number | null => (typeof localStorage === 'undefined' ? null : (readAccessData(localStorage)?.idUser ?? null));

/**
 * How each entry ended, whichever replay settled it (the page's load, a session read, another tab): the write that
 * made it takes its outcome from here, since its own replay may find the entry already sent by an earlier one.
 */
type Settled = { answer: unknown } | { failure: unknown };
const settled = new Map<number, Settled>();

/** The outcome of an entry once a replay settled it (taken once), or undefined while it waits. */
export function takeSettled(seq: number): Settled | undefined {
  const outcome = settled.get(seq);
  settled.delete(seq);
  return outcome;
}

/** Other tabs of this browser hear what one sent (its pages show it; their lists drop it). */
let channel: BroadcastChannel | null = null;
function outboxChannel(): BroadcastChannel | null {
  if (channel || typeof window === 'undefined' || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel('senda-outbox');
  channel.addEventListener('message', (event: MessageEvent<OutboxSentDetail>) => {
    settled.set(event.data.entry.seq, { answer: event.data.answer });
    window.dispatchEvent(new CustomEvent<OutboxSentDetail>(OUTBOX_SENT_EVENT, { detail: event.data }));
    void refreshOutbox().catch(() => undefined);
  });
  return channel;
}

/** Tells this page and the browser's other tabs that an entry was sent. */
function announceSent(detail: OutboxSentDetail): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<OutboxSentDetail>(OUTBOX_SENT_EVENT, { detail }));
  outboxChannel()?.postMessage(detail);
}

/** What a failed send means for the line. */
function outcomeOf(failure: unknown): 'connection' | 'sign-in' | 'refused' {
  if (!(failure instanceof Response)) return 'connection';
  if (failure.status === 401) return 'sign-in';
  if (failure.status >= 500 || failure.status === 429 || failure.status === 408) return 'connection';
  return 'refused';
}

let waitingFor: OutboxWait = null;

/** Reads the owner's entries into `$outbox`. */
export async function refreshOutbox(ownerId: number | null = signedInUserId()): Promise<OutboxEntry[]> {
  outboxChannel();
  const entries = ownerId === null || !canKeepWrites() ? [] : await listEntries(ownerId);
  if (entries.every((entry) => entry.state !== 'waiting')) waitingFor = null;
  $outbox.set({ entries, waitingFor });
  return entries;
}

async function runReplay(options: ReplayOptions): Promise<ReplayReport> {
  const ownerId = options.ownerId === undefined ? signedInUserId() : options.ownerId;
  const send = options.send ?? sendEntry;
  const report: ReplayReport = { sent: new Map(), refused: new Map(), waitingFor: null };
  if (ownerId === null) return report;
  // The browser knows it is offline: nothing would get through (the `online` event starts the next replay).
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    report.waitingFor = waitingFor = 'connection';
    await refreshOutbox(ownerId);
    return report;
  }
  for (const entry of await listEntries(ownerId)) {
    if (entry.state !== 'waiting') continue;
    // Someone else signed in meanwhile: their session never sends this person's writes.
    if (options.ownerId === undefined && signedInUserId() !== ownerId) break;
    try {
      const answer = await send(entry, (sent) => options.onProgress?.(entry, sent));
      await deleteEntry(entry.seq);
      report.sent.set(entry.seq, answer);
      settled.set(entry.seq, { answer });
      announceSent({ entry, answer });
    } catch (failure) {
      const outcome = outcomeOf(failure);
      if (outcome !== 'refused') {
        report.waitingFor = outcome;
        break;
      }
      report.refused.set(entry.seq, failure);
      settled.set(entry.seq, { failure });
      await markNotSent(entry.seq, (await readApiProblem(failure, '')).message);
    }
  }
  waitingFor = report.waitingFor;
  await refreshOutbox(ownerId);
  return report;
}

let line: Promise<unknown> = Promise.resolve();

/** Sends the owner's waiting entries in order; one replay at a time. */
export function replayOutbox(options: ReplayOptions = {}): Promise<ReplayReport> {
  const run = () => {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    return locks ? locks.request('senda-outbox', () => runReplay(options)) : runReplay(options);
  };
  const next = line.then(run, run);
  line = next.catch(() => undefined);
  return next;
}

/** The owner discards an entry (a refused one they read, or one they no longer want sent). */
export async function discardEntry(entry: OutboxEntry): Promise<void> {
  if (entry.ownerId !== signedInUserId()) return;
  await deleteEntry(entry.seq);
  await refreshOutbox();
}
