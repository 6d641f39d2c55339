/**
 * Senda's side of a provider's notification in integration tests: one
 * endpoint handler served over HTTP on 127.0.0.1, so a fake posts its events
 * and webhooks over a real connection (headers, body and answer as the
 * provider would see them) while the rest of the app is not running.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EndpointReceiver {
  /** The endpoint's address (`http://127.0.0.1:<port><path>`). */
  url: string;
  close(): Promise<void>;
}

/** Serves `handler` (an endpoint's exported POST, GET…) at `path`, with a real Request as Astro would build it. */
export async function serveEndpoint(handler: (context: any) => Promise<Response>, path: string): Promise<EndpointReceiver> {
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', `http://${incoming.headers.host ?? '127.0.0.1'}`);
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      const method = incoming.method ?? 'GET';
      const body = method === 'GET' || method === 'HEAD' ? undefined : Buffer.concat(chunks);
      const answer = async () => {
        if (url.pathname !== path) return new Response('not found', { status: 404 });
        const request = new Request(url, { method, headers, body });
        return handler({ request, params: {}, clientAddress: incoming.socket.remoteAddress ?? '127.0.0.1', url });
      };
      answer().then(
        async (response) => {
          outgoing.writeHead(response.status, Object.fromEntries(response.headers));
          outgoing.end(Buffer.from(await response.arrayBuffer()));
        },
        (error: unknown) => {
          outgoing.writeHead(500, { 'content-type': 'text/plain' });
          outgoing.end(error instanceof Error ? error.message : String(error));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
