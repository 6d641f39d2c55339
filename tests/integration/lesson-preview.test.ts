import { beforeEach, describe, expect, it } from 'vitest';
import { parseRoute } from '../../node_modules/astro/dist/core/routing/parse-route.js';
import { Router } from '../../node_modules/astro/dist/core/routing/router.js';
import { POST as preview } from '~/pages/api/v2/lessons/preview';
import { ROLE_IDS } from '~/lib/shared/constants';
import { renderLessonContent } from '~/lib/server/markdown/render-markdown';
import { call } from '../support/http';
import { accessTokenFor, createCohort, createLesson, createUser, createWorld, enrollStudent } from '../factories';

type World = Awaited<ReturnType<typeof createWorld>>;
let world: World;
const tokens = {} as Record<'student' | 'otherStudent' | 'tutor' | 'admin', string>;

beforeEach(async () => {
  world = await createWorld();
  for (const persona of ['student', 'otherStudent', 'tutor', 'admin'] as const) tokens[persona] = await accessTokenFor(world[persona]);
});

const previewAs = (token: string, body: unknown, headers?: Record<string, string>) =>
  call(preview, { method: 'POST', path: '/api/v2/lessons/preview/', body, token, ...(headers ? { headers } : {}) });

describe('POST /api/v2/lessons/preview/', () => {
  it('renders Markdown for a tutor exactly as the lesson page does', async () => {
    const contentMd = '# Fracciones\n\nUna **fracción** es [una parte](https://example.org) del todo.\n\n| a | b |\n|---|---|\n| 1 | 2 |';
    const response = await previewAs(tokens.tutor, { contentMd });
    expect(response.status).toBe(200);
    expect(response.json.html).toContain('<h1>Fracciones</h1>');
    expect(response.json.html).toContain('<strong>fracción</strong>');
    expect(response.json.html).toContain('<table>');
    const lesson = await createLesson({ courseId: world.courseA.id, contentMd });
    expect(response.json.html).toBe(renderLessonContent(lesson));
  });

  it('strips scripts, event handlers and javascript: links', async () => {
    const contentMd = [
      'Hola <script>alert("x")</script>',
      '<img src="https://example.org/a.png" onerror="alert(1)">',
      '[clic](javascript:alert(1))',
      '<a href="https://example.org" onclick="alert(2)">sitio</a>',
      '<iframe src="https://evil.example"></iframe>',
    ].join('\n\n');
    const response = await previewAs(tokens.admin, { contentMd });
    expect(response.status).toBe(200);
    const { html } = response.json as { html: string };
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe/i);
    expect(html).toContain('src="https://example.org/a.png"');
    expect(html).toContain('>sitio</a>');
  });

  it('allows cohort admins, but not students, other cohorts\' students or tutors whose membership is inactive', async () => {
    const cohortAdmin = await createUser({ userType: 'staff' });
    await enrollStudent(cohortAdmin, world.cohortB, { roleId: ROLE_IDS.cohortAdmin });
    expect((await previewAs(await accessTokenFor(cohortAdmin), { contentMd: 'hola' })).status).toBe(200);

    for (const token of [tokens.student, tokens.otherStudent]) {
      const refused = await previewAs(token, { contentMd: 'hola' });
      expect(refused.status).toBe(403);
      expect(refused.json.error.code).toBe('forbidden');
    }
    const formerTutor = await createUser({ userType: 'staff' });
    await enrollStudent(formerTutor, world.cohortA, { roleId: ROLE_IDS.tutor, status: 'INACTIVE' });
    const archivedCohort = await createCohort({ status: 'INACTIVE' });
    const tutorOfArchived = await createUser({ userType: 'staff' });
    await enrollStudent(tutorOfArchived, archivedCohort, { roleId: ROLE_IDS.tutor });
    for (const user of [formerTutor, tutorOfArchived]) expect((await previewAs(await accessTokenFor(user), { contentMd: 'hola' })).status).toBe(403);
    expect((await call(preview, { method: 'POST', path: '/api/v2/lessons/preview/', body: { contentMd: 'hola' } })).status).toBe(401);
  });

  it('previews empty content as empty, and refuses content longer than a lesson may hold with a message in the caller\'s language', async () => {
    expect((await previewAs(tokens.tutor, {})).json).toEqual({ html: '' });
    const tooLong = await previewAs(tokens.tutor, { contentMd: 'a'.repeat(200_001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.error.fields.contentMd).toBe('Debe tener máximo 200.000 caracteres');
    const english = await previewAs(tokens.tutor, { contentMd: 42 }, { 'accept-language': 'en' });
    expect(english.status).toBe(400);
    expect(english.json.error.fields.contentMd).toBe('The value does not have the expected type');
    const malformed = await call(preview, { method: 'POST', path: '/api/v2/lessons/preview/', rawBody: '{"contentMd": ', token: tokens.tutor });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.code).toBe('malformed_json');
  });

  it('is served by its own route, not taken for a lesson id by /api/v2/lessons/{id}/', () => {
    const settings = { config: { base: '/', trailingSlash: 'ignore' }, pageExtensions: [] } as unknown as Parameters<typeof parseRoute>[1];
    const routes = ['api/v2/lessons/[id].ts', 'api/v2/lessons/preview.ts'].map((file) => parseRoute(file, settings, { component: `src/pages/${file}`, type: 'endpoint' }));
    const router = new Router(routes, { base: '/', trailingSlash: 'ignore', buildFormat: 'directory' });
    for (const path of ['/api/v2/lessons/preview/', '/api/v2/lessons/preview']) {
      const match = router.match(path);
      expect(match.type === 'match' && match.route.component, path).toBe('src/pages/api/v2/lessons/preview.ts');
    }
    const lesson = router.match('/api/v2/lessons/12/');
    expect(lesson.type === 'match' && lesson.route.component).toBe('src/pages/api/v2/lessons/[id].ts');
  });
});
