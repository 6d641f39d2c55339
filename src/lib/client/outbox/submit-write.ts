/**
 * How islands write through the outbox: the write is kept on this device
 * first, then the line is sent in order. Online, the island gets the
 * server's answer (or its refusal, to show beside the form) as before;
 * offline, or when the network fails, it gets `queued` and the write waits in
 * the "Pendiente de enviar" list. Without IndexedDB (or signed out) the write
 * is simply sent.
 */
import type { NewOutboxEntry } from './outbox-entry';
import { addEntry, canKeepWrites, deleteEntry } from './outbox-store';
import { refreshOutbox, replayOutbox, signedInUserId, takeSettled } from './replay-outbox';
import { sendEntry } from './send-entry';
import { startOutboxPanel } from './outbox-panel';

export type WriteOutcome = { status: 'sent'; answer: unknown } | { status: 'queued' };

/** Keeps a write and sends the line; rejects (with the Response) when the server refuses this write. */
export async function submitWrite(write: NewOutboxEntry, options: { onProgress?(sent: number): void } = {}): Promise<WriteOutcome> {
  const ownerId = signedInUserId();
  const stored = ownerId !== null && canKeepWrites() ? await addEntryOrNull(ownerId, write) : null;
  if (!stored) {
    // Nothing to send again later, so no key either.
    const transient = { ...write, seq: 0, key: '', ownerId: ownerId ?? 0, createdAt: new Date().toISOString(), state: 'waiting' as const, problem: null };
    return { status: 'sent', answer: await sendEntry(transient, options.onProgress) };
  }
  startOutboxPanel();
  if (navigator.onLine === false) {
    await refreshOutbox(ownerId);
    return { status: 'queued' };
  }
  await replayOutbox({ onProgress: (entry, sent) => entry.seq === stored.seq && options.onProgress?.(sent) });
  // Whichever replay sent it (this one, or one already under way when it was kept), its outcome is here.
  const outcome = takeSettled(stored.seq);
  if (outcome && 'answer' in outcome) return { status: 'sent', answer: outcome.answer };
  if (outcome) {
    // Refused while the person is still on the form: the form shows why, with their text still in it.
    await deleteEntry(stored.seq);
    await refreshOutbox(ownerId);
    throw outcome.failure;
  }
  return { status: 'queued' };
}

async function addEntryOrNull(ownerId: number, write: NewOutboxEntry) {
  try {
    return await addEntry(ownerId, write);
  } catch {
    // IndexedDB refused (full, private mode): the write goes straight to the server.
    return null;
  }
}
