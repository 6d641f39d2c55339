/**
 * AWS Signature Version 4 for S3 requests sent in one piece (header-based
 * authentication, signed payload hash). Every S3-compatible service (AWS,
 * MinIO, Ceph, R2, Spaces) checks the same signature, so this is all the
 * storage adapter needs instead of an SDK.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
 */
import { createHash, createHmac } from 'node:crypto';

const ALGORITHM = 'AWS4-HMAC-SHA256';
const SERVICE = 's3';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SignableRequest {
  method: string;
  url: URL;
  /** The headers to sign, `host`, `x-amz-date` and `x-amz-content-sha256` among them. */
  headers: Record<string, string>;
  region: string;
  credentials: AwsCredentials;
}

/** Hex SHA-256 of a payload: the value of `x-amz-content-sha256`. */
export const hashPayload = (payload: Uint8Array | string): string => createHash('sha256').update(payload).digest('hex');

const hmac = (key: Uint8Array | string, value: string) => createHmac('sha256', key).update(value).digest();

/** `20130524T000000Z`: the form `x-amz-date` takes. */
export const formatAmzDate = (date: Date): string => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** RFC 3986 encoding, which SigV4 uses (encodeURIComponent leaves !'()* alone). */
export const encodeRfc3986 = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

// S3 encodes each path segment once (other services encode twice).
const canonicalPathOf = (url: URL) => url.pathname.split('/').map((segment) => encodeRfc3986(decodeURIComponent(segment))).join('/');

const canonicalQueryOf = (url: URL) =>
  [...url.searchParams]
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)])
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');

/** The `Authorization` header value for a request (its `x-amz-date` header says when it was signed). */
export function signAwsRequest(request: SignableRequest): string {
  const headers = Object.entries(request.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const amzDate = headers.find(([name]) => name === 'x-amz-date')?.[1];
  const payloadHash = headers.find(([name]) => name === 'x-amz-content-sha256')?.[1];
  if (!amzDate || !payloadHash) throw new Error('A signed S3 request needs x-amz-date and x-amz-content-sha256');

  const signedHeaders = headers.map(([name]) => name).join(';');
  const canonicalRequest = [
    request.method,
    canonicalPathOf(request.url),
    canonicalQueryOf(request.url),
    headers.map(([name, value]) => `${name}:${value}\n`).join(''),
    signedHeaders,
    payloadHash,
  ].join('\n');

  const day = amzDate.slice(0, 8);
  const scope = `${day}/${request.region}/${SERVICE}/aws4_request`;
  const stringToSign = [ALGORITHM, amzDate, scope, hashPayload(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${request.credentials.secretAccessKey}`, day), request.region), SERVICE), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return `${ALGORITHM} Credential=${request.credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}
