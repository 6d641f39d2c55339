/** The offline download's client call addresses the route of the OpenAPI document with the course and the level the server reads. */
import { describe, expect, it, vi } from 'vitest';
import { addressOf } from '~/lib/client/api/typed-api';

const calls: unknown[][] = [];
vi.mock('~/lib/client/app-client', () => ({
  api: {
    get: (...args: unknown[]) => {
      calls.push(args);
      return Promise.resolve(null);
    },
  },
}));

const offline = await import('~/lib/client/api/offline');

describe('offline package client call', () => {
  it('asks for a whole course without a level, and for one level with it', async () => {
    await offline.getOfflinePackage(4, undefined);
    await offline.getOfflinePackage(4, 2);
    const [[route, whole], [, level]] = calls as [string, Parameters<typeof addressOf>[1]][];
    expect(route).toBe('/api/v2/courses/{id}/offline-package/');
    expect(addressOf(route as '/api/v2/courses/{id}/offline-package/', whole)).toBe('/api/v2/courses/4/offline-package/');
    expect(addressOf(route as '/api/v2/courses/{id}/offline-package/', level)).toBe('/api/v2/courses/4/offline-package/?level=2');
  });
});
