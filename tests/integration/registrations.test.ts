/**
 * Public sign-up: a visitor's account waits, without a password, for the
 * link in the verification e-mail; the sign-up is stored with its CRM
 * delivery and its e-mail; following the link verifies it (a free offer
 * enrols at once, a paid one waits for the payment); seats are never
 * oversold, however many sign up at once; a hold that runs out frees its seat.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '~/lib/shared/constants';
import { resetConfig } from '~/lib/server/config';
import { getDb } from '~/lib/server/db/client';
import { crmDeliveries, mailMessages, memberships, profiles, registrations, users } from '~/lib/server/db/schema';
import { takesSeatSql } from '~/lib/server/services/registrations/seats';
import { setPasswordWithLink } from '~/lib/server/services/people/recover-password';
import { purgeUnverifiedSignUps } from '~/lib/server/services/registrations/verify-sign-up';
import { POST as register } from '~/pages/api/v2/registrations/index';
import { GET as getOffer } from '~/pages/api/v2/offers/[id]/index';
import { call } from '../support/http';
import { deliverQueuedMail } from '../support/mail';
import { restoreEnv, useEnv } from '../support/test-env';
import { createUser } from '../factories';
import { createOffer, createPaidOffer, registerVisitorFor, signUpBodyFor, studentMembershipOf, verifyVisitor } from '../factories/registrations';

const signUp = (body: object, ip = '10.20.0.1', lang = 'es') => call(register, { path: '/api/v2/registrations/', body, ip, headers: { 'accept-language': lang } });

async function mailsTo(recipient: string, kind: 'registration_verification' | 'registration_enrolled') {
  const db = await getDb();
  return db.select().from(mailMessages).where(and(eq(mailMessages.recipient, recipient), eq(mailMessages.kind, kind))).orderBy(mailMessages.id);
}

/** The set-password token in a delivered message's text. */
const tokenIn = (text: string | null) => /\/set-password\?token=([A-Za-z0-9_-]{43})/.exec(text ?? '')?.[1] ?? null;

async function seatsLeftOf(offerId: number): Promise<number> {
  return (await call(getOffer, { path: `/api/v2/offers/${offerId}/`, params: { id: String(offerId) } })).json.seatsLeft;
}

describe('a visitor signs up', () => {
  it('gets a pending account without a password, their profile, a CRM delivery and a verification e-mail, and holds no seat until verified (issue 28)', async () => {
    const offer = await createOffer({ seats: 5, title: 'Análisis de datos' });
    const body = signUpBodyFor(offer, { email: 'Laura.Gomez@Correo.co', documentNumber: '52123456' });
    const answer = await signUp(body);
    expect(answer.status).toBe(201);
    expect(answer.json).toEqual({ status: 'pending_verification', email: 'laura.gomez@correo.co', verificationSent: true });

    const db = await getDb();
    const [user] = await db.select().from(users).where(eq(users.email, 'laura.gomez@correo.co'));
    expect(user).toMatchObject({ passwordHash: null, status: 'ACTIVE', userType: 'student', firstName: 'Laura' });
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, user!.id));
    expect(profile).toMatchObject({ documentType: 'CC', documentNumber: '52123456', municipality: '11001', documentReserved: false });
    const [registration] = await db.select().from(registrations).where(eq(registrations.userId, user!.id));
    expect(registration).toMatchObject({ status: 'pending_verification', holdExpiresAt: null });
    const [delivery] = await db.select().from(crmDeliveries).where(eq(crmDeliveries.registrationId, registration!.id));
    expect(delivery).toMatchObject({ status: 'pending', attempts: 0 });
    expect((delivery!.payload as { fields: { name: string; value: string }[] }).fields).toEqual(
      expect.arrayContaining([
        { objectTypeId: '0-1', name: 'email', value: 'laura.gomez@correo.co' },
        { objectTypeId: '0-1', name: 'firstname', value: 'Laura' },
      ]),
    );
    expect(await seatsLeftOf(offer.id)).toBe(5);
    // The sign-up's e-mail carries a set-password link.
    expect(await mailsTo(user!.email, 'registration_verification')).toHaveLength(1);
    await deliverQueuedMail();
    const [mail] = await mailsTo(user!.email, 'registration_verification');
    expect(mail!.status).toBe('sent');
    expect(tokenIn(mail!.bodyText)).not.toBeNull();
    // Nothing is enrolled before the e-mail is verified.
    expect(await studentMembershipOf(user!, offer.cohort)).toBeNull();
  });

  it('following the e-mail link to a free offer sets the password and enrols them as an ACTIVE student, with a confirmation', async () => {
    const offer = await createOffer({ priceCents: 0 });
    const { user, registered } = await registerVisitorFor(offer, { email: 'pablo@correo.co' });
    await deliverQueuedMail();
    const token = tokenIn((await mailsTo('pablo@correo.co', 'registration_verification'))[0]!.bodyText)!;
    const done = await setPasswordWithLink({ token, password: 'Clave-segura-123', confirmPassword: 'Clave-segura-123' });
    expect(done).toMatchObject({ email: 'pablo@correo.co', purpose: 'registration', registrationId: registered.id });

    const db = await getDb();
    const [registration] = await db.select().from(registrations).where(eq(registrations.id, registered.id));
    expect(registration).toMatchObject({ status: 'enrolled', holdExpiresAt: null });
    expect(registration!.verifiedAt).not.toBeNull();
    expect(registration!.enrolledAt).not.toBeNull();
    expect(await studentMembershipOf(user, offer.cohort)).toMatchObject({ roleId: ROLE_IDS.student, status: 'ACTIVE' });
    expect(await mailsTo('pablo@correo.co', 'registration_enrolled')).toHaveLength(1);
    const [after] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(after!.passwordHash).not.toBeNull();
    // Verified, the document is theirs.
    expect((await db.select().from(profiles).where(eq(profiles.userId, user.id)))[0]!.documentReserved).toBe(true);
    // The link works once.
    await expect(setPasswordWithLink({ token, password: 'Otra-clave-123', confirmPassword: 'Otra-clave-123' })).rejects.toMatchObject({ code: 'account_link_invalid' });
  });

  it('verifying a sign-up to a paid offer leaves it waiting for the payment, its seat held, and enrols nothing', async () => {
    const offer = await createPaidOffer({ seats: 3 });
    const { user, registered } = await registerVisitorFor(offer);
    const before = Date.now();
    await verifyVisitor(user);
    const db = await getDb();
    const [registration] = await db.select().from(registrations).where(eq(registrations.id, registered.id));
    expect(registration!.status).toBe('pending_payment');
    expect(registration!.verifiedAt).not.toBeNull();
    // The hold is renewed for REGISTRATION_HOLD_H (48 h) from the verification.
    expect(registration!.holdExpiresAt!.getTime()).toBeGreaterThan(before + 47 * 60 * 60 * 1000);
    expect(await studentMembershipOf(user, offer.cohort)).toBeNull();
    expect(await mailsTo(user.email, 'registration_enrolled')).toHaveLength(0);
    expect(await seatsLeftOf(offer.id)).toBe(2);
  });

  it('never oversells: 100 people sign up and verify at once for 50 seats, exactly 50 get in and the others end expired', async () => {
    const offer = await createOffer({ seats: 50 });
    const bodies = Array.from({ length: 100 }, () => signUpBodyFor(offer));
    const answers = await Promise.all(bodies.map((body, index) => signUp(body, `10.30.${Math.floor(index / 250)}.${index % 250}`)));
    // Nobody holds a seat before verifying, so everyone's sign-up is taken.
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(100);
    expect(await seatsLeftOf(offer.id)).toBe(50);

    const db = await getDb();
    const people = await db.select({ id: users.id }).from(users);
    await Promise.all(people.map((person) => verifyVisitor(person)));
    const [holding] = await db.select({ value: count() }).from(registrations).where(and(eq(registrations.offerId, offer.id), takesSeatSql()));
    expect(holding!.value).toBe(50);
    expect(await db.select({ value: count() }).from(registrations).where(eq(registrations.status, 'enrolled'))).toEqual([{ value: 50 }]);
    expect(await db.select({ value: count() }).from(registrations).where(eq(registrations.status, 'expired'))).toEqual([{ value: 50 }]);
    expect(await db.select({ value: count() }).from(memberships)).toEqual([{ value: 50 }]);
    expect(await seatsLeftOf(offer.id)).toBe(0);
    // Now the offer is full, a new sign-up hears it at once.
    expect((await signUp(signUpBodyFor(offer), '10.31.0.1')).json.error.code).toBe('offer_full');
  }, 120_000);

  it('five sign-ups with throwaway addresses no longer fill a five-seat offer: the real person who verifies gets the seat (issue 28)', async () => {
    const offer = await createOffer({ seats: 5 });
    for (let index = 0; index < 5; index++) expect((await signUp(signUpBodyFor(offer, { email: `basura${index}@desechable.test` }), `10.32.0.${index}`)).status).toBe(201);
    expect(await seatsLeftOf(offer.id)).toBe(5);
    const real = await registerVisitorFor(offer, { email: 'real@correo.co' });
    await verifyVisitor(real.user);
    const db = await getDb();
    expect((await db.select().from(registrations).where(eq(registrations.id, real.registration.id)))[0]!.status).toBe('enrolled');
    expect(await seatsLeftOf(offer.id)).toBe(4);
  });

  it('refuses an offer that is closed, not open yet or archived: offer_closed', async () => {
    const day = 24 * 60 * 60 * 1000;
    const closed = await createOffer({ opensAt: new Date(Date.now() - 10 * day), closesAt: new Date(Date.now() - day) });
    const future = await createOffer({ opensAt: new Date(Date.now() + day), closesAt: new Date(Date.now() + 10 * day) });
    const archived = await createOffer({ status: 'INACTIVE' });
    for (const offer of [closed, future, archived]) {
      const answer = await signUp(signUpBodyFor(offer));
      expect(answer).toMatchObject({ status: 409, json: { error: { code: 'offer_closed' } } });
    }
    const db = await getDb();
    expect((await db.select({ value: count() }).from(users))[0]!.value).toBe(0);
  });

  it('an address that already has an account gets the same answer as a new one, and its owner an e-mail to sign in (issue 28)', async () => {
    const offer = await createOffer({ title: 'Ciencia de datos' });
    const ana = await createUser({ email: 'ana@correo.co' });
    const existing = await signUp(signUpBodyFor(offer, { email: 'ANA@correo.co' }), '10.33.0.1');
    const fresh = await signUp(signUpBodyFor(offer, { email: 'nuevo@correo.co' }), '10.33.0.2');
    expect(existing.status).toBe(fresh.status);
    expect(Object.keys(existing.json).sort()).toEqual(Object.keys(fresh.json).sort());
    expect(existing.json).toEqual({ ...fresh.json, email: 'ana@correo.co' });

    const db = await getDb();
    // Ana's account and data are untouched, and no sign-up was made for her.
    expect(await db.select().from(registrations).where(eq(registrations.userId, ana.id))).toEqual([]);
    expect((await db.select().from(users).where(eq(users.id, ana.id)))[0]).toMatchObject({ firstName: ana.firstName, passwordHash: ana.passwordHash });
    await deliverQueuedMail();
    const [notice] = await db.select().from(mailMessages).where(and(eq(mailMessages.recipient, 'ana@correo.co'), eq(mailMessages.kind, 'registration_existing_account')));
    expect(notice).toMatchObject({ status: 'sent', subject: 'Ya tienes una cuenta en Senda' });
    expect(notice!.bodyText).toContain(`/offers/${offer.slug}`);
    expect(notice!.bodyText).toContain('Ciencia de datos');
    expect(notice!.bodyText).not.toMatch(/set-password/);
  });

  it('a document already registered gets the same answer as a new one; the unverified sign-up reserves nothing, and verifying it second clears it (issue 28)', async () => {
    const offer = await createOffer();
    const holder = await registerVisitorFor(offer, { email: 'titular@correo.co', documentNumber: '1020304050' });
    await verifyVisitor(holder.user);
    const probe = await signUp(signUpBodyFor(offer, { email: 'sondeo@correo.co', documentNumber: '1020304050' }), '10.34.0.1');
    const control = await signUp(signUpBodyFor(offer, { email: 'control@correo.co', documentNumber: '1999999999' }), '10.34.0.2');
    expect(probe.status).toBe(201);
    expect(probe.json).toEqual({ ...control.json, email: 'sondeo@correo.co' });

    // A squatter's never-verified sign-up does not keep the real holder out.
    const squatter = await registerVisitorFor(offer, { email: 'okupa@correo.co', documentNumber: '79888777' });
    const owner = await registerVisitorFor(offer, { email: 'dueno@correo.co', documentNumber: '79888777' });
    await verifyVisitor(owner.user);
    const db = await getDb();
    const profileOf = async (userId: number) => (await db.select().from(profiles).where(eq(profiles.userId, userId)))[0]!;
    expect(await profileOf(owner.user.id)).toMatchObject({ documentNumber: '79888777', documentReserved: true });
    // If the squatter verifies after, the document stays with its holder; theirs is cleared, to complete on /account.
    await verifyVisitor(squatter.user);
    expect(await profileOf(squatter.user.id)).toMatchObject({ documentNumber: null, documentType: null });
    expect(await profileOf(owner.user.id)).toMatchObject({ documentNumber: '79888777', documentReserved: true });
  });

  it('signing up again before verifying sends the link again (the newest link is the one that works), with one account and one registration', async () => {
    const offer = await createPaidOffer();
    const first = await signUp(signUpBodyFor(offer, { email: 'mateo@correo.co', documentNumber: '80111222' }), '10.40.0.1');
    await deliverQueuedMail();
    const again = await signUp(signUpBodyFor(offer, { email: 'mateo@correo.co', documentNumber: '80111223', firstName: 'Mateo' }), '10.40.0.2');
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    await deliverQueuedMail();

    const db = await getDb();
    const people = await db.select().from(users).where(eq(users.email, 'mateo@correo.co'));
    expect(people).toHaveLength(1);
    // The newest form replaces the one before.
    expect(people[0]!.firstName).toBe('Mateo');
    expect((await db.select().from(profiles).where(eq(profiles.userId, people[0]!.id)))[0]!.documentNumber).toBe('80111223');
    expect(await db.select().from(registrations)).toHaveLength(1);
    expect(await db.select().from(crmDeliveries)).toHaveLength(1);
    const mails = await mailsTo('mateo@correo.co', 'registration_verification');
    expect(mails).toHaveLength(2);
    const [oldToken, newToken] = mails.map((mail) => tokenIn(mail.bodyText)!);
    await expect(setPasswordWithLink({ token: oldToken!, password: 'Clave-segura-123', confirmPassword: 'Clave-segura-123' })).rejects.toMatchObject({ code: 'account_link_invalid' });
    await setPasswordWithLink({ token: newToken!, password: 'Clave-segura-123', confirmPassword: 'Clave-segura-123' });
    const [registration] = await db.select().from(registrations);
    expect(registration!.status).toBe('pending_payment');
  });

  it('limits sign-ups from one address to REGISTRATION_MAX_PER_IP an hour (429 with Retry-After)', async () => {
    process.env.REGISTRATION_MAX_PER_IP = '2';
    resetConfig();
    try {
      const offer = await createOffer();
      expect((await signUp(signUpBodyFor(offer), '10.50.0.1')).status).toBe(201);
      expect((await signUp(signUpBodyFor(offer), '10.50.0.1')).status).toBe(201);
      const limited = await signUp(signUpBodyFor(offer), '10.50.0.1');
      expect(limited.status).toBe(429);
      expect(limited.json.error.code).toBe('rate_limited');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another address is not held back.
      expect((await signUp(signUpBodyFor(offer), '10.50.0.2')).status).toBe(201);
      const db = await getDb();
      expect(await db.select().from(registrations)).toHaveLength(3);
    } finally {
      delete process.env.REGISTRATION_MAX_PER_IP;
      resetConfig();
    }
  });

  it('the last seat goes to whoever verifies first; the later one ends expired, and a payment hold that runs out frees its seat', async () => {
    const offer = await createPaidOffer({ seats: 1 });
    const late = await registerVisitorFor(offer, { email: 'tarde@correo.co' });
    const early = await registerVisitorFor(offer, { email: 'pronto@correo.co' });
    await verifyVisitor(early.user);
    expect(await seatsLeftOf(offer.id)).toBe(0);
    const refused = await signUp(signUpBodyFor(offer, { email: 'espera@correo.co' }));
    expect(refused.json.error.code).toBe('offer_full');

    await verifyVisitor(late.user);
    const db = await getDb();
    const statusOf = async (id: number) => (await db.select().from(registrations).where(eq(registrations.id, id)))[0]!.status;
    expect(await statusOf(late.registration.id)).toBe('expired');
    expect(await statusOf(early.registration.id)).toBe('pending_payment');

    // The early one does not pay within REGISTRATION_HOLD_H: the seat is free again.
    await db.update(registrations).set({ holdExpiresAt: sql`now() - interval '1 minute'` }).where(eq(registrations.id, early.registration.id));
    expect(await seatsLeftOf(offer.id)).toBe(1);
    expect((await signUp(signUpBodyFor(offer, { email: 'espera@correo.co' }))).status).toBe(201);
    const [holding] = await db.select({ value: count() }).from(registrations).where(and(eq(registrations.offerId, offer.id), takesSeatSql()));
    expect(holding!.value).toBe(0);
    expect(await db.select().from(memberships)).toEqual([]);
  });

  it('sends one address at most three sign-up e-mails an hour, whoever fills the form (issue 28)', async () => {
    const offer = await createOffer();
    await createUser({ email: 'victima@correo.co' });
    for (let index = 0; index < 5; index++) expect((await signUp(signUpBodyFor(offer, { email: 'victima@correo.co' }), `10.35.0.${index}`)).status).toBe(201);
    for (let index = 0; index < 5; index++) expect((await signUp(signUpBodyFor(offer, { email: 'pendiente@correo.co' }), `10.36.0.${index}`)).status).toBe(201);
    const db = await getDb();
    expect(await db.select().from(mailMessages).where(eq(mailMessages.recipient, 'victima@correo.co'))).toHaveLength(3);
    expect(await db.select().from(mailMessages).where(eq(mailMessages.recipient, 'pendiente@correo.co'))).toHaveLength(3);
  });
});

describe('sign-ups never verified', () => {
  it('are deleted with their profile, sign-up and CRM delivery once their link has expired; verified, invited and recent ones stay (issue 28)', async () => {
    const offer = await createOffer();
    const db = await getDb();
    const stale = await registerVisitorFor(offer, { email: 'olvidado@correo.co', documentNumber: '55443322' });
    const recent = await registerVisitorFor(offer, { email: 'reciente@correo.co' });
    const verified = await registerVisitorFor(offer, { email: 'verificado@correo.co' });
    await verifyVisitor(verified.user);
    const invited = await createUser({ email: 'invitado@correo.co', passwordHash: null, invitedAt: new Date(Date.now() - 10 * 24 * 3600_000) });
    const threeDaysAgo = sql`now() - interval '3 days'`;
    for (const person of [stale.user, verified.user]) await db.update(users).set({ createdAt: threeDaysAgo }).where(eq(users.id, person.id));
    await db.update(registrations).set({ updatedAt: threeDaysAgo }).where(eq(registrations.userId, stale.user.id));
    await db.update(users).set({ createdAt: threeDaysAgo }).where(eq(users.id, invited.id));

    expect(await purgeUnverifiedSignUps()).toBe(1);
    const left = (await db.select({ email: users.email }).from(users)).map((row) => row.email).sort();
    expect(left).toEqual(['invitado@correo.co', 'reciente@correo.co', 'verificado@correo.co']);
    expect(await db.select().from(registrations).where(eq(registrations.userId, stale.user.id))).toEqual([]);
    expect(await db.select().from(profiles).where(eq(profiles.userId, stale.user.id))).toEqual([]);
    expect(await db.select().from(crmDeliveries).where(eq(crmDeliveries.registrationId, stale.registration.id))).toEqual([]);
    // The stale sign-up's document is free for anyone again (it never held it anyway).
    expect((await signUp(signUpBodyFor(offer, { email: 'otra@correo.co', documentNumber: '55443322' }), '10.37.0.1')).status).toBe(201);
    void recent;
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  afterEach(restoreEnv);

  it('counts sign-ups by the address the proxy saw, not the X-Forwarded-For entries the client writes (issue 28)', async () => {
    useEnv({ TRUST_PROXY: 'true', REGISTRATION_MAX_PER_IP: '20' });
    const offer = await createOffer({ seats: 100 });
    const statuses: number[] = [];
    for (let index = 0; index < 25; index++) {
      // The client invents a new address each time; nginx appends the one it saw (203.0.113.9) on the right.
      const answer = await call(register, { path: '/api/v2/registrations/', body: signUpBodyFor(offer), ip: '127.0.0.1', headers: { 'x-forwarded-for': `198.51.100.${index}, 203.0.113.9` } });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
  });

  it('with two proxies in front, takes the address the outer one saw', async () => {
    useEnv({ TRUST_PROXY: '2', REGISTRATION_MAX_PER_IP: '1' });
    const offer = await createOffer();
    const send = (forwarded: string) => call(register, { path: '/api/v2/registrations/', body: signUpBodyFor(offer), ip: '10.0.0.2', headers: { 'x-forwarded-for': forwarded } });
    expect((await send('1.1.1.1, 203.0.113.7, 10.0.0.1')).status).toBe(201);
    expect((await send('2.2.2.2, 203.0.113.7, 10.0.0.1')).status).toBe(429);
    expect((await send('203.0.113.8, 10.0.0.1')).status).toBe(201);
  });
});
