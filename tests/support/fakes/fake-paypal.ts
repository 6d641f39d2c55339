/**
 * A fake of PayPal's REST API on 127.0.0.1, as its public documentation
 * describes it (../shared/INTEGRATIONS.md): the OAuth token (HTTP Basic with
 * the client id and secret), Orders v2 (create, look up, capture) with
 * `PayPal-Request-Id` idempotency (a repeat answers the latest state of the
 * first call; an order captured under another id is 422
 * ORDER_ALREADY_CAPTURED; one not approved, 422 ORDER_NOT_APPROVED), the
 * buyer's approval page (`/checkoutnow?token=`), webhooks posted with the
 * PAYPAL-* transmission headers, and verify-webhook-signature, which says
 * SUCCESS only for the exact event it sent with that transmission, for the
 * configured webhook id.
 *
 * Tests steer it with plain functions (failures per route, a capture of
 * another amount, webhooks sent, repeated, out of order or forged); the
 * end-to-end launcher exposes the same controls under `/__control/`.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { PAYPAL_TEST_KEYS } from './test-keys';
import {
  escapeHtml,
  formOf,
  HANG,
  html,
  json,
  jsonOf,
  page,
  postJson,
  redirect,
  ScriptedFailures,
  startFakeServer,
  type FailureMode,
  type FakeAnswer,
  type FakeRequest,
  type LoggedRequest,
} from './fake-server';

/** The routes failures can be scripted for. */
export type PaypalRoute = 'token' | 'create' | 'get' | 'capture' | 'verify' | 'checkout';

interface Money {
  currency_code: string;
  value: string;
}

interface Link {
  href: string;
  rel: string;
  method: string;
}

export interface FakePaypalCapture {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'REFUNDED';
  amount: Money;
  final_capture: boolean;
  seller_protection: { status: string };
  custom_id?: string;
  invoice_id?: string;
  create_time: string;
  update_time: string;
  links: Link[];
}

interface PurchaseUnit {
  reference_id: string;
  custom_id?: string;
  invoice_id?: string;
  description?: string;
  amount: Money;
  payments?: { captures: FakePaypalCapture[] };
}

export interface FakePaypalOrder {
  id: string;
  intent: string;
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  purchase_units: PurchaseUnit[];
  payment_source?: { paypal: Record<string, unknown> };
  payer?: Record<string, unknown>;
  create_time: string;
  update_time: string;
  links: Link[];
}

/** A webhook event as PayPal posts it. */
export interface FakePaypalWebhook {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: string;
  resource_version: string;
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
  links: Link[];
}

/** A webhook the fake posted: its transmission headers and what the notification address answered (status null: no answer). */
export interface SentPaypalWebhook {
  event: FakePaypalWebhook;
  headers: Record<string, string>;
  status: number | null;
  answer: unknown;
  error?: string;
}

/** When the CHECKOUT.ORDER.APPROVED webhook of an approval on the page is posted (never, by default). */
export type PaypalApprovalWebhook = 'none' | 'before-redirect' | 'after-redirect';

export interface FakePaypalOptions {
  /** 0 (default): any free port. */
  port?: number;
  /** Where webhooks go (Senda's /api/payments/notification/); null: they are only recorded. */
  notificationUrl?: string | null;
  keys?: { clientId: string; clientSecret: string; webhookId: string };
  approvalWebhook?: PaypalApprovalWebhook;
}

export interface FakePaypal {
  /** Senda's PAYPAL_API_URL (`http://127.0.0.1:<port>`). */
  url: string;
  orders: Map<string, FakePaypalOrder>;
  /** Every request to PayPal's routes, in order (headers included: PayPal-Request-Id…). */
  requests: LoggedRequest[];
  sentWebhooks: SentPaypalWebhook[];
  /** Every verify-webhook-signature call and its answer. */
  verifications: { body: unknown; verificationStatus: string | null }[];
  failNext(count: number, mode: FailureMode, route?: PaypalRoute): void;
  failUntilTold(mode: FailureMode, route?: PaypalRoute): void;
  recover(route?: PaypalRoute): void;
  setNotificationUrl(url: string | null): void;
  /** The next captures (until set back to null) take this amount (`"1.00"`) or end in this status. */
  setCaptureOutcome(outcome: { amount?: string; status?: FakePaypalCapture['status'] } | null): void;
  setApprovalWebhook(timing: PaypalApprovalWebhook): void;
  /** The buyer approves the order (as on the approval page, without the browser). */
  approveOrder(orderId: string): FakePaypalOrder;
  /** Captures the order directly (as another request id would have): the next capture of Senda's is 422 ORDER_ALREADY_CAPTURED. */
  captureOrder(orderId: string): FakePaypalOrder;
  /** A webhook event with this resource (a snapshot), not sent yet. */
  webhookOf(eventType: string, resourceType: string, resource: object): FakePaypalWebhook;
  /**
   * Posts a webhook `times` times, each with a fresh transmission (as
   * PayPal's retries); `forged`: with a signature PayPal never made;
   * `withoutHeaders`: those PAYPAL-* headers left out.
   */
  sendWebhook(event: FakePaypalWebhook, options?: { times?: number; forged?: boolean; withoutHeaders?: string[] }): Promise<SentPaypalWebhook[]>;
  /** CHECKOUT.ORDER.APPROVED for the order as it is now. */
  orderApprovedWebhook(orderId: string): FakePaypalWebhook;
  /** PAYMENT.CAPTURE.COMPLETED, PENDING or DENIED for the order's capture (its status set accordingly). */
  captureWebhook(orderId: string, kind: 'COMPLETED' | 'PENDING' | 'DENIED'): FakePaypalWebhook;
  /** Refunds the order's capture and answers its PAYMENT.CAPTURE.REFUNDED (a refund whose `up` link is the capture). */
  refundWebhook(orderId: string): FakePaypalWebhook;
  /** Waits for the webhooks posted after a redirect. */
  settled(): Promise<void>;
  /** Forgets orders, logs, failures and webhooks (issued tokens stay valid); back to the options' settings. */
  reset(): void;
  close(): Promise<void>;
}

const ALPHANUMERIC = 'ABCDEFGHJKLMNPRSTUVWXY0123456789';
const paypalId = (length = 17) => Array.from(randomBytes(length), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
const nowIso = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
/** Currencies PayPal takes (a few); the Colombian peso is not one of them. */
const CURRENCIES = new Set(['USD', 'EUR', 'GBP', 'CAD', 'MXN', 'BRL', 'AUD', 'JPY']);
/** What PayPal signs webhooks with stands in for its private key here. */
const SIGNING_KEY = 'fake-paypal-webhook-signing-key';

const paypalError = (status: number, name: string, message: string, details: { field?: string; issue: string; description?: string }[] = []) =>
  json(status, { name, message, debug_id: randomBytes(6).toString('hex'), details, links: [] });
const unprocessable = (issue: string, description: string) =>
  paypalError(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', [{ issue, description }]);
const notFound = () => paypalError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist. Please check the resource ID and try again.' }]);

export async function startFakePaypal(options: FakePaypalOptions = {}): Promise<FakePaypal> {
  const keys = options.keys ?? PAYPAL_TEST_KEYS;
  const orders = new Map<string, FakePaypalOrder>();
  const returnUrls = new Map<string, { returnUrl: string | null; cancelUrl: string | null }>();
  const requests: LoggedRequest[] = [];
  const sentWebhooks: SentPaypalWebhook[] = [];
  const verifications: FakePaypal['verifications'] = [];
  const failures = new ScriptedFailures();
  const tokens = new Set<string>();
  /** `create:<request id>` → order id; `capture:<order id>:<request id>` → order id: what a repeat answers. */
  const idempotency = new Map<string, string>();
  const transmissions = new Map<string, { sig: string; time: string; certUrl: string; authAlgo: string; event: FakePaypalWebhook }>();
  let inFlight: Promise<unknown>[] = [];
  let notificationUrl = options.notificationUrl ?? null;
  let captureOutcome: { amount?: string; status?: FakePaypalCapture['status'] } | null = null;
  let approvalWebhook: PaypalApprovalWebhook = options.approvalWebhook ?? 'none';
  let base = '';

  const orderLinks = (order: FakePaypalOrder): Link[] => {
    const self = { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' };
    if (order.status === 'PAYER_ACTION_REQUIRED') return [self, { href: `${base}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }];
    if (order.status === 'CREATED') return [self, { href: `${base}/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' }, { href: `${self.href}/capture`, rel: 'capture', method: 'POST' }];
    if (order.status === 'APPROVED') return [self, { href: `${self.href}/capture`, rel: 'capture', method: 'POST' }];
    return [self];
  };
  const view = (order: FakePaypalOrder): FakePaypalOrder => structuredClone({ ...order, links: orderLinks(order) });
  const requireOrder = (orderId: string) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`fake PayPal knows no order ${orderId}`);
    return order;
  };
  const captureOf = (orderId: string) => {
    const capture = requireOrder(orderId).purchase_units[0]?.payments?.captures[0];
    if (!capture) throw new Error(`order ${orderId} has no capture`);
    return capture;
  };

  function approve(order: FakePaypalOrder): void {
    if (order.status !== 'CREATED' && order.status !== 'PAYER_ACTION_REQUIRED') return;
    order.status = 'APPROVED';
    order.update_time = nowIso();
    const payer = { email_address: 'comprador@personal.example.com', payer_id: paypalId(13), name: { given_name: 'Compradora', surname: 'Prueba' }, address: { country_code: 'CO' } };
    order.payer = payer;
    order.payment_source = { paypal: { ...(order.payment_source?.paypal ?? {}), email_address: payer.email_address, account_id: payer.payer_id, account_status: 'VERIFIED', name: payer.name } };
  }

  function capture(order: FakePaypalOrder): void {
    const unit = order.purchase_units[0]!;
    const time = nowIso();
    const id = paypalId();
    unit.payments = {
      captures: [
        {
          id,
          status: captureOutcome?.status ?? 'COMPLETED',
          amount: { currency_code: unit.amount.currency_code, value: captureOutcome?.amount ?? unit.amount.value },
          final_capture: true,
          seller_protection: { status: 'ELIGIBLE' },
          ...(unit.custom_id !== undefined && { custom_id: unit.custom_id }),
          ...(unit.invoice_id !== undefined && { invoice_id: unit.invoice_id }),
          create_time: time,
          update_time: time,
          links: [
            { href: `${base}/v2/payments/captures/${id}`, rel: 'self', method: 'GET' },
            { href: `${base}/v2/payments/captures/${id}/refund`, rel: 'refund', method: 'POST' },
            { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
          ],
        },
      ],
    };
    order.status = 'COMPLETED';
    order.update_time = time;
  }

  function webhookOf(eventType: string, resourceType: string, resource: object): FakePaypalWebhook {
    const id = `WH-${paypalId()}-${paypalId()}`;
    return {
      id,
      event_version: '1.0',
      create_time: nowIso(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary: `${eventType} (fake)`,
      resource: structuredClone(resource) as Record<string, unknown>,
      links: [{ href: `${base}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' }],
    };
  }

  async function sendWebhook(event: FakePaypalWebhook, sendOptions: { times?: number; forged?: boolean; withoutHeaders?: string[] } = {}): Promise<SentPaypalWebhook[]> {
    const sent: SentPaypalWebhook[] = [];
    for (let time = 0; time < (sendOptions.times ?? 1); time++) {
      const transmissionId = randomUUID();
      const transmissionTime = nowIso();
      const certUrl = `${base}/v1/notifications/certs/CERT-360caa42-fca2a594-${paypalId(8).toLowerCase()}`;
      const authAlgo = 'SHA256withRSA';
      const sig = createHmac('sha256', SIGNING_KEY).update(`${transmissionId}|${transmissionTime}|${keys.webhookId}|${JSON.stringify(event)}`).digest('base64');
      if (!sendOptions.forged) transmissions.set(transmissionId, { sig, time: transmissionTime, certUrl, authAlgo, event: structuredClone(event) });
      const headers: Record<string, string> = {
        'PAYPAL-AUTH-ALGO': authAlgo,
        'PAYPAL-CERT-URL': certUrl,
        'PAYPAL-TRANSMISSION-ID': transmissionId,
        'PAYPAL-TRANSMISSION-SIG': sendOptions.forged ? randomBytes(32).toString('base64') : sig,
        'PAYPAL-TRANSMISSION-TIME': transmissionTime,
      };
      for (const name of sendOptions.withoutHeaders ?? []) delete headers[name.toUpperCase()];
      const result = notificationUrl ? await postJson(notificationUrl, event, headers) : { status: null, answer: null, error: 'no notification URL' };
      const record: SentPaypalWebhook = { event, headers, ...result };
      sentWebhooks.push(record);
      sent.push(record);
    }
    return sent;
  }

  const requireToken = (request: FakeRequest): FakeAnswer | null => {
    const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
    return match && tokens.has(match[1]!) ? null : json(401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
  };

  function issueToken(request: FakeRequest): FakeAnswer {
    const expected = `Basic ${Buffer.from(`${keys.clientId}:${keys.clientSecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return json(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    if (new URLSearchParams(request.body).get('grant_type') !== 'client_credentials') return json(400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    tokens.add(token);
    return json(200, { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-80W284485P519543T', expires_in: 32400, nonce: `${nowIso()}${paypalId(10)}` });
  }

  function createOrder(request: FakeRequest): FakeAnswer {
    const requestId = request.headers['paypal-request-id'];
    const repeated = typeof requestId === 'string' ? idempotency.get(`create:${requestId}`) : undefined;
    if (repeated) return json(200, view(orders.get(repeated)!));
    const body = jsonOf(request) as { intent?: string; purchase_units?: Partial<PurchaseUnit>[]; payment_source?: { paypal?: { experience_context?: Record<string, string> } }; application_context?: Record<string, string> } | undefined;
    if (!body || typeof body !== 'object') return paypalError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [{ field: '/', issue: 'MALFORMED_REQUEST_JSON' }]);
    if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') return paypalError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [{ field: '/intent', issue: 'INVALID_PARAMETER_VALUE' }]);
    const units = body.purchase_units;
    if (!Array.isArray(units) || units.length === 0 || units.length > 10) return paypalError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [{ field: '/purchase_units', issue: 'MISSING_REQUIRED_PARAMETER' }]);
    for (const [index, unit] of units.entries()) {
      const amount = unit.amount;
      if (!amount || typeof amount.currency_code !== 'string' || typeof amount.value !== 'string') return paypalError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [{ field: `/purchase_units/${index}/amount`, issue: 'MISSING_REQUIRED_PARAMETER' }]);
      if (!CURRENCIES.has(amount.currency_code)) return unprocessable('CURRENCY_NOT_SUPPORTED', 'Currency code is invalid or is not currently supported.');
      if (!/^\d{1,10}(\.\d{1,2})?$/.test(amount.value) || Number(amount.value) <= 0) return unprocessable('DECIMAL_PRECISION', 'The value of the field should not be more than two decimal places.');
    }
    const context = body.payment_source?.paypal?.experience_context ?? body.application_context ?? {};
    const time = nowIso();
    const order: FakePaypalOrder = {
      id: paypalId(),
      intent: body.intent,
      status: body.payment_source?.paypal ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      purchase_units: units.map((unit, index) => ({
        reference_id: unit.reference_id ?? (index === 0 ? 'default' : String(index)),
        ...(unit.custom_id !== undefined && { custom_id: unit.custom_id }),
        ...(unit.invoice_id !== undefined && { invoice_id: unit.invoice_id }),
        ...(unit.description !== undefined && { description: unit.description }),
        amount: { currency_code: unit.amount!.currency_code, value: unit.amount!.value },
      })),
      ...(body.payment_source?.paypal && { payment_source: { paypal: {} } }),
      create_time: time,
      update_time: time,
      links: [],
    };
    orders.set(order.id, order);
    returnUrls.set(order.id, { returnUrl: context.return_url ?? null, cancelUrl: context.cancel_url ?? null });
    if (typeof requestId === 'string') idempotency.set(`create:${requestId}`, order.id);
    const full = view(order);
    const representation = /return=representation/.test(String(request.headers.prefer ?? ''));
    return json(201, representation ? full : { id: full.id, status: full.status, ...(full.payment_source && { payment_source: full.payment_source }), links: full.links });
  }

  function captureRoute(request: FakeRequest, orderId: string): FakeAnswer {
    const order = orders.get(orderId);
    if (!order) return notFound();
    const requestId = request.headers['paypal-request-id'];
    const key = typeof requestId === 'string' ? `capture:${orderId}:${requestId}` : null;
    if (key && idempotency.has(key)) return json(200, view(order));
    if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED', "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.");
    if (order.status !== 'APPROVED')
      return unprocessable(
        'ORDER_NOT_APPROVED',
        "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
      );
    capture(order);
    // Only an answered capture is remembered: a retry after a timeout or a 5xx is processed again.
    if (key) idempotency.set(key, orderId);
    return json(201, view(order));
  }

  function verifyRoute(request: FakeRequest): FakeAnswer {
    const body = jsonOf(request) as Record<string, unknown> | undefined;
    const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event'];
    const missing = fields.filter((field) => !body || body[field] === undefined || body[field] === null || body[field] === '');
    if (missing.length > 0) {
      verifications.push({ body: body ?? request.body, verificationStatus: null });
      return paypalError(
        400,
        'VALIDATION_ERROR',
        'Invalid request - see details',
        missing.map((field) => ({ field, issue: 'MISSING_REQUIRED_PARAMETER', description: `${field} is required` })),
      );
    }
    const sent = transmissions.get(String(body!.transmission_id));
    const matches =
      sent !== undefined &&
      body!.transmission_sig === sent.sig &&
      body!.transmission_time === sent.time &&
      body!.cert_url === sent.certUrl &&
      body!.auth_algo === sent.authAlgo &&
      body!.webhook_id === keys.webhookId &&
      isDeepStrictEqual(body!.webhook_event, sent.event);
    const verificationStatus = matches ? 'SUCCESS' : 'FAILURE';
    verifications.push({ body, verificationStatus });
    return json(200, { verification_status: verificationStatus });
  }

  function approvalPage(order: FakePaypalOrder): string {
    const unit = order.purchase_units[0]!;
    const urls = returnUrls.get(order.id);
    return page(
      'PayPal — Pago de prueba',
      `<p>${escapeHtml(unit.description ?? 'Compra')}</p>
<p>Total: <strong>${escapeHtml(`${unit.amount.value} ${unit.amount.currency_code}`)}</strong></p>
<form method="post" action="/checkoutnow">
<input type="hidden" name="token" value="${escapeHtml(order.id)}">
<button type="submit">Pagar con PayPal</button>
</form>
${urls?.cancelUrl ? `<p><a href="${escapeHtml(urls.cancelUrl)}">Cancelar y volver</a></p>` : ''}`,
    );
  }

  async function approveRoute(request: FakeRequest): Promise<FakeAnswer> {
    const orderId = new URLSearchParams(request.body).get('token') ?? '';
    const order = orders.get(orderId);
    if (!order) return html(404, page('PayPal — Pedido no encontrado', '<p role="alert">Este pedido no existe.</p>'));
    approve(order);
    if (approvalWebhook === 'before-redirect') await sendWebhook(fake.orderApprovedWebhook(orderId));
    else if (approvalWebhook === 'after-redirect') {
      const event = fake.orderApprovedWebhook(orderId);
      inFlight.push(new Promise((resolve) => setTimeout(resolve, 20)).then(() => sendWebhook(event)));
    }
    const returnUrl = returnUrls.get(orderId)?.returnUrl;
    if (!returnUrl) return html(200, page('PayPal — Pago aprobado', `<p>Pedido ${escapeHtml(orderId)} aprobado.</p>`));
    const back = new URL(returnUrl);
    back.searchParams.set('token', orderId);
    back.searchParams.set('PayerID', String(order.payer?.payer_id ?? ''));
    return redirect(back.toString());
  }

  async function serviceRoute(request: FakeRequest): Promise<FakeAnswer | typeof HANG> {
    const orderPath = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(request.path);
    let route: PaypalRoute | null = null;
    if (request.method === 'POST' && request.path === '/v1/oauth2/token') route = 'token';
    else if (request.method === 'POST' && request.path === '/v2/checkout/orders') route = 'create';
    else if (request.method === 'GET' && orderPath && !orderPath[2]) route = 'get';
    else if (request.method === 'POST' && orderPath?.[2]) route = 'capture';
    else if (request.method === 'POST' && request.path === '/v1/notifications/verify-webhook-signature') route = 'verify';
    else if (request.path === '/checkoutnow') route = 'checkout';
    if (!route) return notFound();
    const failure = failures.take(route);
    if (failure === 'hang') return HANG;
    if (typeof failure === 'number') return paypalError(failure, failure === 429 ? 'RATE_LIMIT_REACHED' : 'INTERNAL_SERVER_ERROR', 'An internal server error has occurred.');
    const answer = await answerRoute(route, request, orderPath);
    return failure === 'lost-answer' ? HANG : answer;
  }

  async function answerRoute(route: PaypalRoute, request: FakeRequest, orderPath: RegExpExecArray | null): Promise<FakeAnswer> {
    if (route === 'token') return issueToken(request);
    if (route === 'checkout') {
      if (request.method === 'POST') return approveRoute(request);
      const order = orders.get(request.query.get('token') ?? '');
      return order ? html(200, approvalPage(order)) : html(404, page('PayPal — Pedido no encontrado', '<p role="alert">Este pedido no existe.</p>'));
    }
    const unauthorized = requireToken(request);
    if (unauthorized) return unauthorized;
    if (route === 'create') return createOrder(request);
    if (route === 'verify') return verifyRoute(request);
    const orderId = decodeURIComponent(orderPath![1]!);
    if (route === 'capture') return captureRoute(request, orderId);
    const order = orders.get(orderId);
    return order ? json(200, view(order)) : notFound();
  }

  async function controlRoute(request: FakeRequest): Promise<FakeAnswer> {
    const body = (jsonOf(request) ?? {}) as Record<string, unknown>;
    const path = request.path.slice('/__control'.length);
    if (request.method === 'GET' && path === '/health') return json(200, { ok: true });
    if (request.method === 'GET' && path === '/orders') return json(200, [...orders.values()].map(view));
    if (request.method === 'GET' && path === '/webhooks') return json(200, sentWebhooks);
    if (request.method === 'GET' && path === '/requests') return json(200, requests);
    if (request.method !== 'POST') return json(404, { error: 'unknown control' });
    const byOrder = /^\/orders\/([^/]+)\/(approve|capture|webhooks)$/.exec(path);
    const route = body.route as PaypalRoute | undefined;
    const mode = (body.mode ?? 500) as FailureMode;
    if (byOrder) {
      const orderId = decodeURIComponent(byOrder[1]!);
      if (!orders.has(orderId)) return notFound();
      try {
        if (byOrder[2] === 'approve') return json(200, fake.approveOrder(orderId));
        if (byOrder[2] === 'capture') return json(200, fake.captureOrder(orderId));
        const kind = String(body.event ?? 'CHECKOUT.ORDER.APPROVED');
        const event =
          kind === 'CHECKOUT.ORDER.APPROVED'
            ? fake.orderApprovedWebhook(orderId)
            : kind === 'PAYMENT.CAPTURE.REFUNDED'
              ? fake.refundWebhook(orderId)
              : fake.captureWebhook(orderId, kind.replace('PAYMENT.CAPTURE.', '') as 'COMPLETED' | 'PENDING' | 'DENIED');
        return json(200, await fake.sendWebhook(event, { times: Number(body.times ?? 1), forged: Boolean(body.forged) }));
      } catch (error) {
        return json(409, { error: error instanceof Error ? error.message : String(error) });
      }
    }
    switch (path) {
      case '/fail':
        if (body.untilTold) fake.failUntilTold(mode, route);
        else fake.failNext(Number(body.count ?? 1), mode, route);
        return json(200, { ok: true });
      case '/recover':
        fake.recover(route);
        return json(200, { ok: true });
      case '/capture-outcome':
        fake.setCaptureOutcome(body.amount || body.status ? { amount: body.amount as string | undefined, status: body.status as FakePaypalCapture['status'] | undefined } : null);
        return json(200, { ok: true });
      case '/approval-webhook':
        fake.setApprovalWebhook(body.timing as PaypalApprovalWebhook);
        return json(200, { ok: true });
      case '/notification-url':
        fake.setNotificationUrl((body.url as string | null) ?? null);
        return json(200, { ok: true });
      case '/reset':
        fake.reset();
        return json(200, { ok: true });
      default:
        return json(404, { error: 'unknown control' });
    }
  }

  const server = await startFakeServer(options.port ?? 0, async (request) => {
    if (request.path.startsWith('/__control/')) return controlRoute(request);
    const logged: LoggedRequest = { method: request.method, path: request.path, query: request.query.toString(), headers: request.headers, body: request.body, status: null };
    requests.push(logged);
    const answer = await serviceRoute(request);
    if (answer !== HANG) logged.status = answer.status;
    return answer;
  });
  base = server.url;

  const fake: FakePaypal = {
    url: server.url,
    orders,
    requests,
    sentWebhooks,
    verifications,
    failNext: (count, mode, route) => failures.failNext(count, mode, route),
    failUntilTold: (mode, route) => failures.failUntilTold(mode, route),
    recover: (route) => failures.recover(route),
    setNotificationUrl: (url) => void (notificationUrl = url),
    setCaptureOutcome: (outcome) => void (captureOutcome = outcome),
    setApprovalWebhook: (timing) => void (approvalWebhook = timing),
    approveOrder(orderId) {
      const order = requireOrder(orderId);
      approve(order);
      return view(order);
    },
    captureOrder(orderId) {
      const order = requireOrder(orderId);
      if (order.status !== 'APPROVED') throw new Error(`order ${orderId} is ${order.status}, not APPROVED`);
      capture(order);
      return view(order);
    },
    webhookOf,
    sendWebhook,
    orderApprovedWebhook: (orderId) => webhookOf('CHECKOUT.ORDER.APPROVED', 'checkout-order', view(requireOrder(orderId))),
    captureWebhook(orderId, kind) {
      if (!['COMPLETED', 'PENDING', 'DENIED'].includes(kind)) throw new Error(`not a capture webhook: PAYMENT.CAPTURE.${kind}`);
      const capture = captureOf(orderId);
      capture.status = kind === 'DENIED' ? 'DECLINED' : kind;
      capture.update_time = nowIso();
      return webhookOf(`PAYMENT.CAPTURE.${kind}`, 'capture', { ...capture, supplementary_data: { related_ids: { order_id: orderId } } });
    },
    refundWebhook(orderId) {
      const capture = captureOf(orderId);
      capture.status = 'REFUNDED';
      capture.update_time = nowIso();
      const refundId = paypalId();
      return webhookOf('PAYMENT.CAPTURE.REFUNDED', 'refund', {
        id: refundId,
        status: 'COMPLETED',
        amount: capture.amount,
        ...(capture.custom_id !== undefined && { custom_id: capture.custom_id }),
        ...(capture.invoice_id !== undefined && { invoice_id: capture.invoice_id }),
        create_time: capture.update_time,
        update_time: capture.update_time,
        links: [
          { href: `${base}/v2/payments/refunds/${refundId}`, rel: 'self', method: 'GET' },
          { href: `${base}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
        ],
      });
    },
    async settled() {
      while (inFlight.length > 0) {
        const waiting = inFlight;
        inFlight = [];
        await Promise.all(waiting);
      }
    },
    reset() {
      orders.clear();
      returnUrls.clear();
      requests.length = 0;
      sentWebhooks.length = 0;
      verifications.length = 0;
      idempotency.clear();
      transmissions.clear();
      failures.recover();
      captureOutcome = null;
      notificationUrl = options.notificationUrl ?? null;
      approvalWebhook = options.approvalWebhook ?? 'none';
    },
    close: () => server.close(),
  };
  return fake;
}

/**
 * Approves an order on PayPal's page as the buyer's browser would: opens
 * the address Senda sent them to and presses "Pagar con PayPal". Answers
 * where the browser was sent back (with `token` and `PayerID`).
 */
export async function approveAtPaypal(approveUrl: string): Promise<{ status: number; location: string | null; page: string }> {
  const opened = await fetch(approveUrl, { redirect: 'manual' });
  const approvalPage = await opened.text();
  if (opened.status !== 200) return { status: opened.status, location: null, page: approvalPage };
  const { action, fields } = formOf(approvalPage, approveUrl);
  const approved = await fetch(action, { method: 'POST', body: fields, redirect: 'manual' });
  return { status: approved.status, location: approved.headers.get('location'), page: await approved.text() };
}
