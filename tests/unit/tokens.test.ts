import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken, hashRefreshToken, generateRefreshToken } from '~/lib/server/auth/tokens';

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
