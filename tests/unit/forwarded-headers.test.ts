import { describe, expect, it } from 'vitest';
import { trustedForwardedValue } from '~/lib/server/http/forwarded-headers';

describe('the forwarded headers our proxies wrote (issue 28: the client chose its own address)', () => {
  it('takes the entry the trusted proxy appended, never the ones the client wrote on the left', () => {
    expect(trustedForwardedValue('6.6.6.6, 203.0.113.9', 1)).toBe('203.0.113.9');
    expect(trustedForwardedValue('1.1.1.1,2.2.2.2 , 203.0.113.9', 1)).toBe('203.0.113.9');
  });

  it('counts as many proxies as configured, from the right', () => {
    expect(trustedForwardedValue('6.6.6.6, 203.0.113.9, 10.0.0.1', 2)).toBe('203.0.113.9');
    // Fewer entries than proxies: the furthest one any proxy saw.
    expect(trustedForwardedValue('203.0.113.9', 3)).toBe('203.0.113.9');
  });

  it('trusts nothing without proxies, or without the header', () => {
    expect(trustedForwardedValue('6.6.6.6', 0)).toBeNull();
    expect(trustedForwardedValue(null, 1)).toBeNull();
    expect(trustedForwardedValue(' , ', 1)).toBeNull();
  });
});
