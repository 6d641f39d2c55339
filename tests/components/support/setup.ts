import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { $session } from '~/lib/client/session-store';

// Each test starts signed out of the fake API, with the session still being read.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  $session.set({ status: 'loading', user: null });
});
