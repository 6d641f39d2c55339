/**
 * Streamed answers at the client's pace. Astro's Node adapter writes a
 * response body chunk after chunk without waiting for the socket to drain
 * (astro/app/node writeResponse), so a body read from disk faster than the
 * client takes it would pile up in memory: a 1 GB zip to a slow connection
 * would hold most of the gigabyte. The server (boot/serve-app.ts) runs each
 * request with its Node response at hand; `pacedStream` reads its source
 * only while that response's buffer has room, so memory stays at a few
 * chunks whatever the file's size and the client's speed, and the chunks
 * already sent are collected as it goes (spent-chunks.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';
import { spentChunkCollector } from './spent-chunks';

// The boot script and the built server are two module graphs in one process: the store lives on globalThis.
const STORE_KEY = Symbol.for('senda.responses');
const responses = ((globalThis as typeof globalThis & { [STORE_KEY]?: AsyncLocalStorage<ServerResponse> })[STORE_KEY] ??= new AsyncLocalStorage<ServerResponse>());

/** Runs a request's handling with its Node response reachable by pacedStream. */
export function runWithResponse<T>(response: ServerResponse, handle: () => T): T {
  return responses.run(response, handle);
}

/**
 * The Node response of the request being handled (undefined outside the
 * server: tests, scripts). The live event streams write to it directly
 * (realtime/event-stream.ts): 2,000 readers × 20 events a second through
 * web streams cost more CPU than the events themselves.
 */
export function currentNodeResponse(): ServerResponse | undefined {
  return responses.getStore();
}

/** Resolves once the response can take more (now, or when it drains or closes). */
function roomIn(response: ServerResponse | undefined): Promise<void> | null {
  if (!response || !response.writableNeedDrain || response.destroyed) return null;
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}

/**
 * A web stream over an async source (a file, a zip being written) that asks
 * for the next chunk only when the client's response has room. Cancelling
 * it (the client went away) ends the source. Outside the server (tests,
 * scripts) it simply streams.
 */
export function pacedStream(source: AsyncIterable<Uint8Array>, onCancel?: () => void): ReadableStream<Uint8Array> {
  const response = responses.getStore();
  const iterator = source[Symbol.asyncIterator]();
  const collectSpent = spentChunkCollector();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        await roomIn(response);
        const { value, done } = await iterator.next();
        if (done) {
          controller.close();
          return;
        }
        controller.enqueue(value);
        collectSpent(value.byteLength);
      },
      async cancel() {
        onCancel?.();
        await iterator.return?.();
      },
    },
    // Nothing read ahead: the next chunk is read when the adapter asks for it.
    { highWaterMark: 0 },
  );
}
