/**
 * Password recovery and change: the same answer whether or not the e-mail
 * has an account, limits per address and per account, a single-use link that
 * ends every other session, and a signed-in change that keeps this one.
 */
import { isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/lib/server/db/client';
import { mailMessages, refreshTokens } from '~/lib/server/db/schema';
import { loginWithPassword } from '~/lib/server/services/auth/login';
import { POST as forgot } from '~/pages/api/v2/auth/password/forgot';
import { POST as reset } from '~/pages/api/v2/auth/password/reset';
import { POST as change } from '~/pages/api/v2/auth/password/change';
import { GET as myProfile } from '~/pages/api/v2/profiles/me/index';
import { call } from '../support/http';
import { deliverQueuedMail, mailTo, tokenFromMail } from '../support/mail';
import { createUser, DEFAULT_PASSWORD } from '../factories';

const ask = (email: string, ip = '10.7.0.1', lang = 'es') => call(forgot, { path: '/api/v2/auth/password/forgot/', body: { email }, ip, headers: { 'accept-language': lang } });
describe('password recovery', () => {
  it('answers the same whether or not the e-mail has an account, and only an account gets a link, in the language it was asked in', async () => {
    const person = await createUser({ email: 'ana@correo.co' });
    const known = await ask('ANA@correo.co', '10.7.0.1', 'en');
    const unknown = await ask('nadie@correo.co', '10.7.0.1', 'en');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.json).toEqual(unknown.json);
    expect(known.json).toEqual({ sent: true });
    await deliverQueuedMail();
    const db = await getDb();
    expect((await db.select({ recipient: mailMessages.recipient }).from(mailMessages)).map((row) => row.recipient)).toEqual([person.email]);
    expect((await mailTo(person.email, 'password_reset'))[0]!.subject).toBe('Recover your Senda password');
    // Inactive accounts get nothing either.
    await createUser({ email: 'inactiva@correo.co', status: 'INACTIVE' });
    expect((await ask('inactiva@correo.co')).status).toBe(202);
    expect(await mailTo('inactiva@correo.co')).toEqual([]);
  });

  it('setting the new password ends every other session, works once, and sends a notice', async () => {
    const person = await createUser({ email: 'luis@correo.co' });
    const phone = await loginWithPassword({ email: person.email, password: DEFAULT_PASSWORD, ip: '10.7.0.2' });
    const laptop = await loginWithPassword({ email: person.email, password: DEFAULT_PASSWORD, ip: '10.7.0.3' });
    await ask(person.email);
    const token = await tokenFromMail(person.email, 'password_reset');
    const done = await call(reset, { path: '/api/v2/auth/password/reset/', body: { token, password: 'Nueva-clave-123', confirmPassword: 'Nueva-clave-123' } });
    expect(done.json).toEqual({ email: person.email, purpose: 'password_reset', registrationId: null });
    for (const session of [phone, laptop]) expect((await call(myProfile, { path: '/api/v2/profiles/me/', token: session.accessToken })).status).toBe(401);
    const db = await getDb();
    expect(await db.select().from(refreshTokens).where(isNull(refreshTokens.revokedAt))).toEqual([]);
    await expect(loginWithPassword({ email: person.email, password: DEFAULT_PASSWORD, ip: '10.7.0.4' })).rejects.toMatchObject({ code: 'invalid_credentials' });
    expect((await loginWithPassword({ email: person.email, password: 'Nueva-clave-123', ip: '10.7.0.4' })).user.id).toBe(person.id);
    expect((await call(reset, { path: '/api/v2/auth/password/reset/', body: { token, password: 'Otra-clave-123', confirmPassword: 'Otra-clave-123' } })).json.error.code).toBe('account_link_invalid');
    await deliverQueuedMail();
    expect((await mailTo(person.email, 'password_changed'))[0]).toMatchObject({ status: 'sent', subject: 'Tu contraseña de Senda cambió' });
  });

  it('limits an account to RECOVERY_MAX_PER_ACCOUNT links an hour (silently), and an address to RECOVERY_MAX_PER_IP requests (429 with Retry-After)', async () => {
    process.env.RECOVERY_MAX_PER_ACCOUNT = '2';
    process.env.RECOVERY_MAX_PER_IP = '4';
    try {
      const person = await createUser({ email: 'marta@correo.co' });
      for (let attempt = 0; attempt < 3; attempt++) expect((await ask(person.email, `10.7.1.${attempt}`)).status).toBe(202);
      expect(await mailTo(person.email, 'password_reset')).toHaveLength(2);
      for (let attempt = 0; attempt < 4; attempt++) expect((await ask(`x${attempt}@correo.co`, '10.7.2.1')).status).toBe(202);
      const limited = await ask('y@correo.co', '10.7.2.1');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(limited.json.error.code).toBe('rate_limited');
    } finally {
      delete process.env.RECOVERY_MAX_PER_ACCOUNT;
      delete process.env.RECOVERY_MAX_PER_IP;
    }
  });
});

describe('changing a password while signed in', () => {
  it('needs the current password (a wrong one counts as a failed sign-in), keeps this session and ends the others', async () => {
    const person = await createUser({ email: 'pedro@correo.co' });
    const here = await loginWithPassword({ email: person.email, password: DEFAULT_PASSWORD, ip: '10.7.3.1' });
    const elsewhere = await loginWithPassword({ email: person.email, password: DEFAULT_PASSWORD, ip: '10.7.3.2' });
    const send = (body: object, lang = 'es') => call(change, { path: '/api/v2/auth/password/change/', token: here.accessToken, body, ip: '10.7.3.1', headers: { 'accept-language': lang } });

    const wrong = await send({ currentPassword: 'no-es-esta', password: 'Nueva-clave-123', confirmPassword: 'Nueva-clave-123' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.fields).toEqual({ currentPassword: 'La contraseña actual no es correcta' });
    const short = await send({ currentPassword: DEFAULT_PASSWORD, password: 'corta', confirmPassword: 'corta' }, 'en');
    expect(short.json.error.fields).toEqual({ password: 'Must be at least 8 characters' });

    expect((await send({ currentPassword: DEFAULT_PASSWORD, password: 'Nueva-clave-123', confirmPassword: 'Nueva-clave-123' })).status).toBe(204);
    expect((await call(myProfile, { path: '/api/v2/profiles/me/', token: here.accessToken })).status).toBe(200);
    expect((await call(myProfile, { path: '/api/v2/profiles/me/', token: elsewhere.accessToken })).status).toBe(401);
    expect((await loginWithPassword({ email: person.email, password: 'Nueva-clave-123', ip: '10.7.3.3' })).user.id).toBe(person.id);
    expect(await mailTo(person.email, 'password_changed')).toHaveLength(1);
  });
});
