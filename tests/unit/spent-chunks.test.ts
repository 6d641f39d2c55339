import { afterEach, describe, expect, it, vi } from 'vitest';
import { spentChunkCollector } from '~/lib/server/http/spent-chunks';

const MB = 1024 * 1024;
const withGc = globalThis as typeof globalThis & { gc?: unknown };

describe('spentChunkCollector', () => {
  afterEach(() => {
    delete withGc.gc;
  });

  it('asks V8 for a young-generation collection once every 4 MB sent, not per chunk', () => {
    const gc = vi.fn();
    withGc.gc = gc;
    const sent = spentChunkCollector();
    for (let chunk = 0; chunk < 63; chunk++) sent(64 * 1024);
    expect(gc).not.toHaveBeenCalled();
    sent(64 * 1024);
    expect(gc).toHaveBeenCalledTimes(1);
    expect(gc).toHaveBeenCalledWith({ type: 'minor', execution: 'sync' });
    for (let chunk = 0; chunk < 10 * 16; chunk++) sent(256 * 1024);
    expect(gc).toHaveBeenCalledTimes(11);
  });

  it('does nothing where the process has no gc (tests, astro dev)', () => {
    const sent = spentChunkCollector();
    expect(() => sent(100 * MB)).not.toThrow();
  });
});
