/**
 * Signing up for an offer. A visitor gives the person form; their account
 * is created without a password and stays pending until they follow the
 * verification link (which sets their password), and, when the offer has a
 * price, until they pay. Someone signed in signs up with their account. A
 * sign-up holds a seat (REGISTRATION_HOLD_H) while it is in progress; seats
 * are counted with the offer locked, so an offer is never oversold. Each
 * sign-up is stored with its CRM delivery and its e-mail in one transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { Language } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import type { RegisterBody, RegistrationStatus } from '~/lib/shared/schemas/registrations';
import type { Caller } from '~/lib/server/auth/permissions';
import { getConfig, publicUrlOf } from '~/lib/server/config';
import { getDb, type Tx } from '~/lib/server/db/client';
import { profiles, registrations, users } from '~/lib/server/db/schema';
import { crmSubmissionOf, type CrmSubmission } from '~/lib/server/crm/hubspot-forms';
import { log } from '~/lib/server/log';
import { rateLimitedUntil, readAttemptCounts, recordAttempts } from '~/lib/server/services/auth/throttle';
import { queueCrmDelivery, sendCrmDeliveries } from '~/lib/server/services/crm/crm-deliveries';
import { queueMail, sendQueuedMail } from '~/lib/server/services/mail/queue-mail';
import { requireFreeIdentity, takenFieldsOf } from '~/lib/server/services/people/accounts';
import { profileValuesOf } from '~/lib/server/services/people/profile-record';
import { enrolRegistration } from './enrol';
import { isOfferOpen } from './offers';
import { holdsSeat, lockOffer, readOfferForSignUp, requireFreeSeat, type OfferRow } from './seats';

const HOUR_MS = 60 * 60 * 1000;
const holdUntil = (now: Date) => new Date(now.getTime() + getConfig().REGISTRATION_HOLD_H * HOUR_MS);

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

type RegistrationRow = typeof registrations.$inferSelect;

/**
 * The person's registration to the offer, holding a seat: a new one, or
 * their earlier one (kept when it holds its seat, renewed when a seat is
 * free). 409 already_registered once enrolled; 409 offer_full without a seat.
 */
async function holdRegistration(tx: Tx, offer: OfferRow, userId: number, status: RegistrationStatus, now: Date): Promise<{ registration: RegistrationRow; isNew: boolean }> {
  const [existing] = await tx.select().from(registrations).where(and(eq(registrations.offerId, offer.id), eq(registrations.userId, userId)));
  if (existing?.status === 'enrolled') throw new AppError('already_registered');
  if (existing && holdsSeat(existing, now)) return { registration: existing, isNew: false };
  requireOfferAcceptsSignUps(offer, now);
  await requireFreeSeat(tx, offer, existing?.id ?? null);
  if (existing) {
    const [renewed] = await tx.update(registrations).set({ status, holdExpiresAt: holdUntil(now), consentAt: now, updatedAt: now }).where(eq(registrations.id, existing.id)).returning();
    return { registration: renewed!, isNew: false };
  }
  const [created] = await tx.insert(registrations).values({ offerId: offer.id, userId, status, holdExpiresAt: holdUntil(now), consentAt: now }).returning();
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

export interface Registered {
  id: number;
  status: RegistrationStatus;
  email: string;
  verificationSent: boolean;
}

/**
 * A visitor signs up with the person form. Their account is created with no
 * password (pending); the verification e-mail's link sets it. Someone who
 * signed up before and has not verified yet may sign up again (for this or
 * another offer): the link goes out again. An address with a full account
 * is 409 email_registered (sign in to sign up).
 */
export async function registerVisitor(body: RegisterBody, context: { ip: string; lang: Language }, now = new Date()): Promise<Registered> {
  await requireSignUpAllowed(context.ip, now);
  const db = await getDb();
  const email = body.email.toLowerCase();
  const [owner] = await db.select({ id: users.id, passwordHash: users.passwordHash, status: users.status }).from(users).where(eq(users.email, email));
  if (owner) {
    const [pending] = await db.select({ id: registrations.id }).from(registrations).where(and(eq(registrations.userId, owner.id), eq(registrations.status, 'pending_verification'))).limit(1);
    if (owner.passwordHash !== null || owner.status !== 'ACTIVE' || !pending) throw new AppError('email_registered');
  }
  if (!owner) await requireFreeIdentity(db, { documentType: body.documentType, documentNumber: body.documentNumber }, null);
  const preview = await readOfferForSignUp(body.offerId);
  // A full offer says so at once, without queueing for its lock (the count under the lock decides the rest).
  if (!owner && preview.seatsLeft === 0) throw new AppError('offer_full');
  const language = body.language ?? context.lang;
  let result: { registration: RegistrationRow; mailIds: number[]; crmId: number | null };
  try {
    result = await db.transaction(async (tx) => {
      // What does not need the seat is written before queueing for the offer's lock (rolled back with the rest if no seat is left),
      // so the lock is held for the count and one insert: concurrent sign-ups wait less.
      let userId = owner?.id;
      if (!userId) {
        const [user] = await tx.insert(users).values({ email, passwordHash: null, firstName: body.firstName, lastName: body.lastName, userType: 'student', language }).returning({ id: users.id });
        userId = user!.id;
        await tx.insert(profiles).values({ userId, ...profileValuesOf(body) });
      }
      const mailIds = await queueMail(tx, [{ userId, recipient: email, language, kind: 'registration_verification', params: { offer: preview.title } }]);
      const submission = await crmSubmissionFor(tx, userId, preview, context.ip, now);
      const offer = await lockOffer(tx, body.offerId);
      const { registration, isNew } = await holdRegistration(tx, offer, userId, 'pending_verification', now);
      const crmId = isNew ? await queueCrmDelivery(tx, registration.id, submission) : null;
      return { registration, mailIds, crmId };
    });
  } catch (error) {
    const fields = takenFieldsOf(error);
    if (fields) throw new AppError(fields.email ? 'email_registered' : 'validation_failed', { fields });
    throw error;
  }
  await sendQueuedMail(result.mailIds);
  await sendCrmDeliveries([result.crmId]);
  log.info({ event: 'registration_created', registrationId: result.registration.id, offerId: body.offerId }, 'visitor signed up; verification e-mail queued');
  return { id: result.registration.id, status: result.registration.status, email, verificationSent: true };
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
    const { registration, isNew } = await holdRegistration(tx, offer, caller.id, 'pending_payment', now);
    await tx.update(registrations).set({ verifiedAt: registration.verifiedAt ?? now }).where(eq(registrations.id, registration.id));
    const crmId = isNew ? await queueCrmDelivery(tx, registration.id, await crmSubmissionFor(tx, caller.id, offer, context.ip, now)) : null;
    const enrol = offer.priceCents === 0 ? await enrolRegistration(tx, registration.id, now) : { mailIds: [] };
    return { registrationId: registration.id, crmId, mailIds: enrol.mailIds };
  });
  await sendQueuedMail(result.mailIds);
  await sendCrmDeliveries([result.crmId]);
  return result.registrationId;
}

/**
 * The person's e-mail is verified (their sign-up link set a password): each
 * of their registrations waiting for it moves on, in the same transaction. A
 * free offer enrols them; a paid one waits for the payment with its hold
 * renewed; one whose seat went while they took their time (its hold expired
 * and the offer filled) ends expired. Answers the first registration (where
 * the person goes next) and the e-mails to send.
 */
export async function completeVerification(tx: Tx, userId: number, now = new Date()): Promise<{ registrationId: number | null; mailIds: number[] }> {
  const waiting = await tx.select().from(registrations).where(and(eq(registrations.userId, userId), eq(registrations.status, 'pending_verification')));
  const mailIds: number[] = [];
  for (const registration of waiting) {
    const offer = await lockOffer(tx, registration.offerId);
    if (!holdsSeat(registration, now)) {
      try {
        await requireFreeSeat(tx, offer, registration.id);
      } catch {
        await tx.update(registrations).set({ status: 'expired', updatedAt: now }).where(eq(registrations.id, registration.id));
        continue;
      }
    }
    await tx
      .update(registrations)
      .set({ status: 'pending_payment', verifiedAt: now, holdExpiresAt: holdUntil(now), updatedAt: now })
      .where(eq(registrations.id, registration.id));
    if (offer.priceCents === 0) mailIds.push(...(await enrolRegistration(tx, registration.id, now)).mailIds);
  }
  return { registrationId: waiting[0]?.id ?? null, mailIds };
}
