/**
 * On every signed-in page: if this browser holds queued writes (the outbox
 * database exists), load the outbox to send them and show the "Pendiente de
 * enviar" list in the header. Nothing more is loaded when nothing is queued,
 * which is almost always (ADR 036).
 */
/** The outbox database's name (outbox/outbox-store.ts; a unit test checks they agree), written here so this script shares no chunk with the outbox. */
export const OUTBOX_DATABASE = 'senda-outbox';

async function hasQueuedWrites(): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || !document.querySelector('[data-outbox]')) return false;
  // Without databases() (older browsers) the outbox is loaded to look.
  if (typeof indexedDB.databases !== 'function') return true;
  return (await indexedDB.databases()).some((database) => database.name === OUTBOX_DATABASE);
}

export async function startOutboxIndicator(): Promise<void> {
  if (await hasQueuedWrites().catch(() => false)) (await import('./outbox/outbox-panel')).startOutboxPanel();
}
