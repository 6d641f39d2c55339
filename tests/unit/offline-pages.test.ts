/** Which pages the service worker keeps for reading offline (lib/shared/offline-pages.ts, ADR 032). */
import { describe, expect, it } from 'vitest';
import { isApiPath } from '~/lib/server/http/public-pages';
import { isApiAddress, isPageKeptOffline } from '~/lib/shared/offline-pages';

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

  it("knows the API's paths as the server does (the worker never touches them)", () => {
    for (const path of ['/api/v2/courses/', '/api-showBanner/', '/api-login/', '/training_path/1/user/2/homework/', '/.well-known/certificates-key.json', '/home', '/lessons/3']) {
      expect(isApiAddress(path), path).toBe(isApiPath(path));
    }
  });

  it('tells a page from one whose name only starts the same', () => {
    expect(isPageKeptOffline('/signing-day')).toBe(true);
  });
});
