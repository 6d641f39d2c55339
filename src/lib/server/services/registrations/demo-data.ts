/**
 * Demo data for sign-up and payments: a new cohort of the program open to
 * public sign-up at a price (pay with the built-in test provider, or with
 * Wompi or PayPal once configured), a free introductory workshop, two
 * discount codes (BECA100 enrols without paying; SENDA20 takes 20 % off any
 * offer), and Andrés, who signed up for the workshop and started it, so
 * /offers, /admin/offers, /admin/registrations and /admin/payments show
 * something at once.
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import { ROLE_IDS } from '~/lib/shared/constants';
import type { Tx } from '~/lib/server/db/client';
import { cohortCourses, cohorts, crmDeliveries, discountCodes, lessonHistory, lessons, memberships, offers, payments, profiles, registrations, users } from '~/lib/server/db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);

/** The demo's paid offer: its public page is /offers/desarrollo-web-2027. */
export const DEMO_OFFER_SLUG = 'desarrollo-web-2027';

/** Signed up for the free workshop from its public page (password: the demo accounts'). */
export const DEMO_REGISTRANT = { email: 'andres@senda.test', firstName: 'Andrés', lastName: 'Castaño' } as const;

export async function seedDemoRegistrations(tx: Tx, options: { learningPathId: number; programId: number; releasedFrom: number; passwordHash: string }): Promise<void> {
  const [nextCohort, workshop] = await tx
    .insert(cohorts)
    .values([
      { learningPathId: options.learningPathId, programId: options.programId, name: 'Cohorte 2027-1 Virtual', status: 'ACTIVE', startsOn: '2027-02-01', endsOn: '2027-07-30' },
      { learningPathId: options.learningPathId, programId: options.programId, name: 'Taller introductorio 2027', status: 'ACTIVE', startsOn: '2027-01-11', endsOn: '2027-01-29' },
    ])
    .returning();
  // Whoever enrols sees the program's courses at once: the same ones the active cohort has.
  const released = await tx.select({ courseId: cohortCourses.courseId }).from(cohortCourses).where(and(eq(cohortCourses.cohortId, options.releasedFrom), lte(cohortCourses.releaseAt, new Date())));
  await tx.insert(cohortCourses).values(released.flatMap(({ courseId }) => [nextCohort!, workshop!].map((cohort) => ({ cohortId: cohort.id, courseId, releaseAt: inDays(-1) }))));
  const [paid, free] = await tx
    .insert(offers)
    .values([
      {
        cohortId: nextCohort!.id,
        slug: DEMO_OFFER_SLUG,
        title: 'Desarrollo web 2027-1',
        description: 'Seis meses para aprender a construir sitios y aplicaciones web, con tutorías en vivo, prácticas y un proyecto integrador. Certificado al terminar.',
        seats: 30,
        priceCents: 15_000_000,
        priceUsdCents: 4_500,
        opensAt: inDays(-3),
        closesAt: inDays(60),
      },
      {
        cohortId: workshop!.id,
        slug: 'taller-introductorio',
        title: 'Taller introductorio: primeros pasos en programación',
        description: 'Tres semanas, gratis, para saber si programar es lo tuyo.',
        seats: 100,
        priceCents: 0,
        opensAt: inDays(-3),
        closesAt: inDays(45),
      },
    ])
    .returning();
  await tx.insert(discountCodes).values([
    { code: 'BECA100', offerId: paid!.id, kind: 'percent', value: 100, maxUses: 20 },
    { code: 'SENDA20', offerId: null, kind: 'percent', value: 20 },
  ]);
  const [andres] = await tx
    .insert(users)
    .values({ ...DEMO_REGISTRANT, passwordHash: options.passwordHash, userType: 'student', statusStudent: 1, termsAcceptedAt: inDays(-2) })
    .returning({ id: users.id });
  await tx.insert(profiles).values({ userId: andres!.id, documentType: 'CC', documentNumber: '1088334455', contact: '3157778899', municipality: '66001', stratum: 2 });
  const [registration] = await tx
    .insert(registrations)
    .values({ offerId: free!.id, userId: andres!.id, status: 'enrolled', consentAt: inDays(-2), verifiedAt: inDays(-2), enrolledAt: inDays(-2) })
    .returning();
  await tx.insert(memberships).values({ userId: andres!.id, cohortId: workshop!.id, roleId: ROLE_IDS.student });
  // He has started: the workshop's first lesson is done.
  const [firstLesson] = await tx
    .select({ id: lessons.id })
    .from(lessons)
    .innerJoin(cohortCourses, eq(cohortCourses.courseId, lessons.courseId))
    .where(eq(cohortCourses.cohortId, workshop!.id))
    .orderBy(asc(lessons.courseId), asc(lessons.position))
    .limit(1);
  if (firstLesson) await tx.insert(lessonHistory).values({ userId: andres!.id, lessonId: firstLesson.id, progress: 100, startedAt: inDays(-1), completedAt: inDays(-1) });
  await tx.insert(payments).values({
    registrationId: registration!.id,
    userId: andres!.id,
    offerId: free!.id,
    provider: 'free',
    reference: `SND-${registration!.id}-DEMO`,
    amountCents: 0,
    currency: 'COP',
    listAmountCents: 0,
    status: 'enrolled',
    approvedAt: inDays(-2),
    createdAt: inDays(-2),
  });
  // Without CRM_FORMS_URL the delivery is skipped (an admin sees why and can send it once a CRM is configured).
  await tx.insert(crmDeliveries).values({
    registrationId: registration!.id,
    payload: { fields: [{ objectTypeId: '0-1', name: 'email', value: DEMO_REGISTRANT.email }], submittedAt: String(inDays(-2).getTime()), context: { pageUri: '/offers/taller-introductorio', pageName: free!.title } },
    status: 'skipped',
    attempts: 1,
    lastError: 'CRM_FORMS_URL is not set',
    createdAt: inDays(-2),
  });
}
