/**
 * The built-in test provider's checkout page (`/payments/sandbox/{reference}`):
 * the buyer of a pending sandbox payment approves or declines it; the choice
 * is kept on the sandbox's side (providers/sandbox.ts) and read back like any
 * provider's, on the return page and by the reconciliation job.
 */
import { eq } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { Payment } from '~/lib/shared/schemas/payments';
import { requirePayForRegistrationOf, type Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { payments } from '~/lib/server/db/schema';
import { isSandboxEnabled, recordSandboxTransaction } from './providers/sandbox';
import { findPaymentRow, paymentOf } from './payment-views';

/** A sandbox payment of the caller's, by reference; 404 when the sandbox is off or it is not theirs. */
export async function getSandboxCheckout(caller: Caller, reference: string): Promise<Payment> {
  if (!isSandboxEnabled()) throw new AppError('not_found');
  const db = await getDb();
  const [row] = await db.select({ id: payments.id, provider: payments.provider, userId: payments.userId }).from(payments).where(eq(payments.reference, reference.slice(0, 80)));
  if (!row || row.provider !== 'sandbox') throw new AppError('not_found');
  requirePayForRegistrationOf(caller, row.userId);
  const found = await findPaymentRow(db, row.id);
  return paymentOf(found!.row, found!.code);
}

/** The buyer's choice on the sandbox page (only while the payment is pending; once settled, nothing changes). */
export async function completeSandboxCheckout(caller: Caller, reference: string, approve: boolean): Promise<Payment> {
  const payment = await getSandboxCheckout(caller, reference);
  if (payment.status !== 'pending') return payment;
  await recordSandboxTransaction(await getDb(), { reference: payment.reference, amountCents: payment.amount, currency: payment.currency, approve });
  return payment;
}
