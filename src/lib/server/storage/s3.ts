/**
 * Files in an S3-compatible bucket, so several app servers share them, through
 * the AWS SDK's S3 client with path-style URLs (`<endpoint>/<bucket>/<key>`),
 * which AWS, MinIO, Ceph, R2 and DigitalOcean Spaces all accept. Large files
 * go up in parts (lib-storage's Upload); a private file can also be handed
 * out as a short-lived signed link (s3-request-presigner), so large downloads
 * need not pass through the app.
 */
import { DeleteObjectCommand, GetObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentTypeOfKey, createStorageKey } from './keys';
import { storageOverAreas, type KeyedArea } from './storage-over-areas';
import { Readable } from 'node:stream';
import type { FileContent, FileStorage, FileStream, StoredContentType } from './types';

/** A stuck connection must not hold an upload or a download forever. */
const S3_REQUEST_TIMEOUT_MS = 60_000;
/** Files larger than this go up in parts of this size (S3's minimum part is 5 MiB). */
export const S3_PART_BYTES = 8 * 1024 * 1024;

/** Private files live under this prefix; a public key holds no slash, so public reads cannot reach it. */
const PRIVATE_PREFIX = 'private/';

export interface S3StorageOptions {
  /** `https://s3.eu-west-1.amazonaws.com`, `http://minio:9000`, `https://<account>.r2.cloudflarestorage.com`… */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Attempts per request (the SDK retries throttling and server errors with backoff). */
  maxAttempts?: number;
}

type Operation = 'PUT' | 'GET' | 'DELETE';

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);

/** The error for a refused request: operation, bucket, status and S3 code, never the key, URL or credentials. */
function failureOf(operation: Operation, bucket: string, error: unknown): Error {
  if (!(error instanceof S3ServiceException)) return new Error(`S3 ${operation} in bucket ${bucket} failed: ${error instanceof Error ? error.name : 'error'}`);
  const code = /^[A-Za-z0-9.]{1,64}$/.test(error.name) ? ` (${error.name})` : '';
  return new Error(`S3 ${operation} in bucket ${bucket} answered ${statusOf(error) ?? 'an error'}${code}`);
}

/** A bucket's objects. */
function createBucketClient(options: S3StorageOptions) {
  const client = new S3Client({
    endpoint: options.endpoint.replace(/\/+$/, ''),
    region: options.region,
    forcePathStyle: true,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    maxAttempts: options.maxAttempts ?? 3,
    // Checksums only where S3 requires them: several compatible services refuse the newer optional ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { requestTimeout: S3_REQUEST_TIMEOUT_MS, connectionTimeout: S3_REQUEST_TIMEOUT_MS },
  });
  const { bucket } = options;

  return {
    async put(objectKey: string, data: Uint8Array | Readable, contentType: StoredContentType): Promise<void> {
      try {
        // One request for small files, parts for large ones.
        await new Upload({ client, params: { Bucket: bucket, Key: objectKey, Body: data, ContentType: contentType }, partSize: S3_PART_BYTES, queueSize: 2 }).done();
      } catch (error) {
        throw failureOf('PUT', bucket, error);
      }
    },
    async get(objectKey: string): Promise<Uint8Array<ArrayBuffer> | null> {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey }));
        return new Uint8Array(await object.Body!.transformToByteArray());
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw failureOf('GET', bucket, error);
      }
    },
    async open(objectKey: string): Promise<{ stream: Readable; size: number } | null> {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey }));
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw failureOf('GET', bucket, error);
      }
    },
    async delete(objectKey: string): Promise<void> {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey }));
      } catch (error) {
        // S3 answers 204 for a missing object; some compatible services answer 404.
        if (statusOf(error) !== 404) throw failureOf('DELETE', bucket, error);
      }
    },
    signedDownloadUrl(objectKey: string, fileName: string, expiresInS: number): Promise<string> {
      const disposition = `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`;
      return getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: objectKey, ResponseContentDisposition: disposition }), { expiresIn: expiresInS });
    },
  };
}

/** One area of the bucket (public or private), one object per key, with the key rules of the local disk. */
function createKeyedArea(bucket: ReturnType<typeof createBucketClient>, prefix: string): KeyedArea {
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
    async putStream(source: AsyncIterable<Uint8Array>, contentType: StoredContentType): Promise<{ key: string; size: number }> {
      const key = createStorageKey(contentType);
      let size = 0;
      let failure: unknown = null;
      async function* counted() {
        try {
          for await (const chunk of source) {
            size += chunk.byteLength;
            yield chunk;
          }
        } catch (error) {
          failure = error;
          throw error;
        }
      }
      try {
        // Parts of S3_PART_BYTES go up as they fill; a failed source aborts the upload (nothing is left in the bucket).
        await bucket.put(`${prefix}${key}`, Readable.from(counted()), contentType);
      } catch (error) {
        throw failure ?? error;
      }
      return { key, size };
    },
    async open(key: string): Promise<FileStream | null> {
      const contentType = contentTypeOfKey(key);
      if (!contentType) return null;
      const found = await bucket.open(`${prefix}${key}`);
      return found ? { ...found, contentType } : null;
    },
  };
}

/** Files in an S3-compatible bucket: public ones at the bucket's root, private ones under `private/`. */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const bucket = createBucketClient(options);
  return {
    ...storageOverAreas(createKeyedArea(bucket, ''), createKeyedArea(bucket, PRIVATE_PREFIX)),
    async privateDownloadUrl(key, fileName, expiresInS) {
      return contentTypeOfKey(key) ? bucket.signedDownloadUrl(`${PRIVATE_PREFIX}${key}`, fileName, expiresInS) : null;
    },
  };
}
