/**
 * Accounts that platform admins create and invite: the invitation e-mail
 * with a single-use set-password link, inviting again, deactivating (every
 * sign-in revoked at once), and the person's first sign-in.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/lib/server/db/client';
import { memberships, profiles, refreshTokens, users } from '~/lib/server/db/schema';
import { loginWithPassword } from '~/lib/server/services/auth/login';
import { mintAccountLink } from '~/lib/server/services/people/account-links';
import { queueMail } from '~/lib/server/services/mail/queue-mail';
import { POST as createUserIndividual } from '~/pages/api/v2/users/individual';
import { GET as getAccount, PATCH as patchUser } from '~/pages/api/v2/users/[id]/index';
import { POST as inviteAgain } from '~/pages/api/v2/users/[id]/invitation';
import { POST as resetPassword } from '~/pages/api/v2/auth/password/reset';
import { GET as listCohortMembers } from '~/pages/api/v2/cohorts/[id]/users';
import { GET as myProfile } from '~/pages/api/v2/profiles/me/index';
import { call } from '../support/http';
import { deliverQueuedMail, mailTo, tokenFromMail } from '../support/mail';
import { accessTokenFor, createCohort, createUser, DEFAULT_PASSWORD } from '../factories';

const NEW_PASSWORD = 'Mi-clave-nueva-7';

async function admin() {
  const user = await createUser({ userType: 'admin' });
  return { user, token: await accessTokenFor(user) };
}

const create = (token: string, body: object, lang = 'es') => call(createUserIndividual, { path: '/api/v2/users/individual/', token, body, headers: { 'accept-language': lang } });

describe('creating an account', () => {
  it('creates it without a password, with its profile and cohort, and e-mails an invitation whose link sets the password once', async () => {
    const { token, user: adminUser } = await admin();
    const cohort = await createCohort();
    const created = await create(token, {
      firstName: 'Lucía',
      lastName: 'Mendoza',
      email: 'Lucia.Mendoza@Correo.co',
      confirmEmail: 'lucia.mendoza@correo.co',
      language: 'en',
      profile: { documentType: 'CC', documentNumber: '1015123456', municipality: '05001', stratum: 2 },
      cohorts: [{ cohortId: cohort.id, role_id: 1 }],
      idUser: adminUser.id,
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ email: 'lucia.mendoza@correo.co', userType: 'student', status: 'ACTIVE', language: 'en', invitationPending: true, cohorts: [{ cohortId: cohort.id, role_id: 1, status: 'ACTIVE' }] });
    const db = await getDb();
    expect(await db.select({ municipality: profiles.municipality, stratum: profiles.stratum }).from(profiles).where(eq(profiles.userId, created.json.id))).toEqual([{ municipality: '05001', stratum: 2 }]);

    // No password yet: signing in fails exactly like a wrong password.
    await expect(loginWithPassword({ email: 'lucia.mendoza@correo.co', password: '', ip: '10.9.0.1' })).rejects.toMatchObject({ code: 'invalid_credentials' });

    // The invitation is queued with no secret in it, and written in English when it goes out.
    const [queued] = await mailTo('lucia.mendoza@correo.co', 'invitation');
    expect(queued).toMatchObject({ status: 'queued', language: 'en', bodyText: null });
    const tokenInMail = await tokenFromMail('lucia.mendoza@correo.co', 'invitation');
    const [delivered] = await mailTo('lucia.mendoza@correo.co', 'invitation');
    expect(delivered).toMatchObject({ status: 'sent', transport: 'mailbox', subject: 'Your Senda account is ready' });
    expect(delivered!.bodyText).toContain('Hello Lucía,');

    const set = await call(resetPassword, { path: '/api/v2/auth/password/reset/', body: { token: tokenInMail, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ email: 'lucia.mendoza@correo.co', purpose: 'invitation', registrationId: null });
    const signedIn = await loginWithPassword({ email: 'lucia.mendoza@correo.co', password: NEW_PASSWORD, ip: '10.9.0.1' });
    expect(signedIn.user.cohorts).toEqual([{ id: cohort.id, status: 'ACTIVE', role_id: 1 }]);

    // Single use.
    const again = await call(resetPassword, { path: '/api/v2/auth/password/reset/', body: { token: tokenInMail, password: 'Otra-clave-88', confirmPassword: 'Otra-clave-88' }, headers: { 'accept-language': 'es' } });
    expect(again.status).toBe(400);
    expect(again.json.error).toMatchObject({ code: 'account_link_invalid', message: 'El enlace no sirve: ya se usó, venció o pediste uno más nuevo. Pide otro.' });
    const account = await call(getAccount, { path: `/api/v2/users/${created.json.id}/`, params: { id: String(created.json.id) }, token });
    expect(account.json.invitationPending).toBe(false);

    // The cohort's members list finds her (the cohort members import does too, by e-mail).
    const members = await call(listCohortMembers, { path: `/api/v2/cohorts/${cohort.id}/users/`, params: { id: String(cohort.id) }, token });
    expect(members.json.results.map((member: { email: string }) => member.email)).toContain('lucia.mendoza@correo.co');
  });

  it('refuses a taken e-mail or identity document, a confirmation that differs, and an unknown cohort, naming the field, and writes nothing', async () => {
    const { token } = await admin();
    await createUser({ email: 'ocupado@correo.co' });
    const first = await create(token, { firstName: 'Ana', lastName: 'Ríos', email: 'ana@correo.co', profile: { documentType: 'CC', documentNumber: '52111222' } });
    expect(first.status).toBe(201);

    const taken = await create(token, { firstName: 'Otra', lastName: 'Persona', email: 'OCUPADO@correo.co' });
    expect(taken.status).toBe(400);
    expect(taken.json.error.fields).toEqual({ email: 'Ya existe una cuenta con este correo' });
    const sameDocument = await create(token, { firstName: 'Otra', lastName: 'Persona', email: 'otra@correo.co', profile: { documentType: 'CC', documentNumber: '52111222' } }, 'en');
    expect(sameDocument.json.error.fields).toEqual({ 'profile.documentNumber': 'Someone already has this document' });
    const mismatch = await create(token, { firstName: 'Otra', lastName: 'Persona', email: 'otra@correo.co', confirmEmail: 'otro@correo.co' });
    expect(mismatch.json.error.fields).toEqual({ confirmEmail: 'Los correos no coinciden' });
    const badProfile = await create(token, { firstName: 'O', lastName: 'Persona', email: 'otra@correo.co', profile: { contact: '12ab', stratum: 9, municipality: '99999' } });
    expect(badProfile.json.error.fields).toEqual({
      firstName: 'Debe tener mínimo 2 caracteres',
      'profile.contact': 'El contacto no es válido',
      'profile.stratum': 'Seleccione un estrato',
      'profile.municipality': 'Seleccione un municipio de la lista',
    });
    // Issue 28: a profile that is not an object answered 500 (its cross-field check ran on null).
    const nullProfile = await create(token, { firstName: 'Otra', lastName: 'Persona', email: 'otra@correo.co', profile: null });
    expect(nullProfile.status).toBe(400);
    expect(Object.keys(nullProfile.json.error.fields)).toEqual(['profile']);
    const unknownCohort = await create(token, { firstName: 'Otra', lastName: 'Persona', email: 'otra@correo.co', cohorts: [{ cohortId: 999999, role_id: 1 }] });
    expect(unknownCohort.status).toBe(400);
    expect(unknownCohort.json.error.code).toBe('unknown_reference');
    const db = await getDb();
    expect(await db.select().from(users).where(eq(users.email, 'otra@correo.co'))).toEqual([]);
  });

  it('can leave the invitation for later, and invite again: the newer link works, the older one stops', async () => {
    const { token } = await admin();
    const created = await create(token, { firstName: 'Mario', lastName: 'Castro', email: 'mario@correo.co', sendInvitation: false });
    expect(created.json.invitationPending).toBe(true);
    expect(created.json.invitedAt).toBeNull();
    expect(await mailTo('mario@correo.co')).toEqual([]);

    const invite = () => call(inviteAgain, { path: `/api/v2/users/${created.json.id}/invitation/`, params: { id: String(created.json.id) }, token, body: {} });
    expect((await invite()).status).toBe(202);
    const first = await tokenFromMail('mario@correo.co', 'invitation');
    expect((await invite()).status).toBe(202);
    const second = await tokenFromMail('mario@correo.co', 'invitation');
    expect(second).not.toBe(first);
    const old = await call(resetPassword, { path: '/api/v2/auth/password/reset/', body: { token: first, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(old.json.error.code).toBe('account_link_invalid');
    expect((await call(resetPassword, { path: '/api/v2/auth/password/reset/', body: { token: second, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } })).status).toBe(200);

    // Accepted: nothing to invite again.
    const accepted = await invite();
    expect(accepted.status).toBe(400);
    expect(accepted.json.error.fields.invitation).toBe('Esta persona ya creó su contraseña; si la olvidó, puede recuperarla desde el inicio de sesión');
  });

  it('refuses an expired link, and cancels an invitation queued for someone who already set a password', async () => {
    const user = await createUser({ email: 'vencido@correo.co' });
    const db = await getDb();
    const { token } = await mintAccountLink(db, user.id, 'password_reset', new Date(Date.now() - 2 * 3600_000));
    const expired = await call(resetPassword, { path: '/api/v2/auth/password/reset/', body: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(expired.status).toBe(400);
    expect(expired.json.error.code).toBe('account_link_invalid');
    const mismatch = await call(resetPassword, { path: '/api/v2/auth/password/reset/', body: { token, password: NEW_PASSWORD, confirmPassword: 'otra' } });
    expect(mismatch.json.error.fields).toEqual({ confirmPassword: 'Las contraseñas no coinciden' });

    // `user` already has a password: an invitation still in the queue is cancelled, no link is minted.
    await queueMail(db, [{ userId: user.id, recipient: user.email, language: 'es', kind: 'invitation' }]);
    await deliverQueuedMail();
    expect((await mailTo(user.email, 'invitation'))[0]).toMatchObject({ status: 'cancelled', bodyText: null });
  });
});

describe('changing an account', () => {
  it('deactivating revokes every sign-in at once: the person\'s tokens stop working and they cannot sign in; reactivating lets them back', async () => {
    const { token } = await admin();
    const person = await createUser({ email: 'sofia@correo.co' });
    const session = await loginWithPassword({ email: person.email, password: DEFAULT_PASSWORD, ip: '10.9.0.2' });
    expect((await call(myProfile, { path: '/api/v2/profiles/me/', token: session.accessToken })).status).toBe(200);

    const patch = (body: object) => call(patchUser, { path: `/api/v2/users/${person.id}/`, params: { id: String(person.id) }, token, body, method: 'PATCH' });
    const deactivated = await patch({ status: 'INACTIVE' });
    expect(deactivated.status).toBe(200);
    expect(deactivated.json.status).toBe('INACTIVE');
    const db = await getDb();
    expect((await db.select({ revokedAt: refreshTokens.revokedAt }).from(refreshTokens).where(eq(refreshTokens.userId, person.id))).every((row) => row.revokedAt !== null)).toBe(true);
    const refused = await call(myProfile, { path: '/api/v2/profiles/me/', token: session.accessToken });
    expect(refused.status).toBe(401);
    expect(refused.json.error.code).toBe('invalid_token');
    await expect(loginWithPassword({ email: person.email, password: DEFAULT_PASSWORD, ip: '10.9.0.2' })).rejects.toMatchObject({ code: 'account_inactive' });

    expect((await patch({ status: 'ACTIVE', userType: 'staff' })).json).toMatchObject({ status: 'ACTIVE', userType: 'staff' });
    expect((await loginWithPassword({ email: person.email, password: DEFAULT_PASSWORD, ip: '10.9.0.2' })).user.userType).toBe('staff');
  });

  it('never lets an admin deactivate or demote themselves (403 forbidden_own_account), and asks for something to change', async () => {
    const { token, user } = await admin();
    const own = await call(patchUser, { path: `/api/v2/users/${user.id}/`, params: { id: String(user.id) }, token, body: { status: 'INACTIVE' }, method: 'PATCH' });
    expect(own.status).toBe(403);
    expect(own.json.error.code).toBe('forbidden_own_account');
    const nothing = await call(patchUser, { path: `/api/v2/users/${user.id}/`, params: { id: String(user.id) }, token, body: {}, method: 'PATCH' });
    expect(nothing.status).toBe(400);
    expect(nothing.json.error.fields).toEqual({ status: 'Indica qué cambiar: tipo, estado o idioma' });
    const missing = await call(patchUser, { path: '/api/v2/users/999999/', params: { id: '999999' }, token, body: { status: 'ACTIVE' }, method: 'PATCH' });
    expect(missing.status).toBe(404);
  });

  it('a cohort membership and its user survive; deactivation only closes the account', async () => {
    const { token } = await admin();
    const cohort = await createCohort();
    const created = await create(token, { firstName: 'Juan', lastName: 'Pérez', email: 'juan@correo.co', cohorts: [{ cohortId: cohort.id, role_id: 2 }] });
    await call(patchUser, { path: `/api/v2/users/${created.json.id}/`, params: { id: String(created.json.id) }, token, body: { status: 'INACTIVE' }, method: 'PATCH' });
    const db = await getDb();
    expect(await db.select({ roleId: memberships.roleId }).from(memberships).where(eq(memberships.userId, created.json.id))).toEqual([{ roleId: 2 }]);
    // The queued invitation is cancelled rather than sent to a closed account.
    await deliverQueuedMail();
    expect((await mailTo('juan@correo.co', 'invitation'))[0]!.status).toBe('cancelled');
  });
});
