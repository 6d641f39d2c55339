/**
 * Issue 28: a fuzzer, signed in as a platform admin, got answers whose status
 * the OpenAPI document did not list for the operation. Every endpoint
 * definition (collected as the document collects them) is called with
 * fuzzed inputs (missing, malformed, overflowing and unknown ids, bodies of
 * the wrong shape, type, size and content type, unknown query values), as an
 * admin, signed out and with a bad token: every answer must be one the
 * document describes (documented-response.ts: status, error code and shape,
 * success body), and none a 5xx.
 */
import { describe, expect, it } from 'vitest';
import { z, type ZodType } from 'zod';
import type { EndpointDefinition, EndpointHandler } from '~/lib/server/http/endpoint';
import { MAX_BODY_BYTES } from '~/lib/server/http/read-body';
import { listRouteModules } from '~/lib/server/http/route-modules';
import { getMaintenance, setMaintenance } from '~/lib/server/services/settings';
import { accessTokenFor, createBanner, createLesson, createWorld } from '../factories';
import { createForumRow, createLiveSessionRow } from '../factories/forums';
import { createSixTypeQuiz } from '../factories/quizzes';
import { createOffer, createRegistration } from '../factories/registrations';
import { requireDocumentedResponse } from '../support/documented-response';
import { ORIGIN } from '../support/http';

interface Endpoint {
  definition: EndpointDefinition;
  handler: EndpointHandler;
}

/** Every declared endpoint with its handler, once (legacy aliases re-export the same one); deletions last, so the others find the world whole. */
async function listEndpoints(): Promise<Endpoint[]> {
  const found = new Map<EndpointDefinition, EndpointHandler>();
  for (const module of Object.values(await listRouteModules())) {
    for (const exported of Object.values(module as Record<string, unknown>)) {
      const { definition } = (exported ?? {}) as Partial<EndpointHandler>;
      if (typeof exported === 'function' && definition && !definition.answeredBy && !found.has(definition)) found.set(definition, exported as EndpointHandler);
    }
  }
  const rank = (definition: EndpointDefinition) => (definition.method === 'DELETE' ? 1 : 0);
  return [...found]
    .map(([definition, handler]) => ({ definition, handler }))
    .sort((a, b) => rank(a.definition) - rank(b.definition) || a.definition.path.localeCompare(b.definition.path) || a.definition.method.localeCompare(b.definition.method));
}

/** The field names of an object schema, looking through optional, refined, piped and preprocessed wrappers. */
function fieldNamesOf(schema: ZodType | undefined): string[] {
  const queue: unknown[] = [schema];
  for (let depth = 0; queue.length > 0 && depth < 12; depth++) {
    const current = queue.shift() as { shape?: object; _zod?: { def?: { in?: unknown; out?: unknown; innerType?: unknown } } } | undefined;
    if (!current) continue;
    if (current.shape) return Object.keys(current.shape);
    const def = current._zod?.def;
    queue.push(def?.in, def?.out, def?.innerType);
  }
  return [];
}

/** A path parameter's names: the params schema's, and the path's own `{name}`s. */
const paramNamesOf = (definition: EndpointDefinition) => [...new Set([...fieldNamesOf(definition.params), ...[...definition.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!)])];

interface FuzzCase {
  label: string;
  params: Record<string, string>;
  query?: Record<string, string>;
  body?: BodyInit;
  contentType?: string;
}

/** Ids no row has, that are not numbers, and past PostgreSQL's integer. */
const BAD_IDS = ['987654321', 'abc', '99999999999', '-1'];
const BAD_QUERY_VALUES = ['zzz-unknown', '-1', '', 'x'.repeat(4_000)];

/** A body of `bytes` bytes, streamed in chunks as a client would send it (the readers stop at their limit). */
function streamOf(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.byteLength;
    },
  });
}

function formOf(fields: Record<string, string | Blob>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, 'fichero.bin');
  }
  return form;
}

type JsonSchema = { $ref?: string; $defs?: Record<string, JsonSchema>; type?: string; const?: unknown; enum?: unknown[]; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema; minItems?: number; minLength?: number; maxLength?: number; minimum?: number; maximum?: number; format?: string };

/**
 * A value a schema plausibly accepts, guessed from its JSON Schema and the
 * field's name (`email`, `…At`, `…Url`): `full` fills optional fields too,
 * `id` is every integer's value (1 names the world's rows, 987654321 none).
 */
function sampleOf(schema: JsonSchema, root: JsonSchema, options: { name: string; full: boolean; id: number }): unknown {
  if (schema.$ref) return sampleOf(root.$defs?.[schema.$ref.split('/').pop()!] ?? {}, root, options);
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return sampleOf(choices.find((choice) => choice.type !== 'null') ?? choices[0]!, root, options);
  const { name } = options;
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => options.full || (schema.required ?? []).includes(key))
          .map(([key, property]) => [key, sampleOf(property, root, { ...options, name: key })]),
      );
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, options.full ? 1 : 0) }, () => sampleOf(schema.items ?? {}, root, options));
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? options.id, options.id), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string': {
      if (schema.format === 'date-time' || /(At|Date|date)$/.test(name)) return new Date(Date.now() + 86_400_000).toISOString();
      if (schema.format === 'date' || /On$/.test(name)) return '2030-01-01';
      if (schema.format === 'email' || /email/i.test(name)) return 'fuzz@senda.test';
      if (schema.format === 'uri' || /url|link/i.test(name)) return 'https://example.com/recurso';
      return 'Texto de prueba'.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? 100);
    }
    default:
      return 'x';
  }
}

/** Plausible values for a schema's fields (see sampleOf). */
function plausibleOf(schema: ZodType, options: { full: boolean; id: number }): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
  const sample = sampleOf(json, json, { ...options, name: '' });
  return sample && typeof sample === 'object' && !Array.isArray(sample) ? (sample as Record<string, unknown>) : {};
}

/** The bodies a JSON endpoint is sent: empty, malformed, not an object, every field of the wrong type or too long, too large, of another content type. */
function jsonBodiesOf(fields: string[]): Omit<FuzzCase, 'params'>[] {
  const every = (value: unknown) => JSON.stringify(Object.fromEntries(fields.map((name) => [name, value])));
  const strings = Object.fromEntries(fields.map((name) => [name, 'x']));
  return [
    { label: 'no body' },
    { label: '{}', body: '{}' },
    { label: 'malformed JSON', body: '{"a":' },
    { label: 'an array', body: '[1]' },
    { label: 'null', body: 'null' },
    { label: 'a string', body: '"texto"' },
    { label: 'every field a string', body: every('x') },
    { label: 'every field an overflowing number', body: every(99_999_999_999) },
    { label: 'every field an object', body: every({ a: 1 }) },
    { label: 'every field a list', body: every([1, 'x']) },
    { label: 'every field null', body: every(null) },
    { label: 'every field a long text', body: every('x'.repeat(20_000)) },
    { label: 'a body past the limit', body: streamOf(MAX_BODY_BYTES + 1) },
    { label: 'XML', body: '<a/>', contentType: 'application/xml' },
    { label: 'a urlencoded form', body: new URLSearchParams(strings).toString(), contentType: 'application/x-www-form-urlencoded' },
    { label: 'a multipart form', body: formOf(strings) },
  ];
}

/** The bodies an upload endpoint is sent: none, JSON, an empty form, text where files go, a file that is not what it should be, a broken form, too large. */
function uploadBodiesOf(fields: string[], maxBytes: number): Omit<FuzzCase, 'params'>[] {
  const of = (value: () => string | Blob) => formOf(Object.fromEntries(fields.map((name) => [name, value()])));
  return [
    { label: 'no body' },
    { label: 'JSON', body: '{}', contentType: 'application/json' },
    { label: 'an empty form', body: new FormData() },
    { label: 'text fields', body: of(() => 'x') },
    { label: 'files of junk', body: of(() => new Blob([new Uint8Array(64).fill(7)], { type: 'application/octet-stream' })) },
    { label: 'a broken form', body: '--nope\r\nbroken', contentType: 'multipart/form-data; boundary=nope' },
    { label: 'a body past the limit', body: streamOf(maxBytes + 1024 * 1024), contentType: 'multipart/form-data; boundary=x' },
  ];
}

/** The fuzz cases of one endpoint, for a caller who gets past the door (an admin, or anyone on a public endpoint). */
function casesOf(definition: EndpointDefinition): FuzzCase[] {
  const names = paramNamesOf(definition);
  const existing = Object.fromEntries(names.map((name) => [name, '1']));
  const cases: FuzzCase[] = [{ label: 'existing ids', params: existing }];
  for (const name of names) {
    for (const bad of BAD_IDS) cases.push({ label: `${name}=${bad}`, params: { ...existing, [name]: bad } });
    const { [name]: _, ...without } = existing;
    cases.push({ label: `no ${name}`, params: without });
  }
  const queryNames = fieldNamesOf(definition.query);
  if (definition.query) {
    for (const full of [false, true]) {
      const values = Object.entries(plausibleOf(definition.query, { full, id: 1 })).map(([name, value]) => [name, String(value)]);
      cases.push({ label: `a plausible query (${full ? 'every' : 'required'} field)`, params: existing, query: Object.fromEntries(values) });
    }
  }
  for (const value of queryNames.length ? BAD_QUERY_VALUES : []) {
    cases.push({ label: `every query value "${value.slice(0, 12)}"`, params: existing, query: Object.fromEntries(queryNames.map((name) => [name, value])) });
  }
  if (definition.method !== 'GET') {
    const fields = fieldNamesOf(definition.body ?? definition.streamedUpload);
    // A streamed upload's limits are its handler's own (an assignment's file size): past 1 MB is past the form's fields at least.
    const upload = definition.upload ?? (definition.streamedUpload && { maxFileBytes: 0 });
    for (const body of upload ? uploadBodiesOf(fields, upload.maxFileBytes) : jsonBodiesOf(fields)) cases.push({ ...body, params: existing });
    if (definition.body && !upload) {
      for (const [label, options] of [['required fields', { full: false, id: 1 }], ['every field', { full: true, id: 1 }], ['unknown ids', { full: true, id: 987_654_321 }]] as const) {
        cases.push({ label: `a plausible body (${label})`, params: existing, body: JSON.stringify(plausibleOf(definition.body, options)) });
        cases.push({ label: `a plausible body (${label}) for unknown ids`, params: Object.fromEntries(names.map((name) => [name, '987654321'])), body: JSON.stringify(plausibleOf(definition.body, options)) });
      }
    }
  }
  return cases;
}

/** Sends one case as Astro would; an event stream is closed at once (its first answer is what counts). */
async function send(endpoint: Endpoint, fuzz: FuzzCase, token?: string) {
  const url = new URL(endpoint.definition.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(fuzz.params[name] ?? '')), ORIGIN);
  for (const [name, value] of Object.entries(fuzz.query ?? {})) url.searchParams.set(name, value);
  const headers = new Headers();
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (fuzz.contentType) headers.set('content-type', fuzz.contentType);
  else if (typeof fuzz.body === 'string') headers.set('content-type', 'application/json');
  const hasBody = fuzz.body !== undefined && endpoint.definition.method !== 'GET';
  const request = new Request(url, { method: endpoint.definition.method, headers, ...(hasBody ? { body: fuzz.body, duplex: 'half' } : {}) } as RequestInit);
  const response = await endpoint.handler({ request, params: fuzz.params, clientAddress: '127.0.0.1' });
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, headers: response.headers, json: null };
  }
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: type.startsWith('application/json') && text ? (JSON.parse(text) as unknown) : text };
}

/** Runs every case, collecting what is not documented (or a 5xx) instead of stopping at the first. */
async function fuzz(endpoints: Endpoint[], caller: 'admin' | 'signed out' | 'bad token', tokenFor: () => Promise<string | undefined>): Promise<string[]> {
  const problems: string[] = [];
  for (const endpoint of endpoints) {
    const { definition } = endpoint;
    const token = await tokenFor();
    // Without a valid token a signed-in endpoint stops at the door: one case shows it.
    const cases = caller === 'admin' || (caller === 'signed out' && definition.access === 'public') ? casesOf(definition) : casesOf(definition).slice(0, 1);
    for (const fuzzCase of cases) {
      const where = `${caller}: ${definition.method} ${definition.path} (${fuzzCase.label})`;
      try {
        const answer = await send(endpoint, fuzzCase, token);
        if (answer.status >= 500) problems.push(`${where} answered ${answer.status} ${JSON.stringify(answer.json)}`);
        else requireDocumentedResponse(definition, answer);
      } catch (error) {
        problems.push(`${where}: ${(error as Error).message.slice(0, 600)}`);
      }
    }
    // A body that switched maintenance on would turn every later answer into a 503.
    if ((await getMaintenance()).enabled) await setMaintenance(false);
  }
  return problems;
}

/** Rows with id 1 for the ids the cases name: a cohort, course, assignment, lesson, quiz, forum, live session, banner, offer and registration. */
async function createFuzzWorld() {
  const world = await createWorld();
  await createLesson({ courseId: world.courseA.id });
  await createSixTypeQuiz(world.courseA.id);
  await createForumRow({ cohortId: world.cohortA.id });
  await createLiveSessionRow(world.cohortA.id);
  await createBanner({ cohortId: world.cohortA.id });
  const offer = await createOffer({ cohortId: world.cohortA.id });
  await createRegistration(offer, world.student);
  return world;
}

describe('every status an endpoint answers is in the OpenAPI document (issue 28)', () => {
  it('as a platform admin, with fuzzed ids, bodies and queries', { timeout: 300_000 }, async () => {
    const world = await createFuzzWorld();
    const endpoints = await listEndpoints();
    expect(endpoints.length).toBeGreaterThan(200);
    // A fresh token per endpoint: one that signs the admin out must not silence the rest.
    expect(await fuzz(endpoints, 'admin', () => accessTokenFor(world.admin))).toEqual([]);
  });

  it('signed out, and with a token that is not one', { timeout: 120_000 }, async () => {
    await createFuzzWorld();
    const endpoints = await listEndpoints();
    expect([...(await fuzz(endpoints, 'signed out', async () => undefined)), ...(await fuzz(endpoints, 'bad token', async () => 'not-a-token'))]).toEqual([]);
  });
});
