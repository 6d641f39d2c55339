import { describe, expect, it } from 'vitest';
import { GET as docs } from '~/pages/api/v2/docs';
import { listRouteModules } from '~/lib/server/http/route-modules';
import { z } from 'zod';
import { buildOpenApiDocument, collectEndpoints } from '~/lib/server/http/openapi';
import { GET as unseenFeedback } from '~/pages/api/v2/feedbacks/unseen';
import { call } from '../support/http';

describe('GET /api/v2/docs', () => {
  it('describes every endpoint, generated from the validating schemas', async () => {
    const response = await call(docs, { path: '/api/v2/docs' });
    expect(response.status).toBe(200);
    expect(response.json.openapi).toBe('3.0.3');
    for (const endpoint of collectEndpoints(await listRouteModules())) {
      expect(response.json.paths[endpoint.path]?.[endpoint.method.toLowerCase()], `${endpoint.method} ${endpoint.path}`).toBeDefined();
    }
    const loginOperation = response.json.paths['/api/v2/auth/login/'].post;
    expect(loginOperation.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/LoginBody' });
    expect(response.json.components.schemas.LoginBody.required).toEqual(['email', 'password']);
    const refs = JSON.stringify(response.json).match(/#\/components\/schemas\/\w+/g) ?? [];
    for (const ref of refs) expect(response.json.components.schemas[ref.split('/').pop()!], ref).toBeDefined();
    expect(Object.keys(loginOperation.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429', '503']));
    expect(response.json.paths['/api-login/'].post.summary).toBe(loginOperation.summary);
    const homework = response.json.paths['/training_path/{idTrainingPath}/user/{idUser}/homework/'].get;
    expect(homework.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual(['path:idTrainingPath', 'path:idUser']);
    expect(homework.security).toEqual([{ bearer: [] }, { tokenHeader: [] }]);
  });

  it('documents, for every operation, the codes its kind answers besides its own (issue 7: endpoints list only their domain codes)', async () => {
    const response = await call(docs, { path: '/api/v2/docs' });
    const described = (path: string, method: string) => Object.values(response.json.paths[path][method].responses as Record<string, { description: string }>).map((r) => r.description).join(', ');
    // A JSON write of a signed-in user: its domain codes and every shared one.
    const createCohort = described('/api/v2/cohorts/', 'post');
    for (const code of ['unknown_reference', 'forbidden', 'unauthenticated', 'invalid_token', 'maintenance', 'validation_failed', 'malformed_json', 'payload_too_large', 'unsupported_media_type', 'cross_site_request', 'invalid_characters', 'forbidden_other_user']) {
      expect(createCohort, code).toContain(code);
    }
    // An upload: the upload codes and the spreadsheet ones.
    const bulk = described('/api/v2/cohorts/{id}/users/bulk-users/', 'post');
    for (const code of ['malformed_form', 'payload_too_large', 'unsupported_media_type', 'archive_too_large', 'archive_unsafe', 'spreadsheet_too_complex', 'bulk_rows_invalid']) expect(bulk, code).toContain(code);
    // A public read exempt from maintenance: only a bad token.
    expect(described('/api/v2/status/', 'get')).not.toContain('maintenance');
    expect(described('/api/v2/status/', 'get')).toContain('invalid_token');
    expect(described('/api/v2/status/', 'get')).not.toContain('unauthenticated');
    // Auth.js answers its own routes: none of our codes.
    expect(Object.keys(response.json.paths['/api/auth/session'].get.responses)).toEqual(['200']);
  });

  it('describes each operation with its own schemas: no two share an id (issue 28: the feedbacks count was documented as the notifications one)', async () => {
    const response = await call(docs, { path: '/api/v2/docs' });
    const { schemas } = response.json.components;
    const schemaOf = (path: string) => schemas[response.json.paths[path].get.responses['200'].content['application/json'].schema.$ref.split('/').pop()];
    expect(Object.keys(schemaOf('/api/v2/feedbacks/unseen/').properties)).toEqual(['count']);
    expect(Object.keys(schemaOf('/api/v2/notifications/unseen/').properties)).toEqual(['unseen']);
    // Two different schemas under one id: the document refuses to be built.
    const clash = { ...unseenFeedback.definition, path: '/api/v2/clash/', success: { ...unseenFeedback.definition.success, schema: z.object({ other: z.string() }).meta({ id: 'UnseenFeedbackCount' }) } };
    expect(() => buildOpenApiDocument([unseenFeedback.definition, clash])).toThrow('UnseenFeedbackCount');
  });

  it('lists the other successes an operation answers (a report built in the background is a 202 with its job)', async () => {
    const response = await call(docs, { path: '/api/v2/docs' });
    const report = response.json.paths['/api/v2/reports/'].get.responses;
    expect(Object.keys(report)).toEqual(expect.arrayContaining(['200', '202']));
    expect(report['202'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ReportExport' });
  });
});
