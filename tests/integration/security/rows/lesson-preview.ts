/** Matrix row for the lesson editor's Markdown preview. */
import { expect } from 'vitest';
import { POST as previewLesson } from '~/pages/api/v2/lessons/preview';
import { authed, type Row } from '../matrix-types';

export const ROWS: Row[] = [
  {
    method: 'POST',
    path: '/api/v2/lessons/preview/',
    handler: previewLesson,
    request: (_, s) => ({ path: '/api/v2/lessons/preview/', body: { contentMd: '**Hola** <script>alert(1)</script>' }, ...authed(s) }),
    // Whoever manages some content (admins, tutors, cohort admins); students never, whatever their cohort.
    expected: { outsider: 401, student: 403, otherStudent: 403, tutor: 200, admin: 200 },
    check: (_, json: { html: string }) => {
      expect(json.html).toContain('<strong>Hola</strong>');
      expect(json.html).not.toContain('<script');
    },
  },
];
