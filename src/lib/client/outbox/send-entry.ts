/** Sends one outbox entry through the typed API client, with its idempotency key where the endpoint takes one. */
import { createComment } from '~/lib/client/api/forums';
import { sendSubmission } from '~/lib/client/api/assignments';
import { savePersonForm, type PersonFormBody } from '~/lib/client/api/person';
import type { OutboxEntry } from './outbox-entry';

/** Sends an entry (with its key, when it has one); rejects as the request helper does (a Response, or a TypeError when the network failed). */
export function sendEntry(entry: OutboxEntry, onProgress: (sent: number) => void = () => undefined): Promise<unknown> {
  const { write, key } = entry;
  switch (write.kind) {
    case 'forum-comment':
      return createComment({ thread: write.thread, ...(write.parent !== undefined && { parent: write.parent }), body: write.body, ...(key && { clientKey: key }) });
    case 'assignment-submission': {
      const files = write.files.map(({ name, blob }) => new File([blob], name, { type: blob.type }));
      return sendSubmission(write.assignmentId, { text: write.text, link: write.link, files }, onProgress, key || undefined);
    }
    case 'person-form':
      return savePersonForm({ kind: 'own' }, write.form as PersonFormBody);
  }
}
