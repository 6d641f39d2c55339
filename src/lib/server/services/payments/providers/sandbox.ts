/**
 * The built-in test provider (PAYMENTS_SANDBOX): a page of our own where the
 * buyer approves or declines (`/payments/sandbox/{reference}`), and a table
 * standing for the provider's side, looked up like a real provider's. It
 * needs no credentials and no network, so the whole flow works on a laptop;
 * it is never offered in production unless asked for.
 */
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { isPaymentSandboxEnabled, publicUrlOf } from '~/lib/server/config';
import type { DbOrTx } from '~/lib/server/db/client';
import { sandboxTransactions } from '~/lib/server/db/schema';
import type { Charge, CheckoutStart, ReportedState } from './reported-state';

export const isSandboxEnabled = (): boolean => isPaymentSandboxEnabled();

/** The sandbox's checkout is a page of ours. */
export function startSandboxCheckout(charge: Charge): CheckoutStart {
  return { redirectUrl: `${publicUrlOf()}/payments/sandbox/${encodeURIComponent(charge.reference)}` };
}

/** The buyer's choice on the sandbox page, kept as the provider would keep it. */
export async function recordSandboxTransaction(db: DbOrTx, input: { reference: string; amountCents: number; currency: string; approve: boolean }): Promise<string> {
  const id = `sbx_${randomUUID()}`;
  await db.insert(sandboxTransactions).values({ id, reference: input.reference, amountCents: input.amountCents, currency: input.currency, status: input.approve ? 'APPROVED' : 'DECLINED' });
  return id;
}

/** The newest sandbox transaction of a reference, in our words; null when the buyer has not chosen yet. */
export async function lookupSandboxTransaction(db: DbOrTx, reference: string): Promise<ReportedState | null> {
  const [row] = await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.reference, reference)).orderBy(desc(sandboxTransactions.createdAt)).limit(1);
  if (!row) return null;
  return {
    status: row.status === 'APPROVED' ? 'approved' : 'declined',
    providerStatus: row.status,
    reference: row.reference,
    transactionId: row.id,
    amountCents: row.amountCents,
    currency: row.currency,
    paymentMethod: 'SANDBOX',
  };
}
