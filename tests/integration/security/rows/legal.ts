/** Matrix rows for the legal texts: public to read, written by platform admins only. */
import { expect } from 'vitest';
import * as legalRoute from '~/pages/api/v2/legal/[document]';
import { authed, everyone, type Row } from '../matrix-types';

export const ROWS: Row[] = [
  {
    method: 'GET',
    path: '/api/v2/legal/{document}/',
    handler: legalRoute.GET,
    request: (_, s) => ({ path: '/api/v2/legal/privacy/', params: { document: 'privacy' }, ...authed(s) }),
    expected: everyone(200),
    check: (_, json) => expect(json.es.bodyMd).toContain('Ley 1581'),
  },
  {
    method: 'PUT',
    path: '/api/v2/legal/{document}/',
    handler: legalRoute.PUT,
    request: (_, s) => ({ path: '/api/v2/legal/terms/', params: { document: 'terms' }, body: { es: '# Términos de la Secretaría', en: '' }, ...authed(s) }),
    expected: { outsider: 401, student: 403, otherStudent: 403, tutor: 403, admin: 200 },
    check: (_, json) => expect(json).toMatchObject({ es: { bodyMd: '# Términos de la Secretaría', isDefault: false }, en: { isDefault: true } }),
  },
];
