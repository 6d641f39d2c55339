/**
 * The one typed way islands call the API (ADR 026). A route is a path of the
 * OpenAPI document (`/api/v2/threads/{id}/`), its path parameters, query and
 * body are typed from the zod schemas that validate them on the server, and
 * the answer is typed from the schema the server answers with: a renamed
 * field fails the type check, not the browser. Calls go through the shared
 * request helper (getApi: the session, the contract's idUser and
 * idTrainingPath merged into bodies, failures rejected with the Response).
 */
import { getApi } from '~/lib/client/app-client';
import type { Page } from '~/lib/shared/pagination';
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
const sendWith =
  <V extends BodyVerb>(verb: V) =>
  <R extends RoutesWith<V>>(route: R, ...[options]: Args<BodyOptions<Operation<R, V>>>): Promise<Answer<R, V>> => {
    const { body, signal } = (options ?? {}) as { body?: Record<string, unknown> | FormData; signal?: AbortSignal };
    return getApi().request<Answer<R, V>>({ method: verb, route: addressOf(route, options), body: body ?? {}, signal });
  };

export const api = {
  get: <R extends RoutesWith<'get'>>(route: R, ...[options]: Args<Options<Operation<R, 'get'>>>): Promise<Answer<R, 'get'>> =>
    getApi().get<Answer<R, 'get'>>(addressOf(route, options), { signal: options?.signal }),
  post: sendWith('post'),
  put: sendWith('put'),
  patch: sendWith('patch'),
  delete: <R extends RoutesWith<'delete'>>(route: R, ...[options]: Args<Options<Operation<R, 'delete'>>>): Promise<Answer<R, 'delete'>> =>
    getApi().delete<Answer<R, 'delete'>>(addressOf(route, options)),
  /**
   * POSTs a file (a FormData) reporting the share sent (0–1); `accept` and
   * `onResponseText` read an answer that streams in (application/x-ndjson).
   */
  upload: <R extends RoutesWith<'post'>>(
    route: R,
    options: Options<Operation<R, 'post'>> & { body: FormData; onProgress(sent: number): void; accept?: string; onResponseText?(textSoFar: string): void },
  ): Promise<Answer<R, 'post'>> =>
    getApi().upload<Answer<R, 'post'>>(addressOf(route, options), options.body, options.onProgress, { accept: options.accept, onResponseText: options.onResponseText }),
};

type PageItem<A> = A extends Page<infer T> ? T : never;

/** The page after `page` (its `next` link, which the server wrote), typed like `page`. */
export function readNextPage<P extends Page<unknown>>(page: P, signal?: AbortSignal): Promise<P> {
  if (!page.next) throw new TypeError('The last page has no next page');
  return getApi().get<P>(page.next, { signal });
}

/** Every item of a list, following `next` from the route's first page until the last one. */
export async function readAllPages<R extends RoutesWith<'get'>>(route: R, ...args: Args<Options<Operation<R, 'get'>>>): Promise<PageItem<Answer<R, 'get'>>[]> {
  type Item = PageItem<Answer<R, 'get'>>;
  let page = (await api.get(route, ...args)) as Page<Item>;
  const items: Item[] = [...page.results];
  while (page.next) {
    page = await readNextPage(page, args[0]?.signal);
    items.push(...page.results);
  }
  return items;
}
