import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small S3-compatible server on 127.0.0.1: path-style PUT, GET and DELETE
 * of objects kept in memory, and a real check of each request's Signature
 * Version 4 (recomputed here with the known secret, written independently of
 * the app's signer), so a wrong signature fails like it does on AWS or MinIO.
 */
export interface FakeS3 {
  /** The endpoint to configure (`http://127.0.0.1:<port>`). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Objects by key inside the bucket (`private/…` for private files). */
  objects: Map<string, { data: Uint8Array; contentType: string | undefined }>;
  /** Every request received, in order, with the answer given. */
  requests: { method: string; path: string; status: number; code?: string }[];
  /** Makes the next request answer this status and S3 error code, whatever it is. */
  failNextRequest(status: number, code: string): void;
  close(): Promise<void>;
}

const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;
const AUTHORIZATION_PATTERN = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

const sha256Hex = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');
const hmacOf = (key: Uint8Array | string, data: string) => createHmac('sha256', key).update(data).digest();
const strictEncode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `20130524T000000Z` → a Date. */
function parseAmzDate(value: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return match ? new Date(Date.UTC(+match[1], +match[2] - 1, +match[3], +match[4], +match[5], +match[6])) : null;
}

function readBody(request: IncomingMessage): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    request.on('error', reject);
  });
}

export async function startFakeS3(
  options: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<FakeS3> {
  const bucket = options.bucket ?? 'senda-test';
  const region = options.region ?? 'us-east-1';
  const accessKeyId = options.accessKeyId ?? 'AKIDFAKES3TEST';
  const secretAccessKey = options.secretAccessKey ?? 'fake/s3+secret-key-for-tests-only';
  const objects: FakeS3['objects'] = new Map();
  const requests: FakeS3['requests'] = [];
  const failures: { status: number; code: string }[] = [];

  /** Recomputes the request's signature as S3 does and throws the error S3 would answer. */
  function verifySignature(request: IncomingMessage, body: Uint8Array) {
    const match = AUTHORIZATION_PATTERN.exec(request.headers.authorization ?? '');
    if (!match) throw new S3Error(403, 'AccessDenied');
    const [, keyId, day, scopeRegion, service, signedHeaderList, signature] = match;
    if (keyId !== accessKeyId) throw new S3Error(403, 'InvalidAccessKeyId');
    if (scopeRegion !== region || service !== 's3') throw new S3Error(400, 'AuthorizationHeaderMalformed');

    const amzDate = String(request.headers['x-amz-date'] ?? '');
    const signedAt = parseAmzDate(amzDate);
    if (!signedAt || amzDate.slice(0, 8) !== day) throw new S3Error(403, 'AccessDenied');
    if (Math.abs(Date.now() - signedAt.getTime()) > MAX_CLOCK_SKEW_MS) throw new S3Error(403, 'RequestTimeTooSkewed');

    const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== sha256Hex(body)) throw new S3Error(400, 'XAmzContentSHA256Mismatch');

    const signedHeaders = signedHeaderList.split(';');
    for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) {
      if (!signedHeaders.includes(required)) throw new S3Error(403, 'AccessDenied');
    }
    const target = new URL(request.url ?? '/', 'http://fake');
    const canonicalPath = target.pathname
      .split('/')
      .map((segment) => strictEncode(decodeURIComponent(segment)))
      .join('/');
    const canonicalQuery = [...target.searchParams]
      .map(([name, value]) => `${strictEncode(name)}=${strictEncode(value)}`)
      .sort()
      .join('&');
    const canonicalHeaders = signedHeaders
      .map((name) => {
        const value = request.headers[name];
        const text = Array.isArray(value) ? value.join(',') : (value ?? '');
        return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
      })
      .join('');
    const canonicalRequest = [request.method, canonicalPath, canonicalQuery, canonicalHeaders, signedHeaderList, payloadHash].join('\n');
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, `${day}/${region}/s3/aws4_request`, sha256Hex(canonicalRequest)].join('\n');
    const signingKey = hmacOf(hmacOf(hmacOf(hmacOf(`AWS4${secretAccessKey}`, day), region), 's3'), 'aws4_request');
    const expected = Buffer.from(createHmac('sha256', signingKey).update(stringToSign).digest('hex'));
    if (!timingSafeEqual(expected, Buffer.from(signature))) throw new S3Error(403, 'SignatureDoesNotMatch');
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    const failure = failures.shift();
    if (failure) throw new S3Error(failure.status, failure.code);
    verifySignature(request, body);

    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const [, requestedBucket, ...rest] = path.split('/');
    if (requestedBucket !== bucket) throw new S3Error(404, 'NoSuchBucket');
    const key = rest.map((segment) => decodeURIComponent(segment)).join('/');
    if (!key) throw new S3Error(400, 'InvalidRequest');

    if (request.method === 'PUT') {
      objects.set(key, { data: body, contentType: request.headers['content-type'] });
      response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
    } else if (request.method === 'GET') {
      const object = objects.get(key);
      if (!object) throw new S3Error(404, 'NoSuchKey');
      response.writeHead(200, { 'content-type': object.contentType ?? 'binary/octet-stream', 'content-length': object.data.byteLength }).end(object.data);
    } else if (request.method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204).end();
    } else {
      throw new S3Error(405, 'MethodNotAllowed');
    }
  }

  const server = createServer((request, response) => {
    const record = { method: request.method ?? '', path: request.url ?? '', status: 0 } as FakeS3['requests'][number];
    requests.push(record);
    handle(request, response)
      .then(() => {
        record.status = response.statusCode;
      })
      .catch((error: unknown) => {
        const s3Error = error instanceof S3Error ? error : new S3Error(500, 'InternalError');
        Object.assign(record, { status: s3Error.status, code: s3Error.code });
        const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${s3Error.code}</Code><Message>fake S3 refused the request</Message><AWSAccessKeyId>${accessKeyId}</AWSAccessKeyId></Error>`;
        response.writeHead(s3Error.status, { 'content-type': 'application/xml' }).end(xml);
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    failNextRequest: (status, code) => failures.push({ status, code }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
