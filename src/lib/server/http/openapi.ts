import { z, type ZodType } from 'zod';
import { ERROR_STATUS } from '../../shared/errors';
import { ErrorBodySchema } from '../../shared/schemas/common';
import type { EndpointDefinition, EndpointHandler } from './endpoint';

type JsonObject = Record<string, unknown>;

function toJsonSchema(schema: ZodType, io: 'input' | 'output'): JsonObject {
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any', reused: 'inline' }) as JsonObject;
  delete json.$schema;
  return json;
}

function parametersOf(definition: EndpointDefinition): JsonObject[] {
  const list: JsonObject[] = [];
  for (const [where, schema] of [['path', definition.params], ['query', definition.query]] as const) {
    if (!schema) continue;
    const json = toJsonSchema(schema, 'input') as { properties?: Record<string, JsonObject>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      list.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: property });
    }
  }
  return list;
}

function operationOf(definition: EndpointDefinition): JsonObject {
  const responses: JsonObject = {
    [definition.success.status]: {
      description: definition.success.description,
      ...(definition.success.schema
        ? { content: { [definition.success.contentType ?? 'application/json']: { schema: toJsonSchema(definition.success.schema, 'output') } } }
        : {}),
    },
  };
  const errorSchema = toJsonSchema(ErrorBodySchema, 'output');
  for (const code of definition.errors) {
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
    parameters: parametersOf(definition),
    ...(definition.body
      ? { requestBody: { required: true, content: { [definition.bodyContentType ?? 'application/json']: { schema: toJsonSchema(definition.body, 'input') } } } }
      : {}),
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
  for (const definition of definitions) {
    for (const path of [definition.path, ...(definition.aliases ?? [])]) {
      paths[path] ??= {};
      paths[path][definition.method.toLowerCase()] = operationOf(definition);
    }
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Senda API', version: '2.0.0', description: 'Senda learning platform API. Errors: { error: { code, message, fields? } }.' },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        tokenHeader: { type: 'apiKey', in: 'header', name: 'token' },
      },
    },
    paths,
  };
}
