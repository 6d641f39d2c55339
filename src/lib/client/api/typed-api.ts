/**
 * The one typed way islands call the API (ADR 026). A route is a path of the
 * OpenAPI document (`/api/v2/threads/{id}/`), its path parameters, query and
 * body are typed from the zod schemas that validate them on the server, and
 * the answer is typed from the schema the server answers with: a renamed
 * field fails the type check, not the browser. Calls go through the shared
 * request helper (the session, the contract's idUser and idTrainingPath
 * merged into bodies, failures rejected with the Response): app-client.ts
 * makes the one `api` over it, so this code travels in the chunk every page
 * already loads.
 */
import type { ApiClient } from '~/lib/client/api';
import type { paths } from './schema.generated';

type Verb = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Route = keyof paths;

/** The routes that answer a verb. */
export type RoutesWith<V extends Verb> = { [R in Route]: paths[R][V] extends undefined ? never : R }[Route];
type Operation<R extends Route, V extends Verb> = Exclude<paths[R][V], undefined>;

type PathOf<O> = O extends { parameters: { path: infer P } } ? P : undefined;
/** A query's `"true" | "false"` flags also take a boolean (the address spells it). */
type Flags<Q> = { [K in keyof Q]: Q[K] extends 'true' | 'false' | undefined ? Q[K] | boolean : Q[K] };
type QueryOf<O> = O extends { parameters: { query?: infer Q } } ? ([Q] extends [undefined] ? undefined : Flags<Q>) : undefined;
/** The fields the request helper adds to every body itself (contract §6). */
type HelperFields = 'idUser' | 'idTrainingPath';
type JsonBody<B> = Omit<B, HelperFields> & Partial<Pick<B, Extract<keyof B, HelperFields>>>;
type BodyOf<O> = O extends { requestBody?: never }
  ? undefined
  : O extends { requestBody: { content: infer C } }
  ? C extends { 'application/json': infer B }
    ? JsonBody<B>
    : FormData
  : O extends { requestBody?: { content: infer C } }
    ? C extends { 'application/json': infer B }
      ? JsonBody<B> | undefined
      : FormData | undefined
    : undefined;

/** What a route answers when it succeeds (`null` for 204, the text of a stream). */
export type AnswerOf<O> = O extends { responses: infer Answers }
  ? { [Status in keyof Answers]: Answers[Status] extends { content: infer C } ? (C extends { 'application/json': infer J } ? J : string) : null }[keyof Answers]
  : never;
export type Answer<R extends Route, V extends Verb> = AnswerOf<Operation<R, V>>;
/** What a route takes as its body (without the fields the request helper adds). */
export type Body<R extends Route, V extends Verb> = Exclude<BodyOf<Operation<R, V>>, undefined>;
/** What a route takes as its query. */
export type Query<R extends Route, V extends Verb> = Exclude<QueryOf<Operation<R, V>>, undefined>;

type Part<Name extends string, T> = [T] extends [undefined] ? { [K in Name]?: undefined } : undefined extends T ? { [K in Name]?: T } : { [K in Name]: T };
type QueryPart<O> = [QueryOf<O>] extends [undefined] ? { query?: undefined } : { query?: QueryOf<O> };
type Options<O> = Part<'path', PathOf<O>> & QueryPart<O> & { signal?: AbortSignal };
/** A body with nothing required (the request helper's fields only) may be left out. */
type BodyPart<B> = [B] extends [undefined] ? { body?: undefined } : undefined extends B ? { body?: B } : object extends B ? { body?: B } : { body: B };
type BodyOptions<O> = Options<O> & BodyPart<BodyOf<O>>;
type RequiredKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];
/** The options argument, optional when nothing in it is required. */
type Args<T> = [RequiredKeys<T>] extends [never] ? [options?: T] : [options: T];

type QueryValue = string | number | boolean | null | undefined;

/** `path?name=value&…`, leaving out the names whose value is empty. */
function withQuery(path: string, query: unknown): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}) as [string, QueryValue][]) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The address of a route: its `{name}` parameters filled in, then its query. */
export function addressOf(route: string, options: { path?: unknown; query?: unknown } = {}): string {
  const values = (options.path ?? {}) as Record<string, string | number>;
  const filled = route.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (values[name] === undefined) throw new TypeError(`Missing path parameter "${name}" of ${route}`);
    return encodeURIComponent(String(values[name]));
  });
  return withQuery(filled, options.query);
}

type BodyVerb = 'post' | 'put' | 'patch';

/** A typed call of one verb: its route and options, as the document types them. */
type Call<V extends Verb> = <R extends RoutesWith<V>>(route: R, ...args: Args<V extends BodyVerb ? BodyOptions<Operation<R, V>> : Options<Operation<R, V>>>) => Promise<Answer<R, V>>;
type UploadOptions<R extends RoutesWith<'post'>> = Options<Operation<R, 'post'>> & { body: FormData; onProgress(sent: number): void; accept?: string; onResponseText?(textSoFar: string): void };

/** The typed calls over a request helper (`getApi`, read at each call). */
export function createTypedApi(getApi: () => ApiClient) {
  // One request for every verb: the helper sends a body only with POST, PUT and PATCH.
  const send =
    (method: Verb) =>
    (route: string, options: { path?: unknown; query?: unknown; body?: Record<string, unknown> | FormData; signal?: AbortSignal } = {}) =>
      getApi().request({ method, route: addressOf(route, options), body: options.body ?? {}, signal: options.signal });
  return {
    get: send('get') as Call<'get'>,
    post: send('post') as Call<'post'>,
    put: send('put') as Call<'put'>,
    patch: send('patch') as Call<'patch'>,
    delete: send('delete') as Call<'delete'>,
    /**
     * POSTs a file (a FormData) reporting the share sent (0–1); `accept` and
     * `onResponseText` read an answer that streams in (application/x-ndjson).
     */
    upload: <R extends RoutesWith<'post'>>(route: R, options: UploadOptions<R>): Promise<Answer<R, 'post'>> =>
      getApi().upload(addressOf(route, options), options.body, options.onProgress, options),
  };
}

/** Options of a GET of a route (for helpers that take a route and its options). */
export type GetArgs<R extends RoutesWith<'get'>> = Args<Options<Operation<R, 'get'>>>;
