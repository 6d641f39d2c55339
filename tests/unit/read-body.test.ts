import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, readRequestBody } from '~/lib/server/http/read-body';

const multipart = (boundary: string, fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('') + `--${boundary}--\r\n`;

const post = (body: string, contentType: string) => new Request('http://localhost/x', { method: 'POST', body, headers: { 'content-type': contentType } });

describe('reading request bodies', () => {
  // Regression: the content type was lowercased before parsing, which broke browsers' mixed-case boundaries.
  it('parses a multipart form whose boundary has capitals', async () => {
    const boundary = '----WebKitFormBoundaryAbCdEf123';
    const body = await readRequestBody(post(multipart(boundary, { title: 'Hola', cohort: '3' }), `multipart/form-data; boundary=${boundary}`));
    expect(body).toEqual({ title: 'Hola', cohort: '3' });
  });

  it('refuses multipart, JSON and form bodies over the limit with 413, and malformed ones with 400', async () => {
    const big = 'x'.repeat(MAX_BODY_BYTES + 1);
    for (const [body, type] of [
      [multipart('B', { text: big }), 'multipart/form-data; boundary=B'],
      [JSON.stringify({ text: big }), 'application/json'],
      [`text=${big}`, 'application/x-www-form-urlencoded'],
    ] as const) {
      await expect(readRequestBody(post(body, type))).rejects.toMatchObject({ code: 'payload_too_large', params: { limit: '1 MB' } });
    }
    await expect(readRequestBody(post('not a form', 'multipart/form-data; boundary=B'))).rejects.toMatchObject({ code: 'malformed_form' });
    await expect(readRequestBody(post('{"a":', 'application/json'))).rejects.toMatchObject({ code: 'malformed_json' });
  });
});
