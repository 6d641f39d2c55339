import type { z, ZodType } from 'zod';
import type { Language } from '~/lib/shared/constants';
import { AppError, type ErrorCode } from '~/lib/shared/errors';
import { getT, type Translate } from '~/i18n';
import { requireActForUser, type Caller } from '~/lib/server/auth/permissions';
import { getMaintenance } from '~/lib/server/services/settings';
import { authenticateRequest } from './caller';
import { readRequestBody } from './read-body';
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
  body?: B;
  /** Defaults to application/json. */
  bodyContentType?: string;
  /** Reads the body instead of readRequestBody (uploads: see read-upload.ts). */
  readBody?: (request: Request) => Promise<unknown>;
  query?: Q;
  params?: P;
  success: { status: number; description: string; schema?: ZodType; contentType?: string };
  errors: ErrorCode[];
  handle(input: EndpointInput<Out<B>, Out<Q>, Out<P>, A>): Promise<EndpointResult | Response>;
}

export type EndpointHandler = ((context: EndpointContext) => Promise<Response>) & { definition: EndpointDefinition };

/**
 * The error codes an endpoint answers because of what its definition says
 * (its access, method, inputs), beside the domain codes it lists itself.
 */
export function impliedErrorsOf(definition: EndpointDefinition): ErrorCode[] {
  const codes: ErrorCode[] = [];
  if (definition.method !== 'GET') codes.push('cross_site_request');
  if (definition.body || definition.query) codes.push('invalid_characters');
  return codes;
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
      const body = definition.body ? parseWith(definition.body, await (definition.readBody ?? readRequestBody)(request)) : (undefined as Out<B>);

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
