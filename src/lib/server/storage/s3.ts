/**
 * Files in an S3-compatible bucket, so several app servers share them. Speaks
 * the S3 REST API over fetch with path-style URLs (`<endpoint>/<bucket>/<key>`),
 * which AWS, MinIO, Ceph, R2 and DigitalOcean Spaces all accept.
 */
import { formatAmzDate, hashPayload, signAwsRequest } from './aws-sigv4';
import { contentTypeOfKey, createStorageKey, urlOfKey } from './keys';
import type { FileContent, FileStorage, StoredContentType } from './types';

/** A stuck connection must not hold an upload or a download forever. */
const S3_REQUEST_TIMEOUT_MS = 60_000;

/** Private files live under this prefix; a public key holds no slash, so public reads cannot reach it. */
const PRIVATE_PREFIX = 'private/';

export interface S3StorageOptions {
  /** `https://s3.eu-west-1.amazonaws.com`, `http://minio:9000`, `https://<account>.r2.cloudflarestorage.com`… */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

type Method = 'PUT' | 'GET' | 'DELETE';

/** The S3 error code in an error body (`SignatureDoesNotMatch`…): it helps an operator and carries no secret, unlike the rest of the body. */
const errorCodeOf = (body: string) => /<Code>([A-Za-z0-9.]{1,64})<\/Code>/.exec(body)?.[1];

/** A bucket's objects, signed requests only. */
function createBucketClient(options: S3StorageOptions) {
  const endpoint = new URL(options.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };
  // Keys are validated before they get here: base64url, one dot, at most the `private/` prefix.
  const urlOf = (objectKey: string) => new URL(`${endpoint.origin}${basePath}/${encodeURIComponent(options.bucket)}/${objectKey}`);

  async function send(method: Method, objectKey: string, body?: { data: Uint8Array; contentType: StoredContentType }): Promise<Response> {
    const url = urlOf(objectKey);
    const payload = body ? new Uint8Array(body.data) : new Uint8Array();
    const headers: Record<string, string> = { 'x-amz-content-sha256': hashPayload(payload), 'x-amz-date': formatAmzDate(new Date()) };
    if (body) headers['content-type'] = body.contentType;
    const authorization = signAwsRequest({ method, url, headers: { ...headers, host: url.host }, region: options.region, credentials });
    return fetch(url, {
      method,
      headers: { ...headers, authorization },
      body: body ? payload : undefined,
      // A redirect (wrong region…) is an error to report, not a place to resend our signed request.
      redirect: 'manual',
      signal: AbortSignal.timeout(S3_REQUEST_TIMEOUT_MS),
    });
  }

  /** The error for an unexpected answer: method, bucket, status and S3 code, never the key, URL or credentials. */
  async function failureOf(method: Method, response: Response): Promise<Error> {
    const code = errorCodeOf(await response.text().catch(() => ''));
    return new Error(`S3 ${method} in bucket ${options.bucket} answered ${response.status}${code ? ` (${code})` : ''}`);
  }

  return {
    async put(objectKey: string, data: Uint8Array, contentType: StoredContentType): Promise<void> {
      const response = await send('PUT', objectKey, { data, contentType });
      if (!response.ok) throw await failureOf('PUT', response);
      await response.arrayBuffer();
    },
    async get(objectKey: string): Promise<Uint8Array<ArrayBuffer> | null> {
      const response = await send('GET', objectKey);
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok) throw await failureOf('GET', response);
      return new Uint8Array(await response.arrayBuffer());
    },
    async delete(objectKey: string): Promise<void> {
      const response = await send('DELETE', objectKey);
      // S3 answers 204 for a missing object; some compatible services answer 404.
      if (!response.ok && response.status !== 404) throw await failureOf('DELETE', response);
      await response.arrayBuffer();
    },
  };
}

/** One area of the bucket (public or private), one object per key, with the key rules of the local disk. */
function createKeyedArea(bucket: ReturnType<typeof createBucketClient>, prefix: string) {
  return {
    async put(data: Uint8Array, contentType: StoredContentType): Promise<string> {
      const key = createStorageKey(contentType);
      await bucket.put(`${prefix}${key}`, data, contentType);
      return key;
    },
    async get(key: string): Promise<FileContent | null> {
      // The type comes from the key, as on disk: an unknown or malformed key never reaches the bucket.
      const contentType = contentTypeOfKey(key);
      if (!contentType) return null;
      const data = await bucket.get(`${prefix}${key}`);
      return data ? { data, contentType } : null;
    },
    async delete(key: string): Promise<void> {
      if (!contentTypeOfKey(key)) return;
      await bucket.delete(`${prefix}${key}`);
    },
  };
}

/** Files in an S3-compatible bucket: public ones at the bucket's root, private ones under `private/`. */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const bucket = createBucketClient(options);
  const publicFiles = createKeyedArea(bucket, '');
  const privateFiles = createKeyedArea(bucket, PRIVATE_PREFIX);

  return {
    async put(data, contentType) {
      const key = await publicFiles.put(data, contentType);
      return { key, url: urlOfKey(key) };
    },
    get: publicFiles.get,
    delete: publicFiles.delete,
    putPrivate: privateFiles.put,
    getPrivate: privateFiles.get,
    deletePrivate: privateFiles.delete,
  };
}
