/**
 * PayPal Orders v2, as its public documentation describes it
 * (../shared/INTEGRATIONS.md): an OAuth token (client credentials, kept
 * until it expires), orders created and captured with `PayPal-Request-Id`
 * (so a repeated call answers the first one's result, never a second
 * charge), order lookups, and webhooks verified by PayPal's own
 * verify-webhook-signature call. PayPal does not take Colombian pesos: an
 * offer's PayPal price is in US dollars.
 */
import { paypalSettingsOf, type PaypalSettings } from '~/lib/server/config';
import { callProvider, ProviderCallError } from '~/lib/server/http/provider-http';
import { centsOf, decimalOf, type Charge, type CheckoutStart, type ReportedState, type ReportedStatus } from './reported-state';

/** PayPal keeps a request id about 6 hours and takes up to 108 characters. */
const REQUEST_ID_MAX = 108;
/** A token is renewed this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

export const isPaypalConfigured = (): boolean => paypalSettingsOf() !== null;

function requirePaypalSettings(): PaypalSettings {
  const settings = paypalSettingsOf();
  if (!settings) throw new Error('PayPal is not configured (PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID)');
  return settings;
}

// A copy of PayPal's credential per server (not our data: each server may hold its own token).
let token: { key: string; value: string; expiresAt: number } | null = null;

async function accessTokenOf(settings: PaypalSettings): Promise<string> {
  const key = `${settings.apiUrl} ${settings.clientId}`;
  if (token && token.key === key && token.expiresAt > Date.now() + TOKEN_MARGIN_MS) return token.value;
  const { body } = await callProvider<{ access_token?: string; expires_in?: number }>(`${settings.apiUrl}/v1/oauth2/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  if (!body?.access_token) throw new ProviderCallError('PayPal gave no access token', 502, body);
  token = { key, value: body.access_token, expiresAt: Date.now() + Number(body.expires_in ?? 300) * 1000 };
  return token.value;
}

/** An authenticated JSON call to PayPal's API. */
async function callPaypal<T>(path: string, init: RequestInit & { accept?: number[]; requestId?: string } = {}) {
  const settings = requirePaypalSettings();
  const { requestId, headers, ...rest } = init;
  return callProvider<T>(`${settings.apiUrl}${path}`, {
    ...rest,
    headers: {
      Authorization: `Bearer ${await accessTokenOf(settings)}`,
      'Content-Type': 'application/json',
      ...(requestId && { 'PayPal-Request-Id': requestId.slice(0, REQUEST_ID_MAX) }),
      ...headers,
    },
  });
}

interface PaypalLink {
  href: string;
  rel: string;
}

interface PaypalCapture {
  id: string;
  status: string;
  amount?: { currency_code: string; value: string };
  custom_id?: string;
  invoice_id?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
  links?: PaypalLink[];
}

/** An order as PayPal's API and webhooks carry it (the fields we read). */
export interface PaypalOrder {
  id: string;
  status: string;
  links?: PaypalLink[];
  purchase_units?: { reference_id?: string; custom_id?: string; amount?: { currency_code: string; value: string }; payments?: { captures?: PaypalCapture[] } }[];
}

/** Creates the order (intent CAPTURE, the server's amount) and answers where the buyer approves it. */
export async function startPaypalCheckout(charge: Charge): Promise<CheckoutStart> {
  const { body } = await callPaypal<PaypalOrder>('/v2/checkout/orders', {
    method: 'POST',
    requestId: `${charge.reference}-create`,
    body: JSON.stringify({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: charge.reference,
          custom_id: charge.reference,
          invoice_id: charge.reference,
          description: charge.description.slice(0, 127),
          amount: { currency_code: charge.currency, value: decimalOf(charge.amountCents) },
        },
      ],
      payment_source: { paypal: { experience_context: { return_url: charge.returnUrl, cancel_url: charge.cancelUrl, user_action: 'PAY_NOW', shipping_preference: 'NO_SHIPPING' } } },
    }),
  });
  const approve = body.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
  if (!body.id || !approve) throw new ProviderCallError('PayPal created no order to approve', 502, body);
  return { redirectUrl: approve.href, orderId: body.id };
}

const CAPTURE_STATUS_OF: Record<string, ReportedStatus> = {
  COMPLETED: 'approved',
  PENDING: 'pending',
  DECLINED: 'declined',
  FAILED: 'declined',
  REFUNDED: 'refunded',
  PARTIALLY_REFUNDED: 'refunded',
};

/** A capture in our words (its order id, when known, from the order or the capture itself). */
export function stateOfPaypalCapture(capture: PaypalCapture, orderId: string | null = null): ReportedState {
  return {
    status: CAPTURE_STATUS_OF[capture.status] ?? 'pending',
    providerStatus: `CAPTURE_${capture.status}`,
    reference: capture.custom_id ?? capture.invoice_id ?? null,
    transactionId: capture.id,
    orderId: orderId ?? capture.supplementary_data?.related_ids?.order_id ?? null,
    amountCents: capture.amount ? centsOf(capture.amount.value) : null,
    currency: capture.amount?.currency_code ?? null,
    paymentMethod: 'PAYPAL',
  };
}

/** An order in our words: its capture's state once captured; otherwise still pending (or voided). */
export function stateOfPaypalOrder(order: PaypalOrder): ReportedState {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  if (capture) return stateOfPaypalCapture(capture, order.id);
  return { status: order.status === 'VOIDED' ? 'voided' : 'pending', providerStatus: `ORDER_${order.status}`, reference: unit?.custom_id ?? unit?.reference_id ?? null, orderId: order.id };
}

/** Looks an order up (GET /v2/checkout/orders/{id}); null when PayPal does not know it. */
export async function fetchPaypalOrder(orderId: string): Promise<PaypalOrder | null> {
  const { status, body } = await callPaypal<PaypalOrder>(`/v2/checkout/orders/${encodeURIComponent(orderId)}`, { accept: [404] });
  return status === 404 ? null : body;
}

/**
 * Captures an approved order. The same request id makes a repeated capture
 * answer the first one's result; an order captured under another id (422
 * ORDER_ALREADY_CAPTURED) is looked up instead, and one not approved yet
 * (422 ORDER_NOT_APPROVED) stays pending.
 */
export async function capturePaypalOrder(orderId: string, reference: string): Promise<ReportedState> {
  const { status, body } = await callPaypal<PaypalOrder & { details?: { issue?: string }[] }>(`/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
    method: 'POST',
    requestId: `${reference}-capture`,
    accept: [422],
  });
  if (status !== 422) return stateOfPaypalOrder(body);
  const issue = body.details?.[0]?.issue ?? '';
  if (issue === 'ORDER_NOT_APPROVED') return { status: 'pending', providerStatus: 'ORDER_NOT_APPROVED', orderId };
  const order = await fetchPaypalOrder(orderId);
  if (!order) throw new ProviderCallError(`PayPal refused the capture (${issue}) and does not know the order`, 422, body);
  return stateOfPaypalOrder(order);
}

/** A webhook event as PayPal posts it (the fields we read). */
export interface PaypalEvent {
  id: string;
  event_type: string;
  resource_type?: string;
  resource: Record<string, unknown>;
}

export function isPaypalEvent(body: unknown): body is PaypalEvent {
  const event = body as Partial<PaypalEvent> | null;
  return Boolean(event && typeof event === 'object' && typeof event.id === 'string' && typeof event.event_type === 'string' && event.resource && typeof event.resource === 'object');
}

/** The transmission headers PayPal signs a webhook with; null when any is missing. */
export function paypalTransmissionOf(headers: Headers): Record<string, string> | null {
  const names = { auth_algo: 'paypal-auth-algo', cert_url: 'paypal-cert-url', transmission_id: 'paypal-transmission-id', transmission_sig: 'paypal-transmission-sig', transmission_time: 'paypal-transmission-time' };
  const values = Object.fromEntries(Object.entries(names).map(([field, header]) => [field, headers.get(header)]));
  return Object.values(values).every((value) => typeof value === 'string' && value.length > 0 && value.length < 2000) ? (values as Record<string, string>) : null;
}

/** Whether PayPal vouches for a webhook (POST /v1/notifications/verify-webhook-signature answers SUCCESS). */
export async function isPaypalEventAuthentic(transmission: Record<string, string>, event: PaypalEvent): Promise<boolean> {
  const { webhookId } = requirePaypalSettings();
  const { body } = await callPaypal<{ verification_status?: string }>('/v1/notifications/verify-webhook-signature', {
    method: 'POST',
    body: JSON.stringify({ ...transmission, webhook_id: webhookId, webhook_event: event }),
  });
  return body?.verification_status === 'SUCCESS';
}

/** The capture id a refund's `up` link points at (…/v2/payments/captures/{id}). */
function capturedIdOfRefund(resource: Record<string, unknown>): string | null {
  const links = (resource.links as PaypalLink[] | undefined) ?? [];
  const up = links.find((link) => link.rel === 'up' && /\/captures\/[^/]+$/.test(link.href));
  return up ? up.href.split('/').pop()! : null;
}

/**
 * What a webhook tells: an approved order (to capture), a capture's new
 * state, or a refund or reversal of a capture; null for events we do not act on.
 */
export function reportOfPaypalEvent(event: PaypalEvent): { kind: 'order_approved'; orderId: string; reference: string | null } | { kind: 'state'; state: ReportedState } | null {
  const resource = event.resource;
  switch (event.event_type) {
    case 'CHECKOUT.ORDER.APPROVED': {
      const order = resource as unknown as PaypalOrder;
      const unit = order.purchase_units?.[0];
      return typeof order.id === 'string' ? { kind: 'order_approved', orderId: order.id, reference: unit?.custom_id ?? unit?.reference_id ?? null } : null;
    }
    case 'PAYMENT.CAPTURE.COMPLETED':
    case 'PAYMENT.CAPTURE.PENDING':
    case 'PAYMENT.CAPTURE.DENIED':
      return typeof resource.id === 'string' ? { kind: 'state', state: stateOfPaypalCapture(resource as unknown as PaypalCapture) } : null;
    case 'PAYMENT.CAPTURE.REFUNDED':
    case 'PAYMENT.CAPTURE.REVERSED': {
      const refund = resource as unknown as PaypalCapture;
      const status: ReportedStatus = event.event_type === 'PAYMENT.CAPTURE.REFUNDED' ? 'refunded' : 'voided';
      return {
        kind: 'state',
        state: { status, providerStatus: event.event_type, reference: refund.custom_id ?? refund.invoice_id ?? null, transactionId: capturedIdOfRefund(resource) ?? null, paymentMethod: 'PAYPAL' },
      };
    }
    default:
      return null;
  }
}
