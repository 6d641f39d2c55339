/**
 * The CRM outbox. Every registration is stored first, with its CRM delivery
 * in the same transaction; once committed, a `crm.deliver` job sends it. A
 * 429, a 5xx or no answer in time is retried by the job engine with a
 * growing delay (about 2.5 days in all), so an outage of hours loses
 * nothing; any other 4xx is recorded as failed with the CRM's reason. A
 * delivery is claimed before it is sent and never sent again once
 * delivered; admins see each one's state and may send a failed one again.
 */
import { and, count, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Page } from '~/lib/shared/pagination';
import { pageWindow } from '~/lib/shared/pagination';
import { AppError } from '~/lib/shared/errors';
import type { CrmDelivery, CrmDeliveryStatus } from '~/lib/shared/schemas/registrations';
import { requireManageRegistrations, type Caller } from '~/lib/server/access/permissions';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { crmDeliveries, offers, registrations, users } from '~/lib/server/db/schema';
import { crmReasonOf, isCrmConfigured, submitToCrm, type CrmSubmission } from './hubspot-forms';
import { enqueueJobs } from '~/lib/server/jobs/job-engine';
import { containsPattern } from '~/lib/server/db/like-pattern';
import { toPage } from '~/lib/server/http/pagination';
import { log } from '~/lib/server/log';
import { ProviderCallError } from '~/lib/server/http/provider-http';

export const CRM_DELIVER_QUEUE = 'crm.deliver';
/** Attempts in all: the first and the job engine's retries (crm.deliver's retryLimit + 1). */
export const CRM_MAX_ATTEMPTS = 13;
/** A delivery claimed this long ago by a server that never finished is taken again. */
const STALE_CLAIM_MS = 10 * 60_000;
/** A delivery still pending this long after it was written lost its job: the sweep queues it again. */
const SWEEP_AFTER_MS = 5 * 60_000;

/** Writes a registration's delivery into the outbox (inside the registration's transaction); answers its id, for sendCrmDeliveries after the commit. */
export async function queueCrmDelivery(db: DbOrTx, registrationId: number, payload: CrmSubmission): Promise<number | null> {
  const [row] = await db
    .insert(crmDeliveries)
    .values({ registrationId, payload: payload as unknown as Record<string, unknown> })
    .onConflictDoNothing({ target: crmDeliveries.registrationId })
    .returning({ id: crmDeliveries.id });
  return row?.id ?? null;
}

/** Hands committed deliveries to the job engine; if it cannot take them now, the sweep will. */
export async function sendCrmDeliveries(ids: readonly (number | null)[]): Promise<void> {
  const known = ids.filter((id): id is number => id !== null);
  try {
    await enqueueJobs(CRM_DELIVER_QUEUE, known.map((deliveryId) => ({ deliveryId })));
  } catch (error) {
    log.warn({ event: 'crm_enqueue_failed', count: known.length, err: error }, 'CRM deliveries stay pending until the next sweep');
  }
}

type Outcome = 'delivered' | 'retrying' | 'failed' | 'skipped' | 'busy';

/**
 * Delivers one outbox entry (the `crm.deliver` job). Throws when the CRM may
 * take it later (the job engine retries); answers what happened otherwise.
 */
export async function deliverToCrm(deliveryId: number, now = new Date()): Promise<Outcome> {
  const db = await getDb();
  const [delivery] = await db
    .update(crmDeliveries)
    .set({ status: 'sending', claimedAt: now, attempts: sql`${crmDeliveries.attempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(crmDeliveries.id, deliveryId),
        or(inArray(crmDeliveries.status, ['pending', 'retrying']), and(eq(crmDeliveries.status, 'sending'), lt(crmDeliveries.claimedAt, new Date(now.getTime() - STALE_CLAIM_MS)))),
      ),
    )
    .returning();
  // Delivered, failed, skipped, or being sent by another server right now.
  if (!delivery) return 'busy';
  const settle = (values: Partial<typeof crmDeliveries.$inferInsert>) => db.update(crmDeliveries).set({ ...values, claimedAt: null, updatedAt: new Date() }).where(eq(crmDeliveries.id, deliveryId));
  if (!isCrmConfigured()) {
    await settle({ status: 'skipped', lastError: 'CRM_FORMS_URL is not set' });
    return 'skipped';
  }
  try {
    const status = await submitToCrm(delivery.payload as unknown as CrmSubmission);
    await settle({ status: 'delivered', lastStatusCode: status, lastError: null, deliveredAt: new Date() });
    log.info({ event: 'crm_delivered', deliveryId, attempts: delivery.attempts }, 'registration delivered to the CRM');
    return 'delivered';
  } catch (error) {
    const failure = error instanceof ProviderCallError ? error : new ProviderCallError(error instanceof Error ? error.message : String(error), null);
    const reason = crmReasonOf(failure);
    if (!failure.isRetryable || delivery.attempts >= CRM_MAX_ATTEMPTS) {
      await settle({ status: 'failed', lastStatusCode: failure.status, lastError: reason });
      log.warn({ event: 'crm_failed', deliveryId, status: failure.status, reason }, 'CRM delivery failed; an admin may send it again');
      return 'failed';
    }
    await settle({ status: 'retrying', lastStatusCode: failure.status, lastError: reason });
    log.warn({ event: 'crm_retrying', deliveryId, status: failure.status, attempts: delivery.attempts, reason }, 'CRM delivery will be retried');
    throw failure;
  }
}

/**
 * Queues again what lost its job: deliveries pending longer than five
 * minutes, and ones claimed by a server that never finished (every ten
 * minutes, and with `waitingMs: 0` when a server starts). Answers how many.
 */
export async function sweepCrmDeliveries(now = new Date(), waitingMs = SWEEP_AFTER_MS): Promise<number> {
  const db = await getDb();
  const waiting = await db
    .select({ id: crmDeliveries.id })
    .from(crmDeliveries)
    .where(
      or(
        and(eq(crmDeliveries.status, 'pending'), lt(crmDeliveries.createdAt, new Date(now.getTime() - waitingMs))),
        and(eq(crmDeliveries.status, 'sending'), lt(crmDeliveries.claimedAt, new Date(now.getTime() - STALE_CLAIM_MS))),
      ),
    )
    .limit(10_000);
  if (waiting.length > 0) await sendCrmDeliveries(waiting.map((row) => row.id));
  return waiting.length;
}

const deliveryColumns = {
  id: crmDeliveries.id,
  registrationId: crmDeliveries.registrationId,
  status: crmDeliveries.status,
  attempts: crmDeliveries.attempts,
  lastStatusCode: crmDeliveries.lastStatusCode,
  lastError: crmDeliveries.lastError,
  deliveredAt: crmDeliveries.deliveredAt,
  createdAt: crmDeliveries.createdAt,
  email: users.email,
  offerTitle: offers.title,
};

function deliveryOf(row: { [K in keyof typeof deliveryColumns]: unknown }): CrmDelivery {
  return {
    id: row.id as number,
    registrationId: row.registrationId as number,
    status: row.status as CrmDeliveryStatus,
    attempts: row.attempts as number,
    lastStatusCode: (row.lastStatusCode as number | null) ?? null,
    lastError: (row.lastError as string | null) ?? null,
    deliveredAt: (row.deliveredAt as Date | null)?.toISOString() ?? null,
    createdAt: (row.createdAt as Date).toISOString(),
    email: row.email as string,
    offerTitle: row.offerTitle as string,
  };
}

/** CRM deliveries, newest first, optionally of one state or address; platform admins. */
export async function listCrmDeliveries(caller: Caller, query: { page: number; status?: CrmDeliveryStatus; search?: string }, requestUrl: string): Promise<Page<CrmDelivery>> {
  requireManageRegistrations(caller);
  const db = await getDb();
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(crmDeliveries.status, query.status));
  if (query.search) conditions.push(ilike(users.email, containsPattern(query.search)));
  const where = and(...conditions);
  const base = () => db.select(deliveryColumns).from(crmDeliveries).innerJoin(registrations, eq(registrations.id, crmDeliveries.registrationId)).innerJoin(users, eq(users.id, registrations.userId)).innerJoin(offers, eq(offers.id, registrations.offerId));
  const { offset, limit } = pageWindow(query.page);
  const rows = await base().where(where).orderBy(desc(crmDeliveries.createdAt), desc(crmDeliveries.id)).limit(limit).offset(offset);
  const [total] = await db.select({ value: count() }).from(crmDeliveries).innerJoin(registrations, eq(registrations.id, crmDeliveries.registrationId)).innerJoin(users, eq(users.id, registrations.userId)).where(where);
  return toPage(rows.map(deliveryOf), total?.value ?? 0, query.page, requestUrl);
}

/** Sends a failed or skipped delivery again (its attempts start over); platform admins. 409-free: a delivered one is left as it is. */
export async function retryCrmDelivery(caller: Caller, deliveryId: number): Promise<CrmDelivery> {
  requireManageRegistrations(caller);
  const db = await getDb();
  const [found] = await db.select({ id: crmDeliveries.id, status: crmDeliveries.status }).from(crmDeliveries).where(eq(crmDeliveries.id, deliveryId));
  if (!found) throw new AppError('not_found');
  if (found.status === 'failed' || found.status === 'skipped') {
    await db.update(crmDeliveries).set({ status: 'pending', attempts: 0, lastError: null, lastStatusCode: null, updatedAt: new Date() }).where(eq(crmDeliveries.id, deliveryId));
    await sendCrmDeliveries([deliveryId]);
  }
  const [row] = await db
    .select(deliveryColumns)
    .from(crmDeliveries)
    .innerJoin(registrations, eq(registrations.id, crmDeliveries.registrationId))
    .innerJoin(users, eq(users.id, registrations.userId))
    .innerJoin(offers, eq(offers.id, registrations.offerId))
    .where(eq(crmDeliveries.id, deliveryId));
  return deliveryOf(row!);
}
