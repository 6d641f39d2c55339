import { describe, expect, it } from 'vitest';
import { formatAmzDate, hashPayload, signAwsRequest } from '~/lib/server/storage/aws-sigv4';

// The worked examples of AWS's "Signature Calculations for the Authorization
// Header" page (S3, header-based auth): a signer that matches them is what
// every S3-compatible service expects.
const EXAMPLE = {
  region: 'us-east-1',
  credentials: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
};
const EXAMPLE_DATE = formatAmzDate(new Date(Date.UTC(2013, 4, 24)));

describe('signAwsRequest (SigV4 for S3)', () => {
  it('formats the signing time the way x-amz-date wants it', () => {
    expect(EXAMPLE_DATE).toBe('20130524T000000Z');
    expect(formatAmzDate(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102T030405Z');
  });

  it('signs AWS\'s GET Object example (a Range header, empty payload)', () => {
    const authorization = signAwsRequest({
      ...EXAMPLE,
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { host: 'examplebucket.s3.amazonaws.com', range: 'bytes=0-9', 'x-amz-content-sha256': hashPayload(''), 'x-amz-date': EXAMPLE_DATE },
    });
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('signs AWS\'s PUT Object example (a signed payload, a key that needs encoding)', () => {
    const payload = 'Welcome to Amazon S3.';
    expect(hashPayload(payload)).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const authorization = signAwsRequest({
      ...EXAMPLE,
      method: 'PUT',
      url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-date': EXAMPLE_DATE,
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        'x-amz-content-sha256': hashPayload(payload),
      },
    });
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });
});
