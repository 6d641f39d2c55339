/**
 * Signing up for an offer. A visitor gives the person form; their account
 * is created without a password and stays pending until they follow the
 * verification link (which sets their password), and, when the offer has a
 * price, until they pay. Until the address is verified the sign-up holds no
 * seat and reserves no identity document (verify-sign-up.ts), so addresses
 * nobody confirmed cannot fill an offer or squat a cédula; and the answer is
 * the same whether or not the address or the document already has an
 * account, so a sign-up cannot probe who is registered. Someone signed in
 * signs up with their account, taking a seat at once. Each sign-up is stored
 * with its CRM delivery and its e-mail in one transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { Language } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import type { RegisterBody } from '~/lib/shared/schemas/registrations';
import type { Caller } from '~/lib/server/access/permissions';
import { getConfig, publicUrlOf } from '~/lib/server/config';
import { getDb, type Tx } from '~/lib/server/db/client';
import { profiles, registrations, users } from '~/lib/server/db/schema';
import { uniqueViolationOf } from '~/lib/server/db/unique-violation';
import { crmSubmissionOf, type CrmSubmission } from '~/lib/server/services/crm/hubspot-forms';
import { log } from '~/lib/server/log';
import { rateLimitedUntil, readAttemptCounts, recordAttempts } from '~/lib/server/services/auth/throttle';
import { queueCrmDelivery, sendCrmDeliveries } from '~/lib/server/services/crm/crm-deliveries';
import { queueMail, sendQueuedMail } from '~/lib/server/services/mail/queue-mail';
import { applySensitiveDataConsent, grantConsent, withdrawConsent } from '~/lib/server/services/people/consents';
import { profileValuesOf } from '~/lib/server/services/people/profile-record';
import { enrolRegistration } from './enrol';
import { isOfferOpen } from './offers';
import { holdsSeat, holdUntil, lockOffer, readOfferForSignUp, requireFreeSeat, type OfferRow } from './seats';

const HOUR_MS = 60 * 60 * 1000;

/** E-mails one address receives from sign-ups in an hour (verification links again, or "you already have an account"): nobody's inbox can be flooded through the form. */
const SIGN_UP_MAILS_PER_ADDRESS_HOUR = 3;

/** Throws 409 offer_closed unless the offer is ACTIVE and inside its window (a full one is 409 offer_full, from the seat count). */
function requireOfferAcceptsSignUps(offer: OfferRow, now: Date): void {
  if (!isOfferOpen(offer, 1, now)) throw new AppError('offer_closed');
}

/** Sign-ups from one address: past REGISTRATION_MAX_PER_IP in an hour, 429. */
async function requireSignUpAllowed(ip: string, now: Date): Promise<void> {
  const key = `registration:ip:${ip}`;
  const counter = (await readAttemptCounts([key], HOUR_MS, now)).get(key);
  if (counter && counter.count >= getConfig().REGISTRATION_MAX_PER_IP) throw rateLimitedUntil(counter.endsAt, now);
  await recordAttempts([key], HOUR_MS, now);
}

/** Whether one more sign-up e-mail may go to this address this hour (counting it). */
async function mayMailAddress(email: string, now: Date): Promise<boolean> {
  const key = `registration:mail:${email}`;
  const sent = (await readAttemptCounts([key], HOUR_MS, now)).get(key)?.count ?? 0;
  if (sent >= SIGN_UP_MAILS_PER_ADDRESS_HOUR) return false;
  await recordAttempts([key], HOUR_MS, now);
  return true;
}

type RegistrationRow = typeof registrations.$inferSelect;

/**
 * The person's registration to the offer, holding a seat: a new one, or
 * their earlier one (kept when it holds its seat, renewed when a seat is
 * free). 409 already_registered once enrolled; 409 offer_full without a seat.
 */
async function holdRegistration(tx: Tx, offer: OfferRow, userId: number, now: Date): Promise<{ registration: RegistrationRow; isNew: boolean }> {
  const [existing] = await tx.select().from(registrations).where(and(eq(registrations.offerId, offer.id), eq(registrations.userId, userId)));
  if (existing?.status === 'enrolled') throw new AppError('already_registered');
  if (existing && holdsSeat(existing, now)) return { registration: existing, isNew: false };
  requireOfferAcceptsSignUps(offer, now);
  await requireFreeSeat(tx, offer, existing?.id ?? null);
  if (existing) {
    const [renewed] = await tx
      .update(registrations)
      .set({ status: 'pending_payment', holdExpiresAt: holdUntil(now), consentAt: now, updatedAt: now })
      .where(eq(registrations.id, existing.id))
      .returning();
    return { registration: renewed!, isNew: false };
  }
  const [created] = await tx.insert(registrations).values({ offerId: offer.id, userId, status: 'pending_payment', holdExpiresAt: holdUntil(now), consentAt: now }).returning();
  return { registration: created!, isNew: true };
}

/** A sign-up waiting for its e-mail to be verified: holds no seat; an earlier one to the same offer is kept, or put back to waiting. */
async function awaitVerification(tx: Tx, offerId: number, userId: number, now: Date): Promise<{ registration: RegistrationRow; isNew: boolean }> {
  const [existing] = await tx.select().from(registrations).where(and(eq(registrations.offerId, offerId), eq(registrations.userId, userId)));
  if (existing) {
    const [renewed] = await tx
      .update(registrations)
      .set({ status: 'pending_verification', holdExpiresAt: null, consentAt: now, updatedAt: now })
      .where(eq(registrations.id, existing.id))
      .returning();
    return { registration: renewed!, isNew: false };
  }
  const [created] = await tx.insert(registrations).values({ offerId, userId, status: 'pending_verification', holdExpiresAt: null, consentAt: now }).returning();
  return { registration: created!, isNew: true };
}

/** The CRM submission of a sign-up, from the person's account and profile. */
async function crmSubmissionFor(tx: Tx, userId: number, offer: { slug: string; title: string }, ip: string | null, now: Date): Promise<CrmSubmission> {
  const [person] = await tx
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, contact: profiles.contact, municipality: profiles.municipality })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return crmSubmissionOf(person!, { uri: `${publicUrlOf()}/offers/${offer.slug}`, name: offer.title }, ip, now);
}

/** What a visitor's sign-up answers: the same for every address. `registrationId` is for tests and logs only, never sent to the visitor. */
export interface Registered {
  email: string;
  registrationId: number | null;
}

/** The consents the sign-up form gave: the general policy (required), sensitive data and funder reports as chosen (a `false` withdraws an earlier sign-up's). */
async function recordSignUpConsents(tx: Tx, userId: number, body: RegisterBody, now: Date): Promise<void> {
  await grantConsent(tx, userId, 'general', 'sign_up', { now });
  await applySensitiveDataConsent(tx, userId, body.sensitiveDataConsent, 'sign_up');
  if (body.funderReportsConsent) await grantConsent(tx, userId, 'funder_reports', 'sign_up', { now });
  else await withdrawConsent(tx, userId, 'funder_reports', now);
}

/** The visitor's person form becomes the pending account's profile; its document is not reserved until the address is verified. */
const pendingProfileOf = (body: RegisterBody) => ({ ...profileValuesOf(body), documentReserved: false });

/**
 * A visitor signs up with the person form. A new address gets an account
 * with no password (pending) and the verification e-mail, whose link sets
 * it. An address still waiting for verification signs up again: its form
 * replaces the earlier one and the link goes out again. An address with a
 * full (or invited) account gets an e-mail saying so, with a link to sign
 * in: the visitor hears the same answer either way (the inbox's owner
 * learns the rest). Only the offer's own state is told at once: closed,
 * or already full.
 */
export async function registerVisitor(body: RegisterBody, context: { ip: string; lang: Language }, now = new Date()): Promise<Registered> {
  await requireSignUpAllowed(context.ip, now);
  const db = await getDb();
  const email = body.email.toLowerCase();
  const offer = await readOfferForSignUp(body.offerId);
  requireOfferAcceptsSignUps(offer, now);
  if (offer.seatsLeft === 0) throw new AppError('offer_full');
  const language = body.language ?? context.lang;
  const [owner] = await db.select({ id: users.id, passwordHash: users.passwordHash, invitedAt: users.invitedAt, status: users.status }).from(users).where(eq(users.email, email));
  const isPendingSignUp = owner && owner.passwordHash === null && owner.invitedAt === null && owner.status === 'ACTIVE';
  if (owner && !isPendingSignUp) {
    await tellAccountHolder(owner.id, email, offer, now);
    return { email, registrationId: null };
  }
  if (owner && !(await mayMailAddress(email, now))) {
    log.info({ event: 'registration_mail_limited', userId: owner.id }, 'sign-up for an address past its hourly e-mails: nothing sent');
    return { email, registrationId: null };
  }
  let result: { registrationId: number; mailIds: number[]; crmId: number | null };
  try {
    result = await db.transaction(async (tx) => {
      let userId = owner?.id;
      if (userId) {
        // Whoever typed the address last describes the person; the link still goes only to the address.
        await tx.update(users).set({ firstName: body.firstName, lastName: body.lastName, language, updatedAt: now }).where(eq(users.id, userId));
        await tx
          .insert(profiles)
          .values({ userId, ...pendingProfileOf(body) })
          .onConflictDoUpdate({ target: profiles.userId, set: { ...pendingProfileOf(body), updatedAt: now } });
      } else {
        const [user] = await tx.insert(users).values({ email, passwordHash: null, firstName: body.firstName, lastName: body.lastName, userType: 'student', language }).returning({ id: users.id });
        userId = user!.id;
        await tx.insert(profiles).values({ userId, ...pendingProfileOf(body) });
      }
      await recordSignUpConsents(tx, userId, body, now);
      const mailIds = await queueMail(tx, [{ userId, recipient: email, language, kind: 'registration_verification', params: { offer: offer.title } }]);
      const { registration, isNew } = await awaitVerification(tx, body.offerId, userId, now);
      const crmId = isNew ? await queueCrmDelivery(tx, registration.id, await crmSubmissionFor(tx, userId, offer, context.ip, now)) : null;
      return { registrationId: registration.id, mailIds, crmId };
    });
  } catch (error) {
    // The same address signing up twice at once: the other request created the account and sends the link.
    if (uniqueViolationOf(error)?.startsWith('users_email')) return { email, registrationId: null };
    throw error;
  }
  if (!owner) await recordAttempts([`registration:mail:${email}`], HOUR_MS, now);
  await sendQueuedMail(result.mailIds);
  await sendCrmDeliveries([result.crmId]);
  log.info({ event: 'registration_created', registrationId: result.registrationId, offerId: body.offerId }, 'visitor signed up; verification e-mail queued');
  return { email, registrationId: result.registrationId };
}

/** An address that already has an account: its owner is told by e-mail to sign in (or recover their password) and sign up from the offer's page. */
async function tellAccountHolder(userId: number, email: string, offer: { title: string; slug: string }, now: Date): Promise<void> {
  if (!(await mayMailAddress(email, now))) return;
  const db = await getDb();
  const [user] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  const ids = await queueMail(db, [{ userId, recipient: email, language: user!.language, kind: 'registration_existing_account', params: { offer: offer.title, path: `/offers/${offer.slug}` } }]);
  await sendQueuedMail(ids);
  log.info({ event: 'registration_existing_account', userId }, 'sign-up with an address that has an account: its owner was told by e-mail');
}

/**
 * Someone signed in signs up with their account (already verified): a free
 * offer enrols them at once; a paid one waits for their payment, its seat held.
 */
export async function registerSelf(caller: Caller, offerId: number, context: { ip: string }, now = new Date()): Promise<number> {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const offer = await lockOffer(tx, offerId);
    if (offer.status !== 'ACTIVE') throw new AppError('not_found');
    const { registration, isNew } = await holdRegistration(tx, offer, caller.id, now);
    await grantConsent(tx, caller.id, 'general', 'sign_up', { now });
    await tx.update(registrations).set({ verifiedAt: registration.verifiedAt ?? now }).where(eq(registrations.id, registration.id));
    const crmId = isNew ? await queueCrmDelivery(tx, registration.id, await crmSubmissionFor(tx, caller.id, offer, context.ip, now)) : null;
    const enrol = offer.priceCents === 0 ? await enrolRegistration(tx, registration.id, now) : { mailIds: [] };
    return { registrationId: registration.id, crmId, mailIds: enrol.mailIds };
  });
  await sendQueuedMail(result.mailIds);
  await sendCrmDeliveries([result.crmId]);
  return result.registrationId;
}
