import type { EndpointHandler } from '~/lib/server/http/endpoint';
import { requireDocumentedResponse } from './documented-response';
import { ORIGIN } from './http';

export interface FormFile {
  name: string;
  type: string;
  data: Uint8Array<ArrayBuffer>;
}

/** Calls an endpoint with a real multipart/form-data body (binary files included), the way a browser form does; its answer must be documented (documented-response.ts). */
// Astro's APIContext is wider than what handlers read.
export async function callForm(
  handler: (context: any) => Promise<Response>,
  options: { path: string; params?: Record<string, string>; fields?: Record<string, string>; files?: Record<string, FormFile | FormFile[]>; token?: string; headers?: Record<string, string> },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  for (const [name, value] of Object.entries(options.files ?? {})) {
    for (const file of Array.isArray(value) ? value : [value]) form.append(name, new Blob([file.data], { type: file.type }), file.name);
  }
  const headers = new Headers(options.headers);
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  const request = new Request(new URL(options.path, ORIGIN), { method: 'POST', headers, body: form });
  const response = await handler({ request, params: options.params ?? {}, clientAddress: '127.0.0.1', url: new URL(options.path, ORIGIN) });
  const text = await response.text();
  const answer = { status: response.status, headers: response.headers, json: (text ? JSON.parse(text) : null) as any };
  const { definition } = handler as Partial<EndpointHandler>;
  if (definition) requireDocumentedResponse(definition, answer);
  return answer;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Bytes that start like a PNG (the checks read magic numbers only), `size` bytes long. */
export function pngBytes(size = 64, fill = 7): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(size).fill(fill);
  data.set(PNG_SIGNATURE);
  return data;
}

export const jpegBytes = (size = 64) => {
  const data = new Uint8Array(size).fill(1);
  data.set([0xff, 0xd8, 0xff, 0xe0]);
  return data;
};

export const webpBytes = () => new TextEncoder().encode('RIFF\u0024\u0000\u0000\u0000WEBPVP8 tiny-webp-for-tests');

export const svgBytes = () => new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** Bytes that start like a PDF (the checks read magic numbers only), `size` bytes long. */
export function pdfBytes(size = 256, fill = 0x20): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(size).fill(fill);
  data.set(new TextEncoder().encode('%PDF-1.4\n'));
  return data;
}
