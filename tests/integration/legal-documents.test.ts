/**
 * Issue 8: the terms and the privacy notice that the terms modal links to are
 * pages admins can edit, in both languages; an empty text goes back to
 * Senda's default, and a student cannot change them.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import * as legalRoute from '~/pages/api/v2/legal/[document]';
import LegalPage from '~/pages/legal/[document].astro';
import { call } from '../support/http';
import { renderPage } from '../support/astro-pages';
import { accessTokenFor, createUser } from '../factories';

let adminToken: string;
let studentToken: string;
let studentId: number;
beforeEach(async () => {
  adminToken = await accessTokenFor(await createUser({ userType: 'admin' }));
  const student = await createUser({ userType: 'student' });
  studentId = student.id;
  studentToken = await accessTokenFor(student);
});

const put = (token: string, body: unknown, document = 'terms', headers: Record<string, string> = {}) =>
  call(legalRoute.PUT, { path: `/api/v2/legal/${document}/`, params: { document }, token, body, headers });
const get = (document = 'terms') => call(legalRoute.GET, { path: `/api/v2/legal/${document}/`, params: { document } });

describe('the legal texts', () => {
  it('start as Senda’s defaults, and what an admin publishes replaces them in that language only', async () => {
    const before = await get();
    expect(before.json).toMatchObject({ document: 'terms', es: { isDefault: true }, en: { isDefault: true }, updatedAt: null });
    expect(before.json.es.bodyMd).toContain('Estos términos rigen el uso de Senda');

    const published = await put(adminToken, { es: '# Términos de la Secretaría\n\nUso académico.', en: '' });
    expect(published.status).toBe(200);
    expect(published.json.es).toEqual({ bodyMd: '# Términos de la Secretaría\n\nUso académico.', isDefault: false });
    expect(published.json.en.isDefault).toBe(true);
    expect(Date.parse(published.json.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await get()).json.es.bodyMd).toContain('Términos de la Secretaría');
    // The other document is untouched.
    expect((await get('privacy')).json.es.isDefault).toBe(true);

    // Emptied again: back to the default.
    await put(adminToken, { es: '   ', en: '' });
    expect((await get()).json.es.isDefault).toBe(true);
  });

  it('show on the public page in the reader’s language, rendered safely', async () => {
    await put(adminToken, { es: '## Reglas de la cohorte\n\n<script>alert(1)</script>', en: '## Cohort rules' });
    const es = await renderPage(LegalPage, { path: '/legal/terms', params: { document: 'terms' }, userId: studentId });
    expect(es.html).toContain('Reglas de la cohorte');
    expect(es.html).not.toContain('<script>alert(1)');
    const en = await renderPage(LegalPage, { path: '/legal/terms', params: { document: 'terms' }, userId: studentId, lang: 'en' });
    expect(en.html).toContain('Cohort rules');
  });

  it('are refused to a student (403) and to an unknown document (400), and keep what was published', async () => {
    await put(adminToken, { es: 'Texto vigente', en: 'Current text' });
    const refused = await put(studentToken, { es: 'Otro', en: 'Other' });
    expect(refused.status).toBe(403);
    const unknown = await put(adminToken, { es: 'x', en: 'y' }, 'cookies', { 'accept-language': 'en' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.fields.document).toBeTruthy();
    const tooLong = await put(adminToken, { es: 'x'.repeat(100_001), en: 'y' });
    expect(tooLong.status).toBe(400);
    expect((await get()).json.es.bodyMd).toBe('Texto vigente');
  });
});
