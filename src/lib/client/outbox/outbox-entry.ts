/**
 * What the outbox keeps (ADR 036): writes a person made on this device that
 * the server has not acknowledged yet, each with its owner (the signed-in
 * user when it was written), its idempotency key, and what it needs to be
 * sent again, files included (as Blobs).
 */

/** A reply or a comment on a forum thread. */
export interface ForumCommentWrite {
  kind: 'forum-comment';
  thread: number;
  parent?: number;
  body: string;
}

/** A file of a submission, kept as the Blob the person chose. */
export interface QueuedFile {
  name: string;
  blob: Blob;
}

/** An assignment submission: its text, link and files. */
export interface SubmissionWrite {
  kind: 'assignment-submission';
  assignmentId: number;
  text: string;
  link: string;
  files: QueuedFile[];
}

/** The person's own form (the whole form: saving it twice changes nothing). */
export interface PersonFormWrite {
  kind: 'person-form';
  form: Record<string, unknown>;
}

export type OutboxWrite = ForumCommentWrite | SubmissionWrite | PersonFormWrite;

/** Waiting to be sent; or refused by the server (`problem` says why, in its words) and kept for the person to read. */
export type OutboxState = 'waiting' | 'not-sent';

export interface OutboxEntry {
  /** Its place in the line (IndexedDB's auto-increment key): sent strictly in this order. */
  seq: number;
  /** The idempotency key sent with it: the server makes the write once however often it arrives. */
  key: string;
  ownerId: number;
  createdAt: string;
  /** What it is about, for the list ("¿Cómo se usa un ciclo for?"), and the page it was written on. */
  title: string;
  href: string;
  state: OutboxState;
  /** Why the server refused it (not-sent), or null. */
  problem: string | null;
  write: OutboxWrite;
}

/** A write as an island hands it over. */
export type NewOutboxEntry = Pick<OutboxEntry, 'title' | 'href' | 'write'>;

/** The text a person typed in a write (what they can copy when it was refused). */
export function textOf(write: OutboxWrite): string {
  if (write.kind === 'forum-comment') return write.body;
  if (write.kind === 'assignment-submission') return [write.text, write.link].filter((part) => part.trim()).join('\n\n');
  return '';
}
