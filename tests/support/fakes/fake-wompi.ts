/**
 * A fake of Wompi (Colombia) on 127.0.0.1, as its public documentation
 * describes it (../shared/INTEGRATIONS.md): transaction lookups by id
 * (public) and by reference (with the private key), and the Web Checkout
 * page, which refuses a wrong public key or integrity signature exactly as
 * Wompi does, takes the sandbox's test card and Nequi numbers, keeps the
 * transaction, posts the signed `transaction.updated` event to the
 * notification address and sends the browser back to `redirect-url` with
 * `?id=<transaction>&env=test`.
 *
 * Tests steer it with plain functions (failures, transactions made or
 * changed directly, events sent, repeated, held or forged); the end-to-end
 * launcher exposes the same controls under `/__control/`.
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { WOMPI_TEST_KEYS } from './test-keys';
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

export type WompiStatus = 'PENDING' | 'APPROVED' | 'DECLINED' | 'VOIDED' | 'ERROR';
const STATUSES: readonly WompiStatus[] = ['PENDING', 'APPROVED', 'DECLINED', 'VOIDED', 'ERROR'];

/** A transaction as Wompi's API and events carry it. */
export interface FakeWompiTransaction {
  id: string;
  created_at: string;
  finalized_at: string | null;
  amount_in_cents: number;
  reference: string;
  customer_email: string | null;
  currency: string;
  payment_method_type: string;
  payment_method: Record<string, unknown>;
  status: WompiStatus;
  status_message: string | null;
  redirect_url: string | null;
  shipping_address: null;
  payment_link_id: null;
  payment_source_id: null;
}

/** The event Wompi posts to the notification address. */
export interface WompiEventBody {
  event: string;
  data: { transaction: FakeWompiTransaction };
  environment: string;
  signature: { properties: string[]; checksum: string };
  timestamp: number;
  sent_at: string;
}

/** An event the fake posted, and what the notification address answered (status null: no answer). */
export interface SentWompiEvent {
  body: WompiEventBody;
  headerChecksum: string | null;
  status: number | null;
  answer: unknown;
  error?: string;
}

/** When the event of a checkout payment is posted: before the browser is sent back, just after, held until `releaseHeldEvents`, or never. */
export type WompiEventTiming = 'before-redirect' | 'after-redirect' | 'held' | 'none';

/** The routes failures can be scripted for: `transaction` (GET /v1/transactions/{id}), `search` (GET /v1/transactions?reference=), `checkout` (the Web Checkout). */
export type WompiRoute = 'transaction' | 'search' | 'checkout';

export interface FakeWompiOptions {
  /** 0 (default): any free port. */
  port?: number;
  /** Where events go (Senda's /api/payments/notification/); null: they are only recorded. */
  notificationUrl?: string | null;
  keys?: { publicKey: string; privateKey: string; eventsSecret: string; integritySecret: string };
  eventTiming?: WompiEventTiming;
}

export interface FakeWompi {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Senda's WOMPI_API_URL (`…/v1`). */
  apiUrl: string;
  /** Senda's WOMPI_CHECKOUT_URL (`…/p/`). */
  checkoutUrl: string;
  transactions: Map<string, FakeWompiTransaction>;
  /** Every request to Wompi's routes, in order. */
  requests: LoggedRequest[];
  /** Every event posted, in order. */
  sentEvents: SentWompiEvent[];
  failNext(count: number, mode: FailureMode, route?: WompiRoute): void;
  failUntilTold(mode: FailureMode, route?: WompiRoute): void;
  recover(route?: WompiRoute): void;
  setNotificationUrl(url: string | null): void;
  setEventTiming(timing: WompiEventTiming): void;
  /** A transaction made directly (as if paid elsewhere); with `notify`, its event is posted. */
  createTransaction(input: { reference: string; amountInCents: number; currency?: string; status?: WompiStatus; paymentMethodType?: string; notify?: boolean }): Promise<FakeWompiTransaction>;
  /** Changes a transaction's status (a void, a late approval) and, unless `notify` is false, posts its event. */
  setTransactionStatus(id: string, status: WompiStatus, options?: { notify?: boolean }): Promise<SentWompiEvent[]>;
  /** The signed event of a transaction as it is now (a snapshot); `badChecksum` forges its checksum. */
  eventOf(transactionOrId: FakeWompiTransaction | string, options?: { badChecksum?: boolean; timestamp?: number }): WompiEventBody;
  /** Posts an event `times` times (the same body each time, as Wompi's retries); `headerChecksum` overrides X-Event-Checksum (null: not sent). */
  sendEvent(event: WompiEventBody, options?: { times?: number; headerChecksum?: string | null }): Promise<SentWompiEvent[]>;
  /** Posts the event of a transaction as it is now. */
  notify(id: string, options?: { times?: number; badChecksum?: boolean }): Promise<SentWompiEvent[]>;
  /** Posts the events held back (event timing `held`), in order. */
  releaseHeldEvents(): Promise<SentWompiEvent[]>;
  /** Waits for the events posted after a redirect. */
  settled(): Promise<void>;
  /** Forgets transactions, logs, failures and held events; back to the options' timing and address. */
  reset(): void;
  close(): Promise<void>;
}

const EVENT_PROPERTIES = ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'];
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** Wompi's sandbox test data: card and Nequi numbers and what they end in. */
const CARD_OUTCOMES: Record<string, WompiStatus> = { '4242424242424242': 'APPROVED', '4111111111111111': 'DECLINED' };
const NEQUI_OUTCOMES: Record<string, WompiStatus> = { '3991111111': 'APPROVED', '3992222222': 'DECLINED' };

const wompiError = (status: number, type: string, reason: string) => json(status, { error: { type, reason } });

interface CheckoutSession {
  reference: string;
  amountInCents: number;
  currency: string;
  redirectUrl: string | null;
  email: string | null;
  fullName: string | null;
}

const formatAmount = (cents: number, currency: string) => new Intl.NumberFormat('es-CO', { style: 'currency', currency }).format(cents / 100);

export async function startFakeWompi(options: FakeWompiOptions = {}): Promise<FakeWompi> {
  const keys = options.keys ?? WOMPI_TEST_KEYS;
  const transactions = new Map<string, FakeWompiTransaction>();
  const sessions = new Map<string, CheckoutSession>();
  const requests: LoggedRequest[] = [];
  const sentEvents: SentWompiEvent[] = [];
  const failures = new ScriptedFailures();
  let held: WompiEventBody[] = [];
  let inFlight: Promise<unknown>[] = [];
  let notificationUrl = options.notificationUrl ?? null;
  let eventTiming: WompiEventTiming = options.eventTiming ?? 'before-redirect';
  let sequence = 0;

  function eventOf(transactionOrId: FakeWompiTransaction | string, eventOptions: { badChecksum?: boolean; timestamp?: number } = {}): WompiEventBody {
    const current = typeof transactionOrId === 'string' ? transactions.get(transactionOrId) : transactionOrId;
    if (!current) throw new Error(`fake Wompi knows no transaction ${String(transactionOrId)}`);
    const transaction = structuredClone(current);
    const timestamp = eventOptions.timestamp ?? Math.floor(Date.now() / 1000);
    const values = [transaction.id, transaction.status, transaction.amount_in_cents].join('');
    // Wompi's documentation shows the checksum in capitals; receivers compare it case-insensitively.
    const checksum = sha256Hex(`${values}${timestamp}${eventOptions.badChecksum ? 'not-the-events-secret' : keys.eventsSecret}`).toUpperCase();
    return {
      event: 'transaction.updated',
      data: { transaction },
      environment: 'test',
      signature: { properties: [...EVENT_PROPERTIES], checksum },
      timestamp,
      sent_at: new Date().toISOString(),
    };
  }

  async function sendEvent(event: WompiEventBody, sendOptions: { times?: number; headerChecksum?: string | null } = {}): Promise<SentWompiEvent[]> {
    const sent: SentWompiEvent[] = [];
    const headerChecksum = sendOptions.headerChecksum === undefined ? event.signature.checksum : sendOptions.headerChecksum;
    for (let time = 0; time < (sendOptions.times ?? 1); time++) {
      const result = notificationUrl
        ? await postJson(notificationUrl, event, headerChecksum === null ? {} : { 'X-Event-Checksum': headerChecksum })
        : { status: null, answer: null, error: 'no notification URL' };
      const record: SentWompiEvent = { body: event, headerChecksum, ...result };
      sentEvents.push(record);
      sent.push(record);
    }
    return sent;
  }

  function newTransaction(input: { reference: string; amountInCents: number; currency: string; status: WompiStatus; paymentMethodType: string; email?: string | null; redirectUrl?: string | null; extra?: Record<string, unknown> }): FakeWompiTransaction {
    sequence += 1;
    const now = new Date().toISOString();
    const transaction: FakeWompiTransaction = {
      id: `${10000 + sequence}-${Math.floor(Date.now() / 1000)}-${randomInt(10000, 99999)}`,
      created_at: now,
      finalized_at: input.status === 'PENDING' ? null : now,
      amount_in_cents: input.amountInCents,
      reference: input.reference,
      customer_email: input.email ?? null,
      currency: input.currency,
      payment_method_type: input.paymentMethodType,
      payment_method: { type: input.paymentMethodType, extra: input.extra ?? {} },
      status: input.status,
      status_message: input.status === 'DECLINED' ? 'Transacción rechazada' : null,
      redirect_url: input.redirectUrl ?? null,
      shipping_address: null,
      payment_link_id: null,
      payment_source_id: null,
    };
    transactions.set(transaction.id, transaction);
    return transaction;
  }

  /** The checkout's parameters, checked as Wompi checks them; a reason when they are refused. */
  function checkoutOf(query: URLSearchParams): CheckoutSession | string {
    const publicKey = query.get('public-key');
    const currency = query.get('currency') ?? '';
    const amountText = query.get('amount-in-cents') ?? '';
    const reference = query.get('reference') ?? '';
    const signature = query.get('signature:integrity') ?? '';
    const expirationTime = query.get('expiration-time');
    const redirectUrl = query.get('redirect-url');
    if (publicKey !== keys.publicKey) return 'La llave pública no es válida';
    if (currency !== 'COP') return 'La moneda no es válida';
    if (!/^[1-9]\d*$/.test(amountText)) return 'El monto no es válido';
    if (!reference) return 'Falta la referencia';
    const expected = sha256Hex(`${reference}${amountText}${currency}${expirationTime ?? ''}${keys.integritySecret}`);
    if (signature !== expected) return 'La firma de integridad no es válida';
    if (expirationTime && !(Date.parse(expirationTime) > Date.now())) return 'El enlace de pago expiró';
    if (redirectUrl && !/^https?:\/\//.test(redirectUrl)) return 'La URL de redirección no es válida';
    return { reference, amountInCents: Number(amountText), currency, redirectUrl, email: query.get('customer-data:email'), fullName: query.get('customer-data:full-name') };
  }

  function checkoutPage(sessionId: string, session: CheckoutSession, error?: string): string {
    return page(
      'Wompi — Pago de prueba',
      `${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<p>Referencia: <strong>${escapeHtml(session.reference)}</strong></p>
<p>Total a pagar: <strong>${escapeHtml(formatAmount(session.amountInCents, session.currency))}</strong></p>
${session.email ? `<p>Correo: ${escapeHtml(session.email)}</p>` : ''}
<form method="post" action="/p/pay">
<input type="hidden" name="session" value="${escapeHtml(sessionId)}">
<fieldset><legend>Medio de pago</legend>
<label><input type="radio" name="payment-method" value="CARD" checked> Tarjeta</label>
<label><input type="radio" name="payment-method" value="NEQUI"> Nequi</label>
</fieldset>
<p><label for="card-number">Número de tarjeta</label> <input id="card-number" name="card-number" inputmode="numeric" autocomplete="cc-number"></p>
<p><label for="nequi-phone">Celular de Nequi</label> <input id="nequi-phone" name="nequi-phone" inputmode="numeric" autocomplete="tel"></p>
<button type="submit">Pagar</button>
</form>`,
    );
  }

  async function pay(request: FakeRequest): Promise<FakeAnswer> {
    const form = new URLSearchParams(request.body);
    const sessionId = form.get('session') ?? '';
    const session = sessions.get(sessionId);
    if (!session) return html(400, page('Wompi — Pago no válido', '<p role="alert">Esta sesión de pago no existe o ya se usó.</p>'));
    const card = (form.get('card-number') ?? '').replace(/[\s-]/g, '');
    const phone = (form.get('nequi-phone') ?? '').replace(/[\s-]/g, '');
    const method = form.get('payment-method') ?? (card ? 'CARD' : 'NEQUI');
    const status = method === 'NEQUI' ? NEQUI_OUTCOMES[phone] : CARD_OUTCOMES[card];
    if (!status) return html(422, checkoutPage(sessionId, session, method === 'NEQUI' ? 'Usa un celular de Nequi de prueba.' : 'Usa una tarjeta de prueba.'));
    sessions.delete(sessionId);
    const transaction = newTransaction({
      reference: session.reference,
      amountInCents: session.amountInCents,
      currency: session.currency,
      status,
      paymentMethodType: method === 'NEQUI' ? 'NEQUI' : 'CARD',
      email: session.email,
      redirectUrl: session.redirectUrl,
      extra: method === 'NEQUI' ? { phone_number: phone } : { brand: card.startsWith('4') ? 'VISA' : 'MASTERCARD', last_four: card.slice(-4) },
    });
    const event = eventOf(transaction);
    if (eventTiming === 'before-redirect') await sendEvent(event);
    else if (eventTiming === 'after-redirect') inFlight.push(new Promise((resolve) => setTimeout(resolve, 20)).then(() => sendEvent(event)));
    else if (eventTiming === 'held') held.push(event);
    if (!session.redirectUrl) return html(200, page('Wompi — Resultado del pago', `<p>Transacción ${escapeHtml(transaction.id)}: ${escapeHtml(status)}</p>`));
    const back = new URL(session.redirectUrl);
    back.searchParams.set('id', transaction.id);
    back.searchParams.set('env', 'test');
    return redirect(back.toString());
  }

  async function serviceRoute(request: FakeRequest): Promise<FakeAnswer | typeof HANG> {
    const lookup = /^\/v1\/transactions\/([^/]+)$/.exec(request.path);
    const route: WompiRoute | null = lookup ? 'transaction' : request.path === '/v1/transactions' ? 'search' : request.path === '/p/' || request.path === '/p' || request.path === '/p/pay' ? 'checkout' : null;
    if (!route) return json(404, { error: { type: 'NOT_FOUND_ERROR', reason: 'La ruta no existe' } });
    const failure = failures.take(route);
    if (failure === 'hang') return HANG;
    if (typeof failure === 'number') return json(failure, { error: { type: 'INTERNAL_ERROR', reason: 'Falla simulada' } });
    const answer = await answerRoute(route, request, lookup);
    return failure === 'lost-answer' ? HANG : answer;
  }

  async function answerRoute(route: WompiRoute, request: FakeRequest, lookup: RegExpExecArray | null): Promise<FakeAnswer> {
    if (route === 'transaction' && request.method === 'GET') {
      const transaction = transactions.get(decodeURIComponent(lookup![1]!));
      return transaction ? json(200, { data: transaction }) : wompiError(404, 'NOT_FOUND_ERROR', 'La entidad solicitada no existe');
    }
    if (route === 'search' && request.method === 'GET') {
      const authorization = request.headers.authorization ?? '';
      if (authorization !== `Bearer ${keys.privateKey}`) return wompiError(401, 'INVALID_ACCESS_TOKEN', 'Se esperaba una llave privada válida');
      const reference = request.query.get('reference');
      if (!reference) return json(422, { error: { type: 'INPUT_VALIDATION_ERROR', messages: { reference: ['Falta la referencia'] } } });
      return json(200, { data: [...transactions.values()].filter((transaction) => transaction.reference === reference) });
    }
    if (route === 'checkout' && request.method === 'GET') {
      const session = checkoutOf(request.query);
      if (typeof session === 'string') return html(400, page('Wompi — Pago no válido', `<p role="alert">${escapeHtml(session)}</p>`));
      const sessionId = randomUUID();
      sessions.set(sessionId, session);
      return html(200, checkoutPage(sessionId, session));
    }
    if (route === 'checkout' && request.method === 'POST' && request.path === '/p/pay') return pay(request);
    return json(405, { error: { type: 'NOT_FOUND_ERROR', reason: 'Método no permitido' } });
  }

  async function controlRoute(request: FakeRequest): Promise<FakeAnswer> {
    const body = (jsonOf(request) ?? {}) as Record<string, unknown>;
    const path = request.path.slice('/__control'.length);
    const byId = /^\/transactions\/([^/]+)\/(status|events)$/.exec(path);
    if (request.method === 'GET' && path === '/health') return json(200, { ok: true });
    if (request.method === 'GET' && path === '/transactions') return json(200, [...transactions.values()]);
    if (request.method === 'GET' && path === '/events') return json(200, sentEvents);
    if (request.method === 'GET' && path === '/requests') return json(200, requests);
    if (request.method !== 'POST') return json(404, { error: 'unknown control' });
    const route = body.route as WompiRoute | undefined;
    const mode = (body.mode ?? 500) as FailureMode;
    switch (byId ? `/transactions/:id/${byId[2]}` : path) {
      case '/fail':
        if (body.untilTold) fake.failUntilTold(mode, route);
        else fake.failNext(Number(body.count ?? 1), mode, route);
        return json(200, { ok: true });
      case '/recover':
        fake.recover(route);
        return json(200, { ok: true });
      case '/event-timing':
        fake.setEventTiming(body.timing as WompiEventTiming);
        return json(200, { ok: true });
      case '/notification-url':
        fake.setNotificationUrl((body.url as string | null) ?? null);
        return json(200, { ok: true });
      case '/transactions':
        if (typeof body.reference !== 'string' || !Number.isInteger(body.amount_in_cents)) return json(400, { error: 'reference (text) and amount_in_cents (integer) are required' });
        if (body.status !== undefined && !STATUSES.includes(body.status as WompiStatus)) return json(400, { error: `status must be one of ${STATUSES.join(', ')}` });
        return json(
          201,
          await fake.createTransaction({
            reference: String(body.reference),
            amountInCents: Number(body.amount_in_cents),
            currency: body.currency as string | undefined,
            status: body.status as WompiStatus | undefined,
            paymentMethodType: body.payment_method_type as string | undefined,
            notify: Boolean(body.notify),
          }),
        );
      case '/transactions/:id/status':
        if (!transactions.has(decodeURIComponent(byId![1]!))) return json(404, { error: 'unknown transaction' });
        if (!STATUSES.includes(body.status as WompiStatus)) return json(400, { error: `status must be one of ${STATUSES.join(', ')}` });
        return json(200, await fake.setTransactionStatus(decodeURIComponent(byId![1]!), body.status as WompiStatus, { notify: body.notify !== false }));
      case '/transactions/:id/events':
        if (!transactions.has(decodeURIComponent(byId![1]!))) return json(404, { error: 'unknown transaction' });
        return json(200, await fake.notify(decodeURIComponent(byId![1]!), { times: Number(body.times ?? 1), badChecksum: Boolean(body.badChecksum) }));
      case '/events/release':
        return json(200, await fake.releaseHeldEvents());
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

  const fake: FakeWompi = {
    url: server.url,
    apiUrl: `${server.url}/v1`,
    checkoutUrl: `${server.url}/p/`,
    transactions,
    requests,
    sentEvents,
    failNext: (count, mode, route) => failures.failNext(count, mode, route),
    failUntilTold: (mode, route) => failures.failUntilTold(mode, route),
    recover: (route) => failures.recover(route),
    setNotificationUrl: (url) => void (notificationUrl = url),
    setEventTiming: (timing) => void (eventTiming = timing),
    async createTransaction(input) {
      const transaction = newTransaction({
        reference: input.reference,
        amountInCents: input.amountInCents,
        currency: input.currency ?? 'COP',
        status: input.status ?? 'APPROVED',
        paymentMethodType: input.paymentMethodType ?? 'CARD',
      });
      if (input.notify) await sendEvent(eventOf(transaction));
      return structuredClone(transaction);
    },
    async setTransactionStatus(id, status, statusOptions = {}) {
      const transaction = transactions.get(id);
      if (!transaction) throw new Error(`fake Wompi knows no transaction ${id}`);
      if (!STATUSES.includes(status)) throw new Error(`not a Wompi status: ${status}`);
      transaction.status = status;
      transaction.finalized_at = status === 'PENDING' ? null : new Date().toISOString();
      return statusOptions.notify === false ? [] : sendEvent(eventOf(transaction));
    },
    eventOf,
    sendEvent,
    notify: (id, notifyOptions = {}) => sendEvent(eventOf(id, { badChecksum: notifyOptions.badChecksum }), { times: notifyOptions.times }),
    async releaseHeldEvents() {
      const events = held;
      held = [];
      const sent: SentWompiEvent[] = [];
      for (const event of events) sent.push(...(await sendEvent(event)));
      return sent;
    },
    async settled() {
      while (inFlight.length > 0) {
        const waiting = inFlight;
        inFlight = [];
        await Promise.all(waiting);
      }
    },
    reset() {
      transactions.clear();
      sessions.clear();
      requests.length = 0;
      sentEvents.length = 0;
      failures.recover();
      held = [];
      notificationUrl = options.notificationUrl ?? null;
      eventTiming = options.eventTiming ?? 'before-redirect';
    },
    close: () => server.close(),
  };
  return fake;
}

/** What the buyer's browser got back from the checkout: the status, where it was sent (303) and the transaction id in that address. */
export interface WompiCheckoutResult {
  status: number;
  location: string | null;
  transactionId: string | null;
  page: string;
}

/**
 * Pays at the Web Checkout as a buyer's browser would: opens the address
 * Senda sent them to, fills the card (or Nequi) number and presses "Pagar".
 * A refused checkout answers its status and page without paying.
 */
export async function payAtWompiCheckout(checkoutUrl: string, payment: { card?: string; nequi?: string } = { card: '4242 4242 4242 4242' }): Promise<WompiCheckoutResult> {
  const opened = await fetch(checkoutUrl, { redirect: 'manual' });
  const checkoutPage = await opened.text();
  if (opened.status !== 200) return { status: opened.status, location: null, transactionId: null, page: checkoutPage };
  const { action, fields } = formOf(checkoutPage, checkoutUrl);
  fields.set('payment-method', payment.nequi ? 'NEQUI' : 'CARD');
  if (payment.nequi) fields.set('nequi-phone', payment.nequi);
  else fields.set('card-number', payment.card ?? '');
  const paid = await fetch(action, { method: 'POST', body: fields, redirect: 'manual' });
  const location = paid.headers.get('location');
  return { status: paid.status, location, transactionId: location ? new URL(location).searchParams.get('id') : null, page: await paid.text() };
}
