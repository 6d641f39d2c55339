/**
 * A visitor's e-mail is verified (their sign-up link set a password): only
 * now does their identity document become theirs against everyone else's,
 * and only now do their sign-ups take seats, each with its offer locked.
 * Sign-ups never verified are deleted once their link can no longer work.
 */
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { getConfig } from '~/lib/server/config';
import { getDb, type Tx } from '~/lib/server/db/client';
import { accountTokens, memberships, profiles, registrations, users } from '~/lib/server/db/schema';
import { uniqueViolationOf } from '~/lib/server/db/unique-violation';
import { log } from '~/lib/server/log';
import { enrolRegistration } from './enrol';
import { hasFreeSeat, holdUntil, lockOffer } from './seats';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The person's identity document becomes reserved (unique among reserved
 * ones). When someone verified first holds the same document, theirs stays
 * and this profile's document is cleared: the person completes it on
 * /account, where a signed-in person is told it is taken.
 */
async function reserveDocument(tx: Tx, userId: number): Promise<void> {
  try {
    // A savepoint: a refused update must not abort the verification's transaction.
    await tx.transaction(async (savepoint) => {
      await savepoint.update(profiles).set({ documentReserved: true }).where(and(eq(profiles.userId, userId), eq(profiles.documentReserved, false)));
    });
  } catch (error) {
    if (uniqueViolationOf(error) === null) throw error;
    await tx.update(profiles).set({ documentType: null, documentNumber: null, documentReserved: true, updatedAt: new Date() }).where(eq(profiles.userId, userId));
    log.warn({ event: 'registration_document_taken', userId }, 'a verified sign-up gave a document another account holds: cleared, to be completed on /account');
  }
}

/**
 * Moves each of the person's sign-ups waiting for verification on, in the
 * caller's transaction: with a seat free, a free offer enrols them and a
 * paid one waits for the payment with its seat held (REGISTRATION_HOLD_H);
 * an offer that filled before they verified leaves theirs expired. Answers
 * the first registration (where the person goes next) and the e-mails to send.
 */
export async function completeVerification(tx: Tx, userId: number, now = new Date()): Promise<{ registrationId: number | null; mailIds: number[] }> {
  await reserveDocument(tx, userId);
  const waiting = await tx.select().from(registrations).where(and(eq(registrations.userId, userId), eq(registrations.status, 'pending_verification'))).orderBy(registrations.id);
  const mailIds: number[] = [];
  for (const registration of waiting) {
    const offer = await lockOffer(tx, registration.offerId);
    if (!(await hasFreeSeat(tx, offer, registration.id))) {
      await tx.update(registrations).set({ status: 'expired', verifiedAt: now, updatedAt: now }).where(eq(registrations.id, registration.id));
      continue;
    }
    await tx.update(registrations).set({ status: 'pending_payment', verifiedAt: now, holdExpiresAt: holdUntil(now), updatedAt: now }).where(eq(registrations.id, registration.id));
    if (offer.priceCents === 0) mailIds.push(...(await enrolRegistration(tx, registration.id, now)).mailIds);
  }
  return { registrationId: waiting[0]?.id ?? null, mailIds };
}

/**
 * Deletes the accounts of sign-ups never verified once their verification
 * link has expired (REGISTRATION_VERIFY_H after the last sign-up): no
 * password, never invited, no membership, nothing but sign-ups waiting for
 * verification, and no link still usable. Their profile, sign-ups and CRM
 * deliveries go with them (Ley 1581: data kept no longer than its purpose).
 */
export async function purgeUnverifiedSignUps(now = new Date()): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - getConfig().REGISTRATION_VERIFY_H * HOUR_MS);
  const purged = await db
    .delete(users)
    .where(
      and(
        isNull(users.passwordHash),
        isNull(users.invitedAt),
        lt(users.createdAt, cutoff),
        sql`exists (select 1 from ${registrations} where ${registrations.userId} = ${users.id})`,
        sql`not exists (select 1 from ${registrations} where ${registrations.userId} = ${users.id} and (${registrations.status} <> 'pending_verification' or ${registrations.updatedAt} >= ${cutoff}))`,
        sql`not exists (select 1 from ${memberships} where ${memberships.userId} = ${users.id})`,
        sql`not exists (select 1 from ${accountTokens} where ${accountTokens.userId} = ${users.id} and ${accountTokens.usedAt} is null and ${accountTokens.expiresAt} > ${now})`,
      ),
    )
    .returning({ id: users.id });
  if (purged.length > 0) log.info({ event: 'unverified_sign_ups_purged', count: purged.length }, 'deleted sign-ups never verified');
  return purged.length;
}
