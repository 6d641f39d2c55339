import { describe, expect, it } from 'vitest';
import { GET as docs } from '~/pages/api/v2/docs';
import { listRouteModules } from '~/lib/server/http/route-modules';
import { collectEndpoints } from '~/lib/server/http/openapi';
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
});
