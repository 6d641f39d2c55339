/**
 * `npm start` supervises its app servers with Node's cluster module: the
 * primary process forks the server processes, which share one listening port,
 * and starts a new one whenever one dies (a crash, an out-of-memory abort, a
 * kill). A server that dies soon after starting is restarted after a growing
 * pause, so one that keeps failing does not spin; if the very first server
 * cannot start, `npm start` fails with it. The first server migrates
 * the database; the others start once it listens. The primary holds no state,
 * opens no database and serves no request.
 */
import cluster, { type Worker } from 'node:cluster';
import { log } from '~/lib/server/log';

/** A server that lived at least this long is restarted at once; earlier deaths wait RESTART_DELAYS_MS. */
const STABLE_AFTER_MS = 10_000;
const RESTART_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** How long stopping servers get to finish their requests before they are killed. */
const STOP_GRACE_MS = 10_000;

/** What a server process tells the supervisor once it listens. */
export interface ServerReady {
  type: 'senda:listening';
  port: number;
  database: { kind: string; where: string };
}

const isServerReady = (message: unknown): message is ServerReady => (message as ServerReady | null)?.type === 'senda:listening';

/** Tells the supervisor (if any) that this server process listens. */
export function announceReady(ready: Omit<ServerReady, 'type'>): void {
  process.send?.({ type: 'senda:listening', ...ready } satisfies ServerReady);
}

export interface SupervisorOptions {
  /** How many server processes to keep running. */
  count: number;
  /** Called once, when the first server listens. */
  onFirstListening(ready: ServerReady): void;
}

/** Forks `count` servers and keeps them running until SIGINT or SIGTERM. */
export function superviseServers(options: SupervisorOptions): void {
  let stopping = false;
  let ready = false;
  let quickDeaths = 0;
  const startedAt = new Map<Worker, number>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    worker.on('message', (message: unknown) => {
      if (!isServerReady(message) || ready) return;
      ready = true;
      options.onFirstListening(message);
      for (let index = 1; index < options.count; index++) fork();
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? Date.now());
    startedAt.delete(worker);
    // Stopping, or a server that stopped cleanly on its own (exit 0, asked to): nothing to restart.
    if (stopping || (code === 0 && !signal)) {
      if (startedAt.size === 0) process.exit(0);
      return;
    }
    // The first server never came up (a bad database URL, a port in use): starting is what fails.
    if (!ready) {
      log.fatal({ event: 'server_failed_to_start', code, signal }, 'the app server could not start');
      process.exit(1);
    }
    quickDeaths = lived < STABLE_AFTER_MS ? quickDeaths + 1 : 0;
    const delay = quickDeaths === 0 ? 0 : RESTART_DELAYS_MS[Math.min(quickDeaths, RESTART_DELAYS_MS.length) - 1]!;
    log.error({ event: 'server_died', pid: worker.process.pid, code, signal, livedMs: lived, restartInMs: delay }, 'app server died; starting another');
    setTimeout(() => stopping || fork(), delay);
  });

  const stop = () => {
    if (stopping) return;
    stopping = true;
    if (startedAt.size === 0) process.exit(0);
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
      process.exit(0);
    }, STOP_GRACE_MS).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  fork();
}
