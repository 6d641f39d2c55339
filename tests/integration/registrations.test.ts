/**
 * Public sign-up: a visitor's account waits, without a password, for the
 * link in the verification e-mail; the sign-up is stored with its CRM
 * delivery and its e-mail; following the link verifies it (a free offer
 * enrols at once, a paid one waits for the payment); seats are never
 * oversold, however many sign up at once; a hold that runs out frees its seat.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROLE_IDS } from '~/lib/shared/constants';
import { resetConfig } from '~/lib/server/config';
import { getDb } from '~/lib/server/db/client';
import { crmDeliveries, mailMessages, memberships, profiles, registrations, users } from '~/lib/server/db/schema';
import { takesSeatSql } from '~/lib/server/services/registrations/seats';
import { setPasswordWithLink } from '~/lib/server/services/people/recover-password';
import { POST as register } from '~/pages/api/v2/registrations/index';
import { GET as getOffer } from '~/pages/api/v2/offers/[id]/index';
import { call } from '../support/http';
import { deliverQueuedMail } from '../support/mail';
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
  it('gets a pending account without a password, their profile, a CRM delivery and a verification e-mail, and holds a seat', async () => {
    const offer = await createOffer({ seats: 5, title: 'Análisis de datos' });
    const body = signUpBodyFor(offer, { email: 'Laura.Gomez@Correo.co', documentNumber: '52123456' });
    const answer = await signUp(body);
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ status: 'pending_verification', email: 'laura.gomez@correo.co', verificationSent: true });

    const db = await getDb();
    const [user] = await db.select().from(users).where(eq(users.email, 'laura.gomez@correo.co'));
    expect(user).toMatchObject({ passwordHash: null, status: 'ACTIVE', userType: 'student', firstName: 'Laura' });
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, user!.id));
    expect(profile).toMatchObject({ documentType: 'CC', documentNumber: '52123456', municipality: '11001' });
    const [delivery] = await db.select().from(crmDeliveries).where(eq(crmDeliveries.registrationId, answer.json.id));
    expect(delivery).toMatchObject({ status: 'pending', attempts: 0 });
    expect((delivery!.payload as { fields: { name: string; value: string }[] }).fields).toEqual(
      expect.arrayContaining([
        { objectTypeId: '0-1', name: 'email', value: 'laura.gomez@correo.co' },
        { objectTypeId: '0-1', name: 'firstname', value: 'Laura' },
      ]),
    );
    expect(await seatsLeftOf(offer.id)).toBe(4);
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

  it('never oversells: 200 people at once for 100 seats, exactly 100 get in and the others hear offer_full', async () => {
    const offer = await createOffer({ seats: 100 });
    const bodies = Array.from({ length: 200 }, () => signUpBodyFor(offer));
    const answers = await Promise.all(bodies.map((body, index) => signUp(body, `10.30.${Math.floor(index / 250)}.${index % 250}`)));
    const created = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(created).toHaveLength(100);
    expect(refused).toHaveLength(100);
    for (const answer of refused) expect(answer).toMatchObject({ status: 409, json: { error: { code: 'offer_full' } } });

    const db = await getDb();
    const [holding] = await db.select({ value: count() }).from(registrations).where(and(eq(registrations.offerId, offer.id), takesSeatSql()));
    expect(holding!.value).toBe(100);
    // A refused sign-up leaves nothing behind: no account, no CRM delivery.
    expect((await db.select({ value: count() }).from(users))[0]!.value).toBe(100);
    expect((await db.select({ value: count() }).from(crmDeliveries))[0]!.value).toBe(100);
    expect(await seatsLeftOf(offer.id)).toBe(0);
  }, 120_000);

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

  it('an e-mail that already has an account is told to sign in: email_registered', async () => {
    const offer = await createOffer();
    await createUser({ email: 'ana@correo.co' });
    const answer = await signUp(signUpBodyFor(offer, { email: 'ANA@correo.co' }));
    expect(answer).toMatchObject({ status: 409, json: { error: { code: 'email_registered' } } });
    const db = await getDb();
    expect(await db.select().from(registrations)).toEqual([]);
  });

  it('signing up again before verifying sends the link again (the newest link is the one that works), with one account and one registration', async () => {
    const offer = await createPaidOffer();
    const first = await signUp(signUpBodyFor(offer, { email: 'mateo@correo.co', documentNumber: '80111222' }), '10.40.0.1');
    await deliverQueuedMail();
    const again = await signUp(signUpBodyFor(offer, { email: 'mateo@correo.co', documentNumber: '80111222' }), '10.40.0.2');
    expect(again.status).toBe(201);
    expect(again.json.id).toBe(first.json.id);
    await deliverQueuedMail();

    const db = await getDb();
    expect(await db.select().from(users).where(eq(users.email, 'mateo@correo.co'))).toHaveLength(1);
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

  it('a hold that runs out frees its seat for the next person; the late one then ends expired when they verify', async () => {
    const offer = await createOffer({ seats: 1 });
    const late = await registerVisitorFor(offer, { email: 'tarde@correo.co' });
    expect((await signUp(signUpBodyFor(offer, { email: 'espera@correo.co' }))).json.error.code).toBe('offer_full');

    const db = await getDb();
    await db.update(registrations).set({ holdExpiresAt: sql`now() - interval '1 minute'` }).where(eq(registrations.id, late.registration.id));
    expect(await seatsLeftOf(offer.id)).toBe(1);
    const next = await signUp(signUpBodyFor(offer, { email: 'espera@correo.co' }));
    expect(next.status).toBe(201);
    expect(await seatsLeftOf(offer.id)).toBe(0);

    await verifyVisitor(late.user);
    const [registration] = await db.select().from(registrations).where(eq(registrations.id, late.registration.id));
    expect(registration!.status).toBe('expired');
    expect(await studentMembershipOf(late.user, offer.cohort)).toBeNull();
    const [holding] = await db.select({ value: count() }).from(registrations).where(and(eq(registrations.offerId, offer.id), takesSeatSql()));
    expect(holding!.value).toBe(1);
    expect(await db.select().from(memberships)).toEqual([]);
  });
});
