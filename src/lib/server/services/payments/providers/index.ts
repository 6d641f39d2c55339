/**
 * The payment providers behind one face: which ones are configured, starting
 * a checkout, and asking a provider where a payment stands (the
 * reconciliation job, the buyer's return, an admin's "check now").
 */
import type { CheckoutProvider } from '~/lib/shared/schemas/payments';
import type { DbOrTx } from '~/lib/server/db/client';
import { capturePaypalOrder, fetchPaypalOrder, isPaypalConfigured, startPaypalCheckout, stateOfPaypalOrder } from './paypal';
import type { Charge, CheckoutStart, ReportedState } from './reported-state';
import { isSandboxEnabled, lookupSandboxTransaction, startSandboxCheckout } from './sandbox';
import { fetchWompiTransaction, findWompiTransactionsByReference, isWompiConfigured, startWompiCheckout, stateOfWompiTransaction } from './wompi';

/** The providers a buyer may choose now, in the order the payment page offers them. */
export function listCheckoutProviders(): CheckoutProvider[] {
  return [...(isWompiConfigured() ? (['wompi'] as const) : []), ...(isPaypalConfigured() ? (['paypal'] as const) : []), ...(isSandboxEnabled() ? (['sandbox'] as const) : [])];
}

export const isCheckoutProviderEnabled = (provider: CheckoutProvider): boolean => listCheckoutProviders().includes(provider);

/** Starts the provider's checkout for a charge; answers where the buyer goes. */
export async function startCheckout(provider: CheckoutProvider, charge: Charge): Promise<CheckoutStart> {
  switch (provider) {
    case 'wompi':
      return startWompiCheckout(charge);
    case 'paypal':
      return startPaypalCheckout(charge);
    case 'sandbox':
      return startSandboxCheckout(charge);
  }
}

/** Whether a provider's payments can be looked up (the sandbox when enabled, Wompi and PayPal when configured). */
function canLookUp(provider: string): boolean {
  return (provider === 'sandbox' && isSandboxEnabled()) || (provider === 'wompi' && isWompiConfigured()) || (provider === 'paypal' && isPaypalConfigured());
}

/** What the provider knows of a payment, by the ids we hold; null when it knows nothing yet (the buyer never paid), or it is no longer configured. */
export async function lookupAtProvider(db: DbOrTx, payment: { provider: string; reference: string; providerOrderId: string | null; providerTransactionId: string | null }): Promise<ReportedState | null> {
  if (!canLookUp(payment.provider)) return null;
  switch (payment.provider) {
    case 'sandbox':
      return lookupSandboxTransaction(db, payment.reference);
    case 'wompi': {
      const known = payment.providerTransactionId ? await fetchWompiTransaction(payment.providerTransactionId) : null;
      if (known && (known.status === 'APPROVED' || known.status === 'PENDING')) return stateOfWompiTransaction(known);
      // The buyer may have paid without coming back, or again after a declined try at the same checkout:
      // Wompi finds every transaction of our reference, and an approved one wins.
      const found = await findWompiTransactionsByReference(payment.reference);
      const chosen = found.find((transaction) => transaction.status === 'APPROVED') ?? known ?? found[0];
      return chosen ? stateOfWompiTransaction(chosen) : null;
    }
    case 'paypal': {
      if (!payment.providerOrderId) return null;
      const order = await fetchPaypalOrder(payment.providerOrderId);
      if (!order) return null;
      // Approved and never captured (the buyer closed the tab on the way back): capture it now.
      if (order.status === 'APPROVED') return capturePaypalOrder(order.id, payment.reference);
      return stateOfPaypalOrder(order);
    }
    default:
      return null;
  }
}
