import { z, type ZodType } from 'zod';
import { ERROR_STATUS } from '~/lib/shared/errors';
import { ErrorBodySchema } from '~/lib/shared/schemas/common';
import { impliedErrorsOf, type EndpointDefinition, type EndpointHandler } from './endpoint';

type JsonObject = Record<string, unknown>;

/** Named schemas (zod `.meta({ id })`) shared by the operations of one document. */
type Components = Record<string, JsonObject>;

/** JSON Schema of a zod schema; named parts go to `components` and are referenced. */
function toJsonSchema(schema: ZodType, io: 'input' | 'output', components: Components): JsonObject {
  const raw = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any', reused: 'inline' }) as JsonObject;
  const json = JSON.parse(JSON.stringify(raw).replaceAll('"#/definitions/', '"#/components/schemas/')) as JsonObject;
  const { definitions, $schema: _, ...root } = json as JsonObject & { definitions?: Components };
  for (const [id, definition] of Object.entries(definitions ?? {})) {
    // Two zod schemas sharing one id would silently describe one operation with the other's shape.
    if (id in components && JSON.stringify(components[id]) !== JSON.stringify(definition)) throw new Error(`Two different schemas share the OpenAPI id "${id}"`);
    components[id] = definition;
  }
  return root;
}

function parametersOf(definition: EndpointDefinition, components: Components): JsonObject[] {
  const list: JsonObject[] = [];
  for (const [where, schema] of [['path', definition.params], ['query', definition.query]] as const) {
    if (!schema) continue;
    const json = toJsonSchema(schema, 'input', components) as { properties?: Record<string, JsonObject>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      list.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: property });
    }
  }
  return list;
}

function operationOf(definition: EndpointDefinition, components: Components): JsonObject {
  const responses: JsonObject = {};
  for (const success of [definition.success, ...(definition.otherSuccesses ?? [])]) {
    responses[success.status] = {
      description: success.description,
      ...(success.schema ? { content: { [success.contentType ?? 'application/json']: { schema: toJsonSchema(success.schema, 'output', components) } } } : {}),
    };
  }
  const errorSchema = toJsonSchema(ErrorBodySchema, 'output', components);
  for (const code of new Set([...definition.errors, ...impliedErrorsOf(definition)])) {
    const status = String(ERROR_STATUS[code]);
    const existing = responses[status] as { description: string } | undefined;
    responses[status] = {
      description: existing ? `${existing.description}, ${code}` : code,
      content: { 'application/json': { schema: errorSchema } },
    };
  }
  return {
    summary: definition.summary,
    tags: definition.tags,
    operationId: `${definition.method.toLowerCase()}${definition.path.replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    security: definition.access === 'user' ? [{ bearer: [] }, { tokenHeader: [] }] : [],
    parameters: parametersOf(definition, components),
    ...(definition.body
      ? { requestBody: { required: true, content: { [definition.bodyContentType ?? (definition.upload ? 'multipart/form-data' : 'application/json')]: { schema: toJsonSchema(definition.body, 'input', components) } } } }
      : {}),
    ...(definition.streamedUpload ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: toJsonSchema(definition.streamedUpload, 'input', components) } } } } : {}),
    responses,
  };
}

const isDefinition = (value: unknown): value is EndpointDefinition =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'handle' in value;

/**
 * Collects every endpoint the route modules export: wrapped handlers, and
 * arrays of definitions for routes answered by a library (Auth.js). An
 * endpoint re-exported under a legacy path counts once.
 */
export function collectEndpoints(modules: Record<string, unknown>): EndpointDefinition[] {
  const found = new Set<EndpointDefinition>();
  for (const module of Object.values(modules)) {
    for (const exported of Object.values(module as Record<string, unknown>)) {
      const definition = (exported as Partial<EndpointHandler> | undefined)?.definition;
      if (typeof exported === 'function' && definition) found.add(definition);
      if (Array.isArray(exported)) exported.filter(isDefinition).forEach((item) => found.add(item));
    }
  }
  return [...found].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** The OpenAPI 3.0 document, generated from the same zod schemas that validate. */
export function buildOpenApiDocument(definitions: EndpointDefinition[]): JsonObject {
  const paths: Record<string, JsonObject> = {};
  const schemas: Components = {};
  for (const definition of definitions) {
    const operation = operationOf(definition, schemas);
    for (const path of [definition.path, ...(definition.aliases ?? [])]) {
      paths[path] ??= {};
      const alias = path !== definition.path;
      paths[path][definition.method.toLowerCase()] = alias ? { ...operation, operationId: `${operation.operationId}Legacy`, deprecated: true } : operation;
    }
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Senda API', version: '2.0.0', description: 'Senda learning platform API. Errors: { error: { code, message, fields? } }.' },
    servers: [{ url: '/' }],
    components: {
      schemas,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        tokenHeader: { type: 'apiKey', in: 'header', name: 'token' },
      },
    },
    paths,
  };
}
