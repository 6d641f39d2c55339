import { describe, expect, it } from 'vitest';
import { parseConfig, requireS3Settings } from '~/lib/server/config';

const BUCKET_ENV = {
  SENDA_STORAGE: 's3',
  S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com',
  S3_BUCKET: 'senda-files',
  S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'a-secret-that-must-never-show',
};

describe('storage configuration', () => {
  it('keeps files on the local disk unless told otherwise', () => {
    expect(parseConfig({})).toMatchObject({ SENDA_STORAGE: 'disk', S3_REGION: 'us-east-1' });
    // Bucket variables alone switch nothing on.
    expect(parseConfig({ S3_BUCKET: 'senda-files' }).SENDA_STORAGE).toBe('disk');
  });

  it('with SENDA_STORAGE=s3 reads the bucket settings, the region defaulting to us-east-1', () => {
    expect(requireS3Settings(parseConfig(BUCKET_ENV))).toEqual({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      bucket: 'senda-files',
      region: 'us-east-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'a-secret-that-must-never-show',
    });
    expect(parseConfig({ ...BUCKET_ENV, S3_REGION: 'auto' }).S3_REGION).toBe('auto');
  });

  it('with SENDA_STORAGE=s3 stops at start naming every missing variable', () => {
    const attempt = () => parseConfig({ SENDA_STORAGE: 's3', S3_BUCKET: 'senda-files' });
    expect(attempt).toThrow(/S3_ENDPOINT: S3_ENDPOINT is required when SENDA_STORAGE=s3/);
    expect(attempt).toThrow(/S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID is required/);
    expect(attempt).toThrow(/S3_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY is required/);
    expect(attempt).not.toThrow(/S3_BUCKET/);
  });

  it('refuses an unknown storage, an endpoint that is not http(s) and a bucket name that is a path, without echoing the secret', () => {
    expect(() => parseConfig({ SENDA_STORAGE: 'ftp' })).toThrow(/SENDA_STORAGE must be disk or s3/);
    expect(() => parseConfig({ ...BUCKET_ENV, S3_ENDPOINT: 's3.amazonaws.com' })).toThrow(/S3_ENDPOINT must be an http\(s\) URL/);
    expect(() => parseConfig({ ...BUCKET_ENV, S3_ENDPOINT: 'ftp://files.example.com' })).toThrow(/S3_ENDPOINT/);
    expect(() => parseConfig({ ...BUCKET_ENV, S3_BUCKET: 'files/../other' })).toThrow(/S3_BUCKET must be a bucket name/);
    let message = '';
    try {
      parseConfig({ ...BUCKET_ENV, S3_ENDPOINT: 'nope' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/S3_ENDPOINT/);
    expect(message).not.toContain(BUCKET_ENV.S3_SECRET_ACCESS_KEY);
  });
});
