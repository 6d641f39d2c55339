/**
 * Enrolment: a registration becomes a student's ACTIVE membership in the
 * offer's cohort (its released courses appear on their home at once), and
 * the person is told. A refund or void pauses it: that cohort's membership
 * only, nothing else of the person's.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { ROLE_IDS } from '~/lib/shared/constants';
import type { Tx } from '~/lib/server/db/client';
import { cohorts, memberships, offers, registrations, users } from '~/lib/server/db/schema';
import { queueMail } from '~/lib/server/services/mail/queue-mail';

export interface EnrolResult {
  /** Whether this call enrolled it (false: it already was, or it cannot be). */
  enrolled: boolean;
  /** The confirmation e-mail, to hand to the job engine after the commit. */
  mailIds: number[];
}

/** Enrols a registration once: however many callers race to it (the buyer's return and the notification), one enrols. */
export async function enrolRegistration(tx: Tx, registrationId: number, now = new Date()): Promise<EnrolResult> {
  const [changed] = await tx
    .update(registrations)
    .set({ status: 'enrolled', enrolledAt: now, holdExpiresAt: null, updatedAt: now })
    .where(and(eq(registrations.id, registrationId), ne(registrations.status, 'enrolled')))
    .returning({ userId: registrations.userId, offerId: registrations.offerId });
  if (!changed) return { enrolled: false, mailIds: [] };
  const [offer] = await tx
    .select({ cohortId: offers.cohortId, title: offers.title, cohortName: cohorts.name })
    .from(offers)
    .innerJoin(cohorts, eq(cohorts.id, offers.cohortId))
    .where(eq(offers.id, changed.offerId));
  // A student membership, or an inactive one made active again; a tutor's role in the cohort is never lowered.
  await tx
    .insert(memberships)
    .values({ userId: changed.userId, cohortId: offer!.cohortId, roleId: ROLE_IDS.student, status: 'ACTIVE' })
    .onConflictDoUpdate({ target: [memberships.userId, memberships.cohortId], set: { status: 'ACTIVE', updatedAt: now }, setWhere: sql`${memberships.roleId} = ${ROLE_IDS.student}` });
  const [user] = await tx.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, changed.userId));
  const mailIds = await queueMail(tx, [{ userId: changed.userId, recipient: user!.email, language: user!.language, kind: 'registration_enrolled', params: { offer: offer!.title, cohort: offer!.cohortName } }]);
  return { enrolled: true, mailIds };
}

/** Pauses an enrolled registration (its payment was refunded or voided): its cohort membership stops counting. Answers whether it was enrolled. */
export async function pauseRegistration(tx: Tx, registrationId: number, now = new Date()): Promise<boolean> {
  const [paused] = await tx
    .update(registrations)
    .set({ status: 'paused', updatedAt: now })
    .where(and(eq(registrations.id, registrationId), eq(registrations.status, 'enrolled')))
    .returning({ userId: registrations.userId, offerId: registrations.offerId });
  if (!paused) return false;
  const [offer] = await tx.select({ cohortId: offers.cohortId }).from(offers).where(eq(offers.id, paused.offerId));
  await tx
    .update(memberships)
    .set({ status: 'INACTIVE', updatedAt: now })
    .where(and(eq(memberships.userId, paused.userId), eq(memberships.cohortId, offer!.cohortId), eq(memberships.roleId, ROLE_IDS.student)));
  return true;
}
