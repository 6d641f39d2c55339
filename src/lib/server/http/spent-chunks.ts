/**
 * Gives back the memory of chunks already sent while a large answer streams
 * (ADR 015). Each chunk read from disk is a buffer whose memory V8 frees only
 * when it collects the small object that holds it; a stream allocates few
 * objects per megabyte, so V8 collects rarely and lets up to ~64 MB of sent
 * chunks wait (measured: a 1 GB file streamed took 75 MB more RSS; a zip of
 * 1 GB, 38 MB on top of the server). Asking for a young-generation collection
 * every few megabytes sent keeps that at a few megabytes, for well under a
 * millisecond each. The app servers run with `--expose-gc` (scripts/start.ts);
 * elsewhere (tests, `astro dev`) there is no `gc` and nothing is asked.
 */

/** Sent bytes between two collections. */
const COLLECT_EVERY_BYTES = 4 * 1024 * 1024;

type Collect = (options: { type: 'minor' | 'major'; execution: 'sync' | 'async' }) => void;

/** Counts the bytes of one streamed answer and asks for a young-generation collection every few megabytes. */
export function spentChunkCollector(): (chunkBytes: number) => void {
  const collect = (globalThis as typeof globalThis & { gc?: Collect }).gc;
  if (!collect) return () => undefined;
  let sinceLast = 0;
  return (chunkBytes) => {
    sinceLast += chunkBytes;
    if (sinceLast < COLLECT_EVERY_BYTES) return;
    sinceLast = 0;
    collect({ type: 'minor', execution: 'sync' });
  };
}
