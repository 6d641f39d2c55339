/** Which pages the service worker keeps for reading offline (lib/shared/offline-pages.ts, ADR 032). */
import { describe, expect, it } from 'vitest';
import { isPageKeptOffline } from '~/lib/shared/offline-pages';

describe('pages kept for reading offline', () => {
  it.each(['/home', '/courses/3', '/lessons/12', '/forums/2/threads/7', '/account', '/offers'])('keeps %s', (path) => {
    expect(isPageKeptOffline(path)).toBe(true);
  });

  it.each(['/signin', '/set-password', '/forgot-password', '/error', '/payments/4/return', '/calendar/abc.ics', '/offline', '/api/v2/courses/', '/api-showBanner/', '/training_path/1/user/2/homework/'])(
    'never keeps %s',
    (path) => {
      expect(isPageKeptOffline(path)).toBe(false);
    },
  );

  it('tells a page from one whose name only starts the same', () => {
    expect(isPageKeptOffline('/signing-day')).toBe(true);
  });
});
