/**
 * A local control channel for the CLI while the server runs on PGlite (which
 * only one process may open). It is a Unix socket inside the data directory,
 * readable by its owner only: filesystem access is the authorization.
 */
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { OperatorError, runOperatorCommand, type OperatorResult } from './commands';

export const SOCKET_FILE = 'senda.sock';
export const PID_FILE = 'server.pid';
/** Unix socket paths longer than this are refused by the kernel. */
const MAX_SOCKET_PATH = 100;

type Reply = { ok: true; result: OperatorResult } | { ok: false; key: string; params: Record<string, string | number> };

/** Starts the control socket; returns null when the data path is too long for a socket. */
export function startControlSocket(dataDir: string): Server | null {
  const path = join(dataDir, SOCKET_FILE);
  if (path.length > MAX_SOCKET_PATH) return null;
  rmSync(path, { force: true });
  const server = createServer((connection) => {
    let buffer = '';
    connection.setEncoding('utf8');
    connection.on('data', (chunk: string) => {
      buffer += chunk;
      const end = buffer.indexOf('\n');
      if (end === -1) return;
      let reply: Promise<Reply>;
      try {
        // The database announces what the command changed (cache/change-feed.ts): no cache to clear here.
        reply = runOperatorCommand(JSON.parse(buffer.slice(0, end))).then((result): Reply => ({ ok: true, result }));
      } catch {
        reply = Promise.resolve({ ok: false, key: 'cli.usage', params: {} });
      }
      reply
        .catch((error: unknown): Reply => {
          if (error instanceof OperatorError) return { ok: false, key: error.key, params: error.params };
          return { ok: false, key: 'cli.error', params: { message: error instanceof Error ? error.message : String(error) } };
        })
        .then((answer) => connection.end(`${JSON.stringify(answer)}\n`));
    });
  });
  server.listen(path, () => chmodSync(path, 0o600));
  writeFileSync(join(dataDir, PID_FILE), String(process.pid));
  server.on('close', () => {
    rmSync(path, { force: true });
    rmSync(join(dataDir, PID_FILE), { force: true });
  });
  return server;
}

/** True when a server process recorded in the data directory is still alive. */
export function isServerRunning(dataDir: string): boolean {
  const file = join(dataDir, PID_FILE);
  if (!existsSync(file)) return false;
  const pid = Number(readFileSync(file, 'utf8'));
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sends a command to the running server; null when no server listens. */
export function sendControlCommand(dataDir: string, command: unknown): Promise<Reply | null> {
  const path = join(dataDir, SOCKET_FILE);
  if (!existsSync(path)) return Promise.resolve(null);
  return new Promise((resolve) => {
    const socket = createConnection(path);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(command)}\n`));
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer ? (JSON.parse(answer) as Reply) : null));
    socket.on('error', () => resolve(null));
  });
}
