/** Test data for sign-ups and payments: offers, visitors signing up, buyers with a registration to pay, discount codes. Every factory takes overrides. */
import { and, eq } from 'drizzle-orm';
import { ROLE_IDS } from '~/lib/shared/constants';
import { RegisterBodySchema } from '~/lib/shared/schemas/registrations';
import { getDb } from '~/lib/server/db/client';
import { cohorts, discountCodes, memberships, offers, registrations, users } from '~/lib/server/db/schema';
import { mintAccountLink } from '~/lib/server/services/people/account-links';
import { setPasswordWithLink } from '~/lib/server/services/people/recover-password';
import { registerVisitor } from '~/lib/server/services/registrations/register';
import { callerOf } from './forums';
import { accessTokenFor, createCohort, createUser, type Cohort, type User } from './index';
import { personFormFor } from './person-form';

let sequence = 0;
const next = () => ++sequence;
const DAY_MS = 24 * 60 * 60 * 1000;

export type Offer = typeof offers.$inferSelect;
export type Registration = typeof registrations.$inferSelect;

/** COP 150.000 and USD 40.00, in cents: the paid offer's prices. */
export const PAID_PRICE_CENTS = 15_000_000;
export const PAID_PRICE_USD_CENTS = 4_000;

/** An offer open now for a new cohort (or the given one): 30 seats, free, for a month, unless overridden. */
export async function createOffer(overrides: Partial<typeof offers.$inferInsert> = {}): Promise<Offer & { cohort: Cohort }> {
  const db = await getDb();
  const n = next();
  const cohort = overrides.cohortId ? (await db.select().from(cohorts).where(eq(cohorts.id, overrides.cohortId)))[0]! : await createCohort({ status: 'ACTIVE' });
  const [row] = await db
    .insert(offers)
    .values({
      slug: `oferta-${n}`,
      title: `Desarrollo web ${n}`,
      seats: 30,
      opensAt: new Date(Date.now() - DAY_MS),
      closesAt: new Date(Date.now() + 30 * DAY_MS),
      ...overrides,
      cohortId: cohort.id,
    })
    .returning();
  return { ...row!, cohort };
}

/** A paid offer: COP 150.000, or USD 40.00 through PayPal. */
export const createPaidOffer = (overrides: Partial<typeof offers.$inferInsert> = {}) => createOffer({ priceCents: PAID_PRICE_CENTS, priceUsdCents: PAID_PRICE_USD_CENTS, ...overrides });

/** A visitor's sign-up body (the whole person form and the consent), with a unique e-mail and document unless given. */
export function signUpBodyFor(offer: { id: number }, overrides: Record<string, unknown> = {}) {
  const n = next();
  const email = (overrides.email as string | undefined) ?? `visitante${n}@correo.co`;
  return { ...personFormFor(email), documentNumber: String(1_000_000_000 + n), firstName: 'Laura', lastName: `Gómez ${n}`.slice(0, 40), offerId: offer.id, consent: true, ...overrides, confirmEmail: email };
}

/** A visitor signs up for an offer through the service (from a private address unless `ip` is given); answers the registration and the new account. */
export async function registerVisitorFor(offer: { id: number }, overrides: Record<string, unknown> = {}, context: { ip?: string; lang?: 'es' | 'en' } = {}) {
  const body = RegisterBodySchema.parse(signUpBodyFor(offer, overrides));
  const registered = await registerVisitor(body, { ip: context.ip ?? `10.${next() % 250}.${next() % 250}.${next() % 250}`, lang: context.lang ?? 'es' });
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.email, registered.email));
  const [registration] = await db.select().from(registrations).where(and(eq(registrations.userId, user!.id), eq(registrations.offerId, offer.id)));
  return { registered: { ...registered, id: registration!.id }, user: user!, registration: registration! };
}

/** The person follows their sign-up link (minted now, as the e-mail would carry it) and sets a password: their e-mail is verified. */
export async function verifyVisitor(user: { id: number }, password = 'Clave-segura-123') {
  const db = await getDb();
  const { token } = await mintAccountLink(db, user.id, 'registration');
  return setPasswordWithLink({ token, password, confirmPassword: password });
}

/** A registration written directly: verified and waiting for its payment with its seat held for two days, unless overridden. */
export async function createRegistration(offer: { id: number }, user: { id: number }, overrides: Partial<typeof registrations.$inferInsert> = {}): Promise<Registration> {
  const db = await getDb();
  const now = new Date();
  const [row] = await db
    .insert(registrations)
    .values({ offerId: offer.id, userId: user.id, status: 'pending_payment', holdExpiresAt: new Date(now.getTime() + 2 * DAY_MS), consentAt: now, verifiedAt: now, ...overrides })
    .returning();
  return row!;
}

/** A student with a registration to pay for (pending_payment, its seat held), their access token and caller. */
export async function createBuyer(offer: { id: number }, overrides: { user?: Partial<Parameters<typeof createUser>[0]>; registration?: Partial<typeof registrations.$inferInsert> } = {}) {
  const user: User = await createUser({ userType: 'student', ...overrides.user });
  const registration = await createRegistration(offer, user, overrides.registration);
  return { user, registration, token: await accessTokenFor(user), caller: await callerOf(user) };
}

/** A discount code written directly: 20 % off the offer, unlimited, always valid, unless overridden. */
export async function createDiscountCode(overrides: Partial<typeof discountCodes.$inferInsert> = {}) {
  const db = await getDb();
  const [row] = await db
    .insert(discountCodes)
    .values({ code: `PROMO${next()}`, kind: 'percent', value: 20, ...overrides })
    .returning();
  return row!;
}

/** A person's student membership in a cohort (null when they have none). */
export async function studentMembershipOf(user: { id: number }, cohort: { id: number }) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, user.id), eq(memberships.cohortId, cohort.id), eq(memberships.roleId, ROLE_IDS.student)));
  return row ?? null;
}
