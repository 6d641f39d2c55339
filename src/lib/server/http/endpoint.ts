import type { z, ZodType } from 'zod';
import type { Language } from '~/lib/shared/constants';
import { AppError, type ErrorCode } from '~/lib/shared/errors';
import { getT, type Translate } from '~/i18n';
import { requireActForUser, type Caller } from '~/lib/server/access/permissions';
import { getMaintenance } from '~/lib/server/services/settings';
import { authenticateRequest } from './caller';
import { JSON_BODY_ERRORS, readRequestBody } from './read-body';
import { readUploadBody, UPLOAD_ERRORS, type UploadLimits } from './read-upload';
import { readUploadFilesBody } from './read-upload-files';
import { clientAddressOf, languageOf } from './request-context';
import { errorResponse, jsonResponse, validationError } from './respond';

export type HttpVerb = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** `public`: anyone; `user`: a valid access token is required. */
export type Access = 'public' | 'user';

/** What Astro hands an endpoint (a subset, so tests can call endpoints directly). */
export interface EndpointContext {
  request: Request;
  params: Record<string, string | undefined>;
  clientAddress?: string;
}

export interface EndpointInput<B, Q, P, A extends Access> {
  body: B;
  query: Q;
  params: P;
  caller: A extends 'user' ? Caller : Caller | null;
  lang: Language;
  t: Translate;
  ip: string;
  request: Request;
}

export interface EndpointResult {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A success answer as the OpenAPI document describes it. */
export interface SuccessResponse {
  status: number;
  description: string;
  schema?: ZodType;
  contentType?: string;
}

type Schema = ZodType | undefined;
type Out<S extends Schema> = S extends ZodType ? z.output<S> : undefined;

export interface EndpointDefinition<B extends Schema = Schema, Q extends Schema = Schema, P extends Schema = Schema, A extends Access = Access> {
  method: HttpVerb;
  /** OpenAPI path, `{param}` style, with the trailing slash the contract uses. */
  path: string;
  /** Other paths serving the same operation (legacy aliases). */
  aliases?: string[];
  summary: string;
  tags: string[];
  access: A;
  /** Endpoints that keep working during maintenance (status, logout, docs). */
  maintenance?: 'exempt';
  /** Answered by a library (Auth.js): described for the OpenAPI document, none of our shared error codes apply. */
  answeredBy?: 'auth.js';
  body?: B;
  /** Defaults to application/json (multipart/form-data with `upload`). */
  bodyContentType?: string;
  /** The body is a multipart upload of one file per field (or of many, a folder), read with these limits (read-upload.ts). */
  upload?: UploadLimits & { many?: boolean };
  /**
   * The body is a multipart upload the handler reads itself as a stream,
   * files straight to storage (http/stream-upload.ts), after checking the
   * caller: nothing is read before `handle`. The schema describes its
   * fields for the OpenAPI document.
   */
  streamedUpload?: ZodType;
  query?: Q;
  params?: P;
  success: SuccessResponse;
  /** Other success answers the handler gives (202 and the job building a large file, 303 back to a form's page). */
  otherSuccesses?: SuccessResponse[];
  /** The endpoint's own domain codes (forbidden, not_found, …); those every endpoint of its kind answers are derived: impliedErrorsOf. */
  errors: ErrorCode[];
  handle(input: EndpointInput<Out<B>, Out<Q>, Out<P>, A>): Promise<EndpointResult | Response>;
}

export type EndpointHandler = ((context: EndpointContext) => Promise<Response>) & { definition: EndpointDefinition };

/** Whether a body or params schema reads the request helper's `idUser` (which must be the caller, or someone they may act for). */
const readsIdUser = (schema: Schema) => Boolean(schema && 'idUser' in ((schema as { shape?: object }).shape ?? {}));

/**
 * The error codes an endpoint answers because of what its definition says
 * (its access, maintenance, method and inputs), beside the domain codes it
 * lists itself: every endpoint refuses a bad token and answers 503 while the
 * database is away (a restart: ADR 022); `user` endpoints refuse
 * no token; all but the exempt ones answer maintenance; inputs are
 * validated; a JSON body may be malformed, too large or of another type, an
 * upload (`readBody`) likewise; a state-changing request may come from
 * another site (the middleware).
 */
export function impliedErrorsOf(definition: EndpointDefinition): ErrorCode[] {
  if (definition.answeredBy) return [];
  const codes = new Set<ErrorCode>(['invalid_token', 'database_unavailable']);
  if (definition.access === 'user') codes.add('unauthenticated');
  if (definition.maintenance !== 'exempt') codes.add('maintenance');
  if (definition.method !== 'GET') codes.add('cross_site_request');
  if (definition.body || definition.query || definition.params) codes.add('validation_failed');
  if (definition.body || definition.query) codes.add('invalid_characters');
  if (definition.body) for (const code of definition.upload ? UPLOAD_ERRORS : JSON_BODY_ERRORS) codes.add(code);
  if (definition.streamedUpload) for (const code of [...UPLOAD_ERRORS, 'validation_failed', 'invalid_characters'] as const) codes.add(code);
  if (readsIdUser(definition.body) || readsIdUser(definition.params)) codes.add('forbidden_other_user');
  return [...codes];
}

function parseWith<S extends Schema>(schema: S, value: unknown): Out<S> {
  if (!schema) return undefined as Out<S>;
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data as Out<S>;
}

/**
 * Declares an endpoint: parses and validates its input with zod, checks the
 * caller, refuses work during maintenance, calls the handler and maps every
 * error to the one error shape. The definition also feeds the OpenAPI document.
 */
export function defineEndpoint<B extends Schema = undefined, Q extends Schema = undefined, P extends Schema = undefined, A extends Access = Access>(
  definition: EndpointDefinition<B, Q, P, A>,
): EndpointHandler {
  const { upload } = definition;
  const readBody = upload ? (upload.many ? readUploadFilesBody(upload) : readUploadBody(upload)) : readRequestBody;
  const handler = async (context: EndpointContext): Promise<Response> => {
    const { request } = context;
    const lang = languageOf(request);
    try {
      if (definition.maintenance !== 'exempt') {
        const maintenance = await getMaintenance();
        if (maintenance.enabled) throw new AppError('maintenance', { params: { message: maintenance.message ?? '' } });
      }
      const caller = await authenticateRequest(request);
      if (definition.access === 'user' && !caller) throw new AppError('unauthenticated');

      const params = parseWith(definition.params as P, context.params);
      const query = parseWith(definition.query as Q, Object.fromEntries(new URL(request.url).searchParams));
      const body = definition.body ? parseWith(definition.body, await readBody(request)) : (undefined as Out<B>);

      // Identity comes from the token: an idUser that is not the caller needs permission.
      const claimedUser = (params as { idUser?: number } | undefined)?.idUser ?? (body as { idUser?: number } | undefined)?.idUser;
      if (claimedUser !== undefined && caller) requireActForUser(caller, claimedUser);

      const result = await definition.handle({
        body,
        query,
        params,
        caller: caller as EndpointInput<Out<B>, Out<Q>, Out<P>, A>['caller'],
        lang,
        t: getT(lang),
        ip: clientAddressOf(request, context.clientAddress),
        request,
      });
      if (result instanceof Response) return result;
      return jsonResponse(result.body ?? null, result.status ?? definition.success.status, result.headers);
    } catch (error) {
      return errorResponse(error, lang, { method: definition.method, path: definition.path });
    }
  };
  return Object.assign(handler, { definition: definition as unknown as EndpointDefinition });
}
