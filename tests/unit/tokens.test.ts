import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken, hashRefreshToken, generateRefreshToken, sessionIdOf, sessionIdOfToken } from '~/lib/server/services/auth/tokens';

const INPUT = {
  id: 4,
  email: 'ana@senda.test',
  status: 'ACTIVE' as const,
  cohorts: [{ id: 1, status: 'ACTIVE' as const, role_id: 1 as const }],
  userType: 'student' as const,
  idStudent: 4,
  firstName: 'Ana',
  lastName: 'Ruiz',
};

describe('access tokens', () => {
  it('round-trip with the contract claims', async () => {
    const claims = await verifyAccessToken(await signAccessToken(INPUT, 600));
    expect(claims).toMatchObject({ ...INPUT, token_type: 'access' });
    expect(claims!.exp - claims!.iat).toBe(600);
  });

  it('refuses an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    expect(await verifyAccessToken(await signAccessToken(INPUT, 600, past))).toBeNull();
  });

  it('refuses tokens signed with another key or another algorithm, and unsigned ones', async () => {
    const foreign = await new SignJWT({ ...INPUT, token_type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('10m')
      .setJti('x')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    expect(await verifyAccessToken(foreign)).toBeNull();
    const unsigned = new UnsecuredJWT({ ...INPUT, token_type: 'access' }).setIssuedAt().setExpirationTime('10m').encode();
    expect(await verifyAccessToken(unsigned)).toBeNull();
    const tampered = (await signAccessToken(INPUT, 600)).replace(/\.([^.]+)\./, (_, payload: string) => {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      return `.${Buffer.from(JSON.stringify({ ...claims, userType: 'admin' })).toString('base64url')}.`;
    });
    expect(await verifyAccessToken(tampered)).toBeNull();
  });
});

describe('refresh tokens', () => {
  it('are random and stored as a SHA-256 hash', () => {
    const a = generateRefreshToken();
    expect(a).not.toBe(generateRefreshToken());
    expect(hashRefreshToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRefreshToken(a)).toBe(hashRefreshToken(a));
  });
});

describe('the sign-in an access token belongs to', () => {
  const family = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

  it('rides in the jti of tokens issued at sign-in, so revoking the sign-in can refuse them', async () => {
    const token = await signAccessToken(INPUT, 600, undefined, family);
    const claims = await verifyAccessToken(token);
    expect(sessionIdOf(claims!.jti)).toBe(family);
    expect(sessionIdOfToken(token)).toBe(family);
  });

  it('is absent from a plain jti and from anything that is not `<uuid>.<random>`', async () => {
    const claims = await verifyAccessToken(await signAccessToken(INPUT, 600));
    expect(sessionIdOf(claims!.jti)).toBeNull();
    expect(sessionIdOf(family)).toBeNull();
    expect(sessionIdOf(`not-a-uuid.${family}`)).toBeNull();
    expect(sessionIdOf(`${family}.a.b`)).toBeNull();
    expect(sessionIdOfToken('garbage')).toBeNull();
  });
});
