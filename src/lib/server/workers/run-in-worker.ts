/**
 * Heavy parsing (spreadsheets today) runs in a fresh worker thread per task,
 * with its own heap limit and a deadline: a file that outgrows them ends its
 * thread, never the server, and the request thread keeps answering others.
 * At most half the cores run such tasks at once; the rest wait their turn.
 *
 * A worker file is named `*.worker.ts` and referenced by a URL relative to
 * `import.meta.url`, which the build turns into the worker's own chunk
 * (build/worker-chunks.mjs). It reads `workerData` and posts one message.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import pLimit from 'p-limit';

export interface WorkerLimits {
  /** The thread's heap (V8 old generation), in MB. */
  maxHeapMb: number;
  /** Longest the task may run once started. */
  timeoutMs: number;
}

/** Why a task gave no answer: its thread ran out of memory or time, or crashed. */
export class WorkerTaskFailed extends Error {
  constructor(readonly reason: 'memory' | 'timeout' | 'crash', options?: { cause?: unknown }) {
    super(`worker task failed: ${reason}`, options);
    this.name = 'WorkerTaskFailed';
  }
}

const limit = pLimit(Math.max(1, Math.floor(availableParallelism() / 2)));

function runOnce<O>(url: URL, input: unknown, limits: WorkerLimits): Promise<O> {
  return new Promise<O>((resolve, reject) => {
    const worker = new Worker(url, {
      workerData: input,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: Math.min(32, limits.maxHeapMb) },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new WorkerTaskFailed('timeout'))), limits.timeoutMs);
    worker.once('message', (result: O) => settle(() => resolve(result)));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => reject(new WorkerTaskFailed(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash', { cause: error }))),
    );
    worker.once('exit', (code) => settle(() => reject(new WorkerTaskFailed('crash', { cause: new Error(`worker exited with code ${code}`) }))));
  });
}

/** Runs the worker file at `url` on `input` (copied to the thread) and answers its one message; throws WorkerTaskFailed. */
export function runInWorker<O>(url: URL, input: unknown, limits: WorkerLimits): Promise<O> {
  return limit(() => runOnce<O>(url, input, limits));
}
