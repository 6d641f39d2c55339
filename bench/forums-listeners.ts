/**
 * The 2,000 live readers of bench/forums.ts, in their own process (so the
 * process that writes the comments keeps its timing, and the readers' CPU is
 * measured apart from the server's). Started with IPC as
 * `node --import tsx bench/forums-listeners.ts <origin> <threadId> <token> <count>`;
 * opens `count` event streams of the thread over plain `node:http` (one
 * socket each), says `{ type: 'ready' }` once every stream has answered,
 * reports how many comments arrived every 250 ms, and on `{ type: 'finish' }`
 * answers the arrival time of each "carga-<n>" comment at each reader and
 * the CPU it used, then exits.
 */
import { request, type ClientRequest } from 'node:http';

export type ListenersMessage =
  | { type: 'ready'; openedMs: number }
  | { type: 'count'; delivered: number }
  | { type: 'done'; arrivals: number[]; cpuSeconds: number }
  | { type: 'failed'; message: string };

const [origin, threadId, token, countText] = process.argv.slice(2);
const count = Number(countText);
const send = (message: ListenersMessage) => process.send!(message);

/** Flat pairs: sequence number, arrival time (ms since the epoch). */
const arrivals: number[] = [];
const requests: ClientRequest[] = [];
const MARKER = '"comment.created"';
const SEQUENCE = /carga-(\d+)/;

function open(): Promise<void> {
  return new Promise((ready, fail) => {
    const url = new URL(`/api/v2/events/?thread=${threadId}`, origin);
    const outgoing = request(url, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, agent: false }, (response) => {
      if (response.statusCode !== 200) {
        fail(new Error(`events: HTTP ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      let rest = '';
      let first = true;
      response.on('data', (text: string) => {
        const now = Date.now();
        if (first) {
          first = false;
          ready();
        }
        // Whole events only (they end with a blank line); a split one waits for its end.
        const all = rest + text;
        const end = all.lastIndexOf('\n\n');
        if (end < 0) {
          rest = all;
          return;
        }
        rest = all.slice(end + 2);
        let from = 0;
        for (;;) {
          const at = all.indexOf(MARKER, from);
          if (at < 0 || at > end) break;
          const next = all.indexOf('\n\n', at);
          const match = SEQUENCE.exec(all.slice(at, next));
          if (match) arrivals.push(Number(match[1]), now);
          from = next;
        }
      });
      response.on('error', () => {});
    });
    outgoing.on('error', (error) => (requests.length ? undefined : fail(error)));
    outgoing.end();
    requests.push(outgoing);
  });
}

async function main(): Promise<void> {
  const opened = Date.now();
  // A few hundred at a time: the server accepts them as fast as it can either way.
  for (let index = 0; index < count; index += 250) await Promise.all(Array.from({ length: Math.min(250, count - index) }, open));
  send({ type: 'ready', openedMs: Date.now() - opened });
  const progress = setInterval(() => send({ type: 'count', delivered: arrivals.length / 2 }), 250);
  process.on('message', (message: { type: string }) => {
    if (message.type !== 'finish') return;
    clearInterval(progress);
    for (const outgoing of requests) outgoing.destroy();
    const usage = process.cpuUsage();
    // Disconnecting at once would drop the (large) answer still being sent.
    process.send!({ type: 'done', arrivals, cpuSeconds: (usage.user + usage.system) / 1e6 } satisfies ListenersMessage, () => process.disconnect());
  });
}

main().catch((error: unknown) => {
  send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
