/** Which pages the service worker keeps for reading offline (lib/shared/offline-pages.ts, ADR 032). */
import { describe, expect, it } from 'vitest';
import { isApiPath } from '~/lib/server/http/public-pages';
import { isApiAddress, isDownloadableRead, isPageKeptOffline } from '~/lib/shared/offline-pages';

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

describe('reads the worker answers from the downloads when the network fails (ADR 035)', () => {
  it.each(['/api/v2/files/lesson-images%2Fmapa.png', '/api/v2/quizzes/12/', '/lessons/4/attachments/9'])('answers %s', (path) => {
    expect(isDownloadableRead(path)).toBe(true);
  });

  it.each(['/api/v2/quizzes/12/answers/start/', '/api/v2/quizzes/', '/api/v2/courses/3/offline-package/', '/api/v2/files/', '/lessons/4', '/api/v2/users/me/'])(
    'leaves %s alone',
    (path) => {
      expect(isDownloadableRead(path)).toBe(false);
    },
  );
});
