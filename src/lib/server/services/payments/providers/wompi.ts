/**
 * Wompi (Colombia: cards, PSE, Nequi), as its public documentation describes
 * it (../shared/INTEGRATIONS.md): the Web Checkout redirect with an integrity
 * signature computed here (the browser never sees a secret), transaction
 * lookups, and event notifications checked against their SHA-256 checksum in
 * constant time. Amounts are COP cents.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { wompiSettingsOf, type WompiSettings } from '~/lib/server/config';
import { callProvider } from '~/lib/server/http/provider-http';
import type { Charge, CheckoutStart, ReportedState, ReportedStatus } from './reported-state';

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** The settings, or an error naming what is missing (callers check isWompiConfigured first). */
export function requireWompiSettings(): WompiSettings {
  const settings = wompiSettingsOf();
  if (!settings) throw new Error('Wompi is not configured (WOMPI_PUBLIC_KEY, WOMPI_PRIVATE_KEY, WOMPI_EVENTS_SECRET, WOMPI_INTEGRITY_SECRET)');
  return settings;
}

export const isWompiConfigured = (): boolean => wompiSettingsOf() !== null;

/** The integrity signature: SHA-256 hex of reference + amount in cents + currency (+ expiration time) + integrity secret. */
export function integritySignatureOf(reference: string, amountCents: number, currency: string, integritySecret: string, expirationTime?: string): string {
  return sha256Hex(`${reference}${amountCents}${currency}${expirationTime ?? ''}${integritySecret}`);
}

/** The Web Checkout address the buyer is sent to, with the server-side integrity signature. */
export function startWompiCheckout(charge: Charge): CheckoutStart {
  const settings = requireWompiSettings();
  const url = new URL(settings.checkoutUrl);
  url.searchParams.set('public-key', settings.publicKey);
  url.searchParams.set('currency', charge.currency);
  url.searchParams.set('amount-in-cents', String(charge.amountCents));
  url.searchParams.set('reference', charge.reference);
  url.searchParams.set('signature:integrity', integritySignatureOf(charge.reference, charge.amountCents, charge.currency, settings.integritySecret));
  url.searchParams.set('redirect-url', charge.returnUrl);
  url.searchParams.set('customer-data:email', charge.buyerEmail);
  url.searchParams.set('customer-data:full-name', charge.buyerName);
  return { redirectUrl: url.toString() };
}

/** A transaction as Wompi's API and events carry it (the fields we read). */
export interface WompiTransaction {
  id: string;
  status: string;
  reference: string;
  amount_in_cents: number;
  currency: string;
  payment_method_type?: string | null;
  created_at?: string | null;
  finalized_at?: string | null;
}

const STATUS_OF: Record<string, ReportedStatus> = { PENDING: 'pending', APPROVED: 'approved', DECLINED: 'declined', VOIDED: 'voided', ERROR: 'error' };

/** A Wompi transaction in our words. */
export function stateOfWompiTransaction(transaction: WompiTransaction): ReportedState {
  return {
    status: STATUS_OF[transaction.status] ?? 'pending',
    providerStatus: String(transaction.status),
    reference: transaction.reference,
    transactionId: String(transaction.id),
    amountCents: Number(transaction.amount_in_cents),
    currency: transaction.currency,
    paymentMethod: transaction.payment_method_type ?? null,
  };
}

/** Looks a transaction up by its id (GET /v1/transactions/{id}); null when Wompi does not know it. */
export async function fetchWompiTransaction(id: string): Promise<WompiTransaction | null> {
  const settings = requireWompiSettings();
  const { status, body } = await callProvider<{ data?: WompiTransaction }>(`${settings.apiUrl}/transactions/${encodeURIComponent(id)}`, { accept: [404] });
  return status === 404 ? null : (body?.data ?? null);
}

/** The transactions of one of our references, newest first (GET /v1/transactions?reference=, with the private key). */
export async function findWompiTransactionsByReference(reference: string): Promise<WompiTransaction[]> {
  const settings = requireWompiSettings();
  const url = `${settings.apiUrl}/transactions?reference=${encodeURIComponent(reference)}`;
  const { body } = await callProvider<{ data?: WompiTransaction[] }>(url, { headers: { Authorization: `Bearer ${settings.privateKey}` } });
  return [...(body?.data ?? [])].sort((a, b) => String(b.created_at ?? '').localeCompare(String(a.created_at ?? '')));
}

/** An event notification as Wompi posts it. */
export interface WompiEvent {
  event: string;
  data: { transaction: WompiTransaction };
  environment?: string;
  signature: { properties: string[]; checksum: string };
  timestamp: number | string;
  sent_at?: string;
}

/** Whether a body looks like a Wompi event (before its checksum is checked). */
export function isWompiEvent(body: unknown): body is WompiEvent {
  const event = body as Partial<WompiEvent> | null;
  return Boolean(
    event &&
      typeof event === 'object' &&
      typeof event.event === 'string' &&
      event.data &&
      typeof event.data === 'object' &&
      event.signature &&
      Array.isArray(event.signature.properties) &&
      typeof event.signature.checksum === 'string' &&
      (typeof event.timestamp === 'number' || typeof event.timestamp === 'string'),
  );
}

/** The value at a dotted path inside `data` (`transaction.amount_in_cents`). */
function valueAt(data: unknown, path: string): string {
  let current: unknown = data;
  for (const part of path.split('.')) current = current && typeof current === 'object' ? (current as Record<string, unknown>)[part] : undefined;
  return current === undefined || current === null ? '' : String(current);
}

/** Equal hex strings, case-insensitively and in constant time. */
function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a.toLowerCase());
  const right = Buffer.from(b.toLowerCase());
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Whether an event is Wompi's: SHA-256 of the values its `signature.properties`
 * name (read inside `data`, in that order) + timestamp + events secret equals
 * its checksum, and the X-Event-Checksum header when one came.
 */
export function isWompiEventAuthentic(event: WompiEvent, headerChecksum: string | null): boolean {
  const { eventsSecret } = requireWompiSettings();
  if (event.signature.properties.length === 0 || event.signature.properties.length > 20) return false;
  const expected = sha256Hex(`${event.signature.properties.map((path) => valueAt(event.data, path)).join('')}${event.timestamp}${eventsSecret}`);
  if (!sameHex(expected, event.signature.checksum)) return false;
  return headerChecksum === null || sameHex(expected, headerChecksum);
}
