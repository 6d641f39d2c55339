import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small S3-compatible server on 127.0.0.1: path-style PUT, GET and DELETE
 * of objects kept in memory, multipart uploads, and a real check of each
 * request's Signature Version 4, in the Authorization header or in the query
 * (presigned links), recomputed here with the known secret (written
 * independently of the AWS SDK), so a wrong signature fails like it does on
 * AWS or MinIO.
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
  /** Every request received, in order (its path without the query), with the answer given. */
  requests: { method: string; path: string; status: number; code?: string }[];
  /** Multipart uploads completed, with their number of parts. */
  multipartUploads: { key: string; parts: number }[];
  /** Makes the next request answer this status and S3 error code, whatever it is. */
  failNextRequest(status: number, code: string): void;
  close(): Promise<void>;
}

const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;
const AUTHORIZATION_PATTERN = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;
const CREDENTIAL_PATTERN = /^([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request$/;
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

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

  /** Recomputes the request's signature as S3 does (header or presigned query) and throws the error S3 would answer. */
  function verifySignature(request: IncomingMessage, body: Uint8Array) {
    const target = new URL(request.url ?? '/', 'http://fake');
    const presigned = target.searchParams.has('X-Amz-Signature');
    let keyId: string, day: string, scopeRegion: string, service: string, signedHeaderList: string, signature: string, amzDate: string, payloadHash: string;
    if (presigned) {
      const credential = CREDENTIAL_PATTERN.exec(target.searchParams.get('X-Amz-Credential') ?? '');
      if (!credential || target.searchParams.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') throw new S3Error(403, 'AccessDenied');
      [, keyId, day, scopeRegion, service] = credential as unknown as string[];
      signedHeaderList = target.searchParams.get('X-Amz-SignedHeaders') ?? '';
      signature = target.searchParams.get('X-Amz-Signature') ?? '';
      amzDate = target.searchParams.get('X-Amz-Date') ?? '';
      payloadHash = UNSIGNED_PAYLOAD;
      const expiresS = Number(target.searchParams.get('X-Amz-Expires'));
      const signedAt = parseAmzDate(amzDate);
      if (!signedAt || !Number.isFinite(expiresS) || Date.now() > signedAt.getTime() + expiresS * 1000) throw new S3Error(403, 'AccessDenied');
    } else {
      const match = AUTHORIZATION_PATTERN.exec(request.headers.authorization ?? '');
      if (!match) throw new S3Error(403, 'AccessDenied');
      [, keyId, day, scopeRegion, service, signedHeaderList, signature] = match as unknown as string[];
      amzDate = String(request.headers['x-amz-date'] ?? '');
      payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
      if (payloadHash !== UNSIGNED_PAYLOAD && payloadHash !== sha256Hex(body)) throw new S3Error(400, 'XAmzContentSHA256Mismatch');
      const signedAt = parseAmzDate(amzDate);
      if (!signedAt) throw new S3Error(403, 'AccessDenied');
      if (Math.abs(Date.now() - signedAt.getTime()) > MAX_CLOCK_SKEW_MS) throw new S3Error(403, 'RequestTimeTooSkewed');
    }
    if (keyId !== accessKeyId) throw new S3Error(403, 'InvalidAccessKeyId');
    if (scopeRegion !== region || service !== 's3') throw new S3Error(400, 'AuthorizationHeaderMalformed');
    if (amzDate.slice(0, 8) !== day) throw new S3Error(403, 'AccessDenied');

    const signedHeaders = signedHeaderList.split(';');
    if (!signedHeaders.includes('host')) throw new S3Error(403, 'AccessDenied');
    if (!presigned && !signedHeaders.includes('x-amz-date')) throw new S3Error(403, 'AccessDenied');
    const canonicalPath = target.pathname
      .split('/')
      .map((segment) => strictEncode(decodeURIComponent(segment)))
      .join('/');
    const canonicalQuery = [...target.searchParams]
      .filter(([name]) => name !== 'X-Amz-Signature')
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
    if (expected.length !== signature.length || !timingSafeEqual(expected, Buffer.from(signature))) throw new S3Error(403, 'SignatureDoesNotMatch');
  }

  const uploads = new Map<string, { key: string; contentType: string | undefined; parts: Map<number, Uint8Array> }>();
  const multipartUploads: FakeS3['multipartUploads'] = [];
  const etagOf = (data: Uint8Array) => `"${createHash('md5').update(data).digest('hex')}"`;
  const xml = (response: ServerResponse, body: string) => response.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    const failure = failures.shift();
    if (failure) throw new S3Error(failure.status, failure.code);
    verifySignature(request, body);

    const target = new URL(request.url ?? '/', 'http://fake');
    const [, requestedBucket, ...rest] = target.pathname.split('/');
    if (requestedBucket !== bucket) throw new S3Error(404, 'NoSuchBucket');
    const key = rest.map((segment) => decodeURIComponent(segment)).join('/');
    if (!key) throw new S3Error(400, 'InvalidRequest');
    const uploadId = target.searchParams.get('uploadId');

    if (request.method === 'POST' && target.searchParams.has('uploads')) {
      const id = `upload-${uploads.size + multipartUploads.length + 1}`;
      uploads.set(id, { key, contentType: request.headers['content-type'], parts: new Map() });
      xml(response, `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`);
    } else if (request.method === 'PUT' && uploadId) {
      const upload = uploads.get(uploadId);
      if (!upload) throw new S3Error(404, 'NoSuchUpload');
      upload.parts.set(Number(target.searchParams.get('partNumber')), body);
      response.writeHead(200, { etag: etagOf(body) }).end();
    } else if (request.method === 'POST' && uploadId) {
      const upload = uploads.get(uploadId);
      if (!upload) throw new S3Error(404, 'NoSuchUpload');
      const numbers = [...new TextDecoder().decode(body).matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((match) => Number(match[1]));
      if (numbers.length === 0 || numbers.some((number) => !upload.parts.has(number))) throw new S3Error(400, 'InvalidPart');
      const data = new Uint8Array(Buffer.concat(numbers.map((number) => upload.parts.get(number)!)));
      objects.set(upload.key, { data, contentType: upload.contentType });
      uploads.delete(uploadId);
      multipartUploads.push({ key: upload.key, parts: numbers.length });
      xml(response, `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${upload.key}</Key><ETag>${etagOf(data)}</ETag></CompleteMultipartUploadResult>`);
    } else if (request.method === 'DELETE' && uploadId) {
      uploads.delete(uploadId);
      response.writeHead(204).end();
    } else if (request.method === 'PUT') {
      objects.set(key, { data: body, contentType: request.headers['content-type'] });
      response.writeHead(200, { etag: etagOf(body) }).end();
    } else if (request.method === 'GET') {
      const object = objects.get(key);
      if (!object) throw new S3Error(404, 'NoSuchKey');
      const disposition = target.searchParams.get('response-content-disposition');
      response
        .writeHead(200, { 'content-type': object.contentType ?? 'binary/octet-stream', 'content-length': object.data.byteLength, ...(disposition ? { 'content-disposition': disposition } : {}) })
        .end(object.data);
    } else if (request.method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204).end();
    } else {
      throw new S3Error(405, 'MethodNotAllowed');
    }
  }

  const server = createServer((request, response) => {
    const record = { method: request.method ?? '', path: new URL(request.url ?? '/', 'http://fake').pathname, status: 0 } as FakeS3['requests'][number];
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
    multipartUploads,
    failNextRequest: (status, code) => failures.push({ status, code }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
