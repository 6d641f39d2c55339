import { describe, expect, it } from 'vitest';
import { loginSlowdownMs, loginThrottleKeys } from '~/lib/server/services/auth/throttle';

describe('sign-in throttling', () => {
  it('counts an account per address, apart from the address and the account as a whole', () => {
    expect(loginThrottleKeys(' Ana@Senda.test ', '10.0.0.1')).toEqual({
      account: 'login:account:ana@senda.test',
      pair: 'login:account:ana@senda.test:ip:10.0.0.1',
      address: 'login:ip:10.0.0.1',
    });
  });

  it('slows an account down once its failures reach the limit, doubling up to eight seconds, never locking it', () => {
    expect([0, 4, 5, 6, 7, 8, 9, 50].map((failures) => loginSlowdownMs(failures, 5))).toEqual([0, 0, 500, 1000, 2000, 4000, 8000, 8000]);
  });
});
