/** What a provider says about a payment, in our words: the one shape every adapter answers with. */

/** The provider's verdict: still waiting, money taken, refused, cancelled before settling, given back, or failed. */
export type ReportedStatus = 'pending' | 'approved' | 'declined' | 'voided' | 'refunded' | 'error';

export interface ReportedState {
  status: ReportedStatus;
  /** The provider's own word for it (APPROVED, COMPLETED, DENIED…), for the audit trail. */
  providerStatus: string;
  /** Our reference, when the provider echoes it. */
  reference?: string | null;
  /** The provider's transaction (Wompi's transaction, PayPal's capture). */
  transactionId?: string | null;
  /** PayPal's order. */
  orderId?: string | null;
  /** What the provider charged, in minor units. */
  amountCents?: number | null;
  currency?: string | null;
  /** CARD, PSE, NEQUI, PAYPAL… */
  paymentMethod?: string | null;
}

/** A checkout the buyer is sent to. */
export interface CheckoutStart {
  redirectUrl: string;
  /** PayPal's order id, known as soon as the order exists. */
  orderId?: string;
}

/** What an adapter needs to start a checkout: the payment as the server priced it, and where the buyer comes back. */
export interface Charge {
  reference: string;
  amountCents: number;
  currency: 'COP' | 'USD';
  description: string;
  buyerEmail: string;
  buyerName: string;
  /** Our return page (the provider adds its own parameters). */
  returnUrl: string;
  cancelUrl: string;
}

/** Minor units of a decimal amount as providers write it ("150000.00" → 15000000); NaN for anything else. */
export function centsOf(value: string | number): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(value).trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A decimal amount as PayPal writes it (15000000 → "150000.00"). */
export const decimalOf = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
