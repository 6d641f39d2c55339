import { describe, expect, it } from 'vitest';
import { readCookie } from '~/lib/server/http/request-context';

describe('readCookie', () => {
  it('finds one cookie among many, decoding it only when it is escaped', () => {
    const header = 'senda_lang=en; authjs.session-token=eyJhbGciOi.abc=def; other=a%20b';
    expect(readCookie(header, 'senda_lang')).toBe('en');
    expect(readCookie(header, 'authjs.session-token')).toBe('eyJhbGciOi.abc=def');
    expect(readCookie(header, 'other')).toBe('a b');
    expect(readCookie(header, 'missing')).toBeNull();
    expect(readCookie(null, 'senda_lang')).toBeNull();
    // A name that is only the end of another cookie's name is not that cookie.
    expect(readCookie('xsenda_lang=fr', 'senda_lang')).toBeNull();
  });

  it('answers a badly escaped value as it came instead of failing the request (no 500 from a cookie)', () => {
    expect(readCookie('senda_lang=%E0%A4%A', 'senda_lang')).toBe('%E0%A4%A');
  });
});
