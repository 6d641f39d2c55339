import { describe, expect, it } from 'vitest';
import { isSameSiteOrTokenRequest } from '~/lib/server/http/cross-site';

const SITE = 'https://senda.example';
const request = (method: string, headers: Record<string, string> = {}) => new Request(`${SITE}/lessons/1`, { method, headers: { host: 'senda.example', ...headers } });

describe('the cross-site check of state-changing requests', () => {
  it('lets bearer-token API clients without an Origin delete, post empty bodies and upload (issue 17)', () => {
    for (const method of ['DELETE', 'POST', 'PUT', 'PATCH']) {
      expect(isSameSiteOrTokenRequest(request(method, { authorization: 'Bearer abc.def.ghi' }), 0), method).toBe(true);
      expect(isSameSiteOrTokenRequest(request(method, { token: 'abc.def.ghi', 'content-type': 'multipart/form-data; boundary=x' }), 0), method).toBe(true);
    }
  });

  it('refuses a cookie session request from another site whatever its content type, JSON included (issue 17)', () => {
    for (const type of ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain']) {
      expect(isSameSiteOrTokenRequest(request('POST', { cookie: 'authjs.session-token=x', origin: 'https://evil.example', 'content-type': type }), 0), type).toBe(false);
    }
    expect(isSameSiteOrTokenRequest(request('DELETE', { cookie: 'authjs.session-token=x', origin: 'null' }), 0)).toBe(false);
  });

  it('refuses a cookie-carrying request without an Origin, which no browser page of ours sends', () => {
    expect(isSameSiteOrTokenRequest(request('POST', { cookie: 'authjs.session-token=x', 'content-type': 'application/json' }), 0)).toBe(false);
  });

  it('refuses a cross-site form post even without cookies', () => {
    expect(isSameSiteOrTokenRequest(request('POST', { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }), 0)).toBe(false);
  });

  it('accepts same-site requests, reads and cookie-less scripts', () => {
    expect(isSameSiteOrTokenRequest(request('POST', { cookie: 'authjs.session-token=x', origin: SITE }), 0)).toBe(true);
    expect(isSameSiteOrTokenRequest(request('GET', { origin: 'https://evil.example', cookie: 'a=b' }), 0)).toBe(true);
    expect(isSameSiteOrTokenRequest(request('POST', { 'content-type': 'application/json' }), 0)).toBe(true);
  });

  it('compares with the forwarded host only behind a trusted proxy', () => {
    const proxied = request('POST', { cookie: 'a=b', origin: 'https://senda.gov.co', host: '10.0.0.5:4321', 'x-forwarded-host': 'senda.gov.co' });
    expect(isSameSiteOrTokenRequest(proxied, 1)).toBe(true);
    expect(isSameSiteOrTokenRequest(proxied, 0)).toBe(false);
  });
});
