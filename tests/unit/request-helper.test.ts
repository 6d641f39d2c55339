import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '~/lib/client/api';
import { RequestHelperError } from '~/lib/shared/errors';
import { MemoryStorage } from '../support/memory-storage';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];

beforeAll(async () => {
  // A real HTTP server on 127.0.0.1: the helper is exercised over the wire.
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      const status = Number(new URL(request.url!, 'http://x').searchParams.get('status') ?? 200);
      if (status === 204) return response.writeHead(204).end();
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: status < 300 }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((done) => server.close(done)));

const ACCESS = { accessToken: 'token-123', refreshToken: 'r', idUser: 7, idTrainingPath: 3 };

/**
 * Node has no XMLHttpRequest: this one sends over the real fetch and reports
 * upload progress once the body is read (enough to check what `upload` sends and how it settles).
 */
class FetchBackedXhr {
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  private url = '';
  private method = '';
  private headers: Record<string, string> = {};
  private responseHeaders = new Headers();
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders.get(name);
  }
  send(body: FormData) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    fetch(this.url, { method: this.method, headers: this.headers, body }).then(
      async (response) => {
        this.status = response.status;
        this.responseHeaders = response.headers;
        this.responseText = await response.text();
        this.onload?.();
      },
      () => this.onerror?.(),
    );
  }
}

function setup(access: object | null = ACCESS) {
  seen = [];
  const storage = new MemoryStorage();
  if (access) storage.setItem('accessData', JSON.stringify(access));
  const onForbidden = vi.fn();
  const onMissingAccessData = vi.fn();
  const api = createApiClient({ baseUrl, storage, onForbidden, onMissingAccessData, xhr: FetchBackedXhr as unknown as typeof XMLHttpRequest });
  return { api, storage, onForbidden, onMissingAccessData };
}

describe('the shared request helper', () => {
  beforeEach(() => {
    seen = [];
  });

  it("fails with id 1 'Missing arguments' when the method or the route is missing", async () => {
    const { api } = setup();
    for (const args of [{ method: '', route: '/x' }, { method: 'get', route: '' }, {} as { method: string; route: string }]) {
      const error = await api.request(args).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestHelperError);
      expect(error).toMatchObject({ id: 1, type: 'Missing arguments', message: 'Argumentos faltantes (method=string, route=string body=object(optional))' });
    }
    expect(seen).toHaveLength(0);
  });

  it("fails with id 2 'Invalid Method' for anything but get, post, put, patch, delete", async () => {
    const { api } = setup();
    const error = await api.request({ method: 'head', route: '/x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ id: 2, type: 'Invalid Method', message: "Método inválido, usar 'get' 'post' 'put' 'delete'" });
  });

  it('fails with id 2 and runs the session-clearing action when accessData is missing', async () => {
    const { api, onMissingAccessData } = setup(null);
    const error = await api.get('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ id: 2, type: 'Missing accessData in localStorage', message: 'Información del usuario no encontrada en localStorage' });
    expect(onMissingAccessData).toHaveBeenCalledOnce();
    expect(seen).toHaveLength(0);
  });

  it('GET and DELETE send the stored token and no body', async () => {
    const { api } = setup();
    expect(await api.get('/items/1')).toEqual({ ok: true });
    await api.delete('/items/1');
    expect(seen.map((s) => [s.method, s.url, s.headers.authorization, s.body])).toEqual([
      ['GET', '/items/1', 'Bearer token-123', ''],
      ['DELETE', '/items/1', 'Bearer token-123', ''],
    ]);
  });

  it('POST, PUT and PATCH merge idUser and idTrainingPath into the body', async () => {
    const { api } = setup();
    await api.post('/a', { name: 'x' });
    await api.put('/a', { name: 'y' });
    await api.patch('/a');
    expect(seen.map((s) => JSON.parse(s.body))).toEqual([
      { idUser: 7, idTrainingPath: 3, name: 'x' },
      { idUser: 7, idTrainingPath: 3, name: 'y' },
      { idUser: 7, idTrainingPath: 3 },
    ]);
  });

  it('appends idUser and idTrainingPath to FormData bodies', async () => {
    const { api } = setup();
    const form = new FormData();
    form.append('title', 'Tarea');
    await api.post('/upload', form);
    expect(seen[0]!.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(seen[0]!.body).toMatch(/name="title"\r\n\r\nTarea/);
    expect(seen[0]!.body).toMatch(/name="idUser"\r\n\r\n7/);
    expect(seen[0]!.body).toMatch(/name="idTrainingPath"\r\n\r\n3/);
  });

  it('sends no Authorization header when no accessToken is stored', async () => {
    const { api } = setup({ ...ACCESS, accessToken: '' });
    await api.get('/public');
    expect(seen[0]!.headers.authorization).toBeUndefined();
  });

  it('treats any 2xx as success (204 answers null)', async () => {
    const { api } = setup();
    expect(await api.post('/created?status=201')).toEqual({ ok: true });
    expect(await api.delete('/gone?status=204')).toBeNull();
  });

  it('rejects failures with the HTTP response itself', async () => {
    const { api, onForbidden } = setup();
    const rejected = await api.get('/broken?status=500').catch((e: unknown) => e);
    expect(rejected).toBeInstanceOf(Response);
    expect((rejected as Response).status).toBe(500);
    expect(onForbidden).not.toHaveBeenCalled();
  });

  // Regression: ky 2 reads a failed response's body into `error.data`, so the rejected Response's body was
  // used and islands lost the server's field messages ('Ingrese un link válido' never showed in the browser).
  it('rejects with a response whose body still holds the server’s answer', async () => {
    const { api } = setup();
    const rejected = (await api.patch('/invalid?status=400', {}).catch((e: unknown) => e)) as Response;
    expect(rejected.status).toBe(400);
    expect(rejected.bodyUsed).toBe(false);
    expect(await rejected.clone().json()).toEqual({ ok: false });
    expect(rejected.headers.get('content-type')).toBe('application/json');
    expect(await rejected.json()).toEqual({ ok: false });
  });

  it('runs the 403 flow on a forbidden response', async () => {
    const { api, onForbidden } = setup();
    const rejected = await api.post('/secret?status=403', {}).catch((e: unknown) => e);
    expect((rejected as Response).status).toBe(403);
    expect(onForbidden).toHaveBeenCalledOnce();
  });

  it("sends the user's language from currentSettings", async () => {
    const { api, storage } = setup();
    storage.setItem('currentSettings', JSON.stringify({ lang: 'en' }));
    await api.get('/x');
    expect(seen[0]!.headers['accept-language']).toBe('en');
  });

  it('uploads a file with the token, the language and the session fields, reporting progress up to 1', async () => {
    const { api, storage } = setup();
    storage.setItem('currentSettings', JSON.stringify({ lang: 'en' }));
    const form = new FormData();
    form.append('file', new Blob(['email\nana@example.com\n'], { type: 'text/csv' }), 'members.csv');
    const progress: number[] = [];
    const body = await api.upload('/upload', form, (sent) => progress.push(sent));
    expect(body).toEqual({ ok: true });
    expect(progress).toEqual([0.5, 1]);
    expect(seen[0]!.headers.authorization).toBe('Bearer token-123');
    expect(seen[0]!.headers['accept-language']).toBe('en');
    expect(seen[0]!.body).toContain('ana@example.com');
    expect(seen[0]!.body).toContain('name="idUser"');
  });

  it('rejects an upload with the HTTP response and runs the 403 flow', async () => {
    const { api, onForbidden } = setup();
    const rejected = await api.upload('/upload?status=403', new FormData(), () => {}).catch((e: unknown) => e);
    expect((rejected as Response).status).toBe(403);
    expect(onForbidden).toHaveBeenCalledOnce();
    const failed = await api.upload('/upload?status=400', new FormData(), () => {}).catch((e: unknown) => e);
    expect((failed as Response).status).toBe(400);
  });
});
