/**
 * `npm run bench -- --registrations`: issue 15's scenario, on its own, all
 * through the public HTTP API. (1) The demo admin opens a paid offer of 100
 * seats and 200 visitors sign up for it at once (then 400 for 100 on a second
 * offer): every answer must be 201, and no seat is taken yet (issue 28: an
 * unverified sign-up holds none). Then every visitor follows the link in
 * their verification e-mail (read from /admin/mailbox) at once: every answer
 * must be 200, and the server must report exactly 100 seats taken, the
 * others' sign-ups expired. (2) The demo student signs up for a paid
 * offer and starts a Wompi payment; one Wompi event approving it, signed as
 * Wompi signs it, is sent 1,000 times (as fast as 16 connections allow):
 * every copy must be answered 200, and the payment must end enrolled once,
 * with one applied event and one enrolment e-mail. A few events with a bad
 * checksum, before and after, must be 400 and change nothing. The server's
 * RSS is sampled throughout.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { personFormFor } from '../tests/factories/person-form';
import { apiSignIn, browserSignIn } from './sign-in';

export const REGISTRATIONS_START = '<!-- registrations:start -->';
export const REGISTRATIONS_END = '<!-- registrations:end -->';

const EVENTS_SECRET = 'test_events_bench';
/** What the server of this scenario is started with: one address may sign up as often as the bursts need, and Wompi has fixed test keys (its API is never called). */
export const REGISTRATIONS_SERVER_ENV = {
  REGISTRATION_MAX_PER_IP: '100000',
  WOMPI_PUBLIC_KEY: 'pub_test_bench',
  WOMPI_PRIVATE_KEY: 'prv_test_bench',
  WOMPI_EVENTS_SECRET: EVENTS_SECRET,
  WOMPI_INTEGRITY_SECRET: 'test_integrity_bench',
  WOMPI_API_URL: 'http://127.0.0.1:9/v1',
} as const;

const ADMIN_EMAIL = 'admin@senda.test';
const STUDENT_EMAIL = 'student@senda.test';
const COHORT_NAME = 'Cohorte 2027-1 Virtual';
const SEATS = 100;
const BURSTS = [200, 400] as const;
const PRICE_COP_CENTS = 15_000_000;
const NOTIFICATIONS = 1000;
const NOTIFICATION_CONNECTIONS = 16;
const NOTIFICATION_GOAL_S = 10;
const BAD_NOTIFICATIONS = 5;
const RSS_SAMPLE_MS = 50;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The enrolment e-mail's kind as /admin/mailbox labels it (es, en). */
const ENROLLED_MAIL_LABELS = ['Inscripción lista', 'Enrolment complete'];

interface Latency {
  p50: number;
  p99: number;
  max: number;
}

/** One wave of requests sent together: how they were answered. */
export interface Wave {
  /** `status` (or `status code`) → count. */
  answers: Record<string, number>;
  serverErrors: number;
  latency: Latency;
  /** From the first request sent to the last answer. */
  wallMs: number;
}

export interface Burst {
  signUps: number;
  seats: number;
  offerId: number;
  signUpWave: Wave;
  /** Seats left once everyone signed up, before anyone verified (all of them: an unverified sign-up holds none). */
  seatsLeftBeforeVerifying: number;
  verifyWave: Wave;
  /** What the server says afterwards: the offer's seats left and its registrations by status. */
  seatsLeft: number;
  registrationsByStatus: Record<string, number>;
}

export interface Notifications {
  sent: number;
  connections: number;
  /** `status outcome` → count (`200 applied`, `200 duplicate`…). */
  answers: Record<string, number>;
  serverErrors: number;
  latency: Latency;
  wallMs: number;
  /** Bad-checksum events sent before and after the burst, and how many were answered 400 notification_invalid. */
  bad: { sent: number; refused: number; unchangedBefore: boolean; unchangedAfter: boolean };
  payment: { status: string; events: number; applied: number };
  registrationStatus: string;
  /** Enrolment e-mails to the student listed in /admin/mailbox (null: the page could not be read). */
  enrolmentMails: number | null;
}

export interface RegistrationsReport {
  bursts: Burst[];
  notifications: Notifications;
  rss: { beforeMb: number; peakBurstsMb: number; peakNotificationsMb: number; afterMb: number };
}

const rssMbOf = (pid: number) => Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

function latencyOf(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

/** A JSON request; throws with the answer when it is not the expected status. */
async function call<T>(origin: string, path: string, init: { token?: string; method?: string; body?: unknown; expect?: number } = {}): Promise<T> {
  const response = await fetch(`${origin}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.token && { authorization: `Bearer ${init.token}` }), ...(init.body !== undefined && { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  const expected = init.expect ?? (init.body === undefined ? 200 : 201);
  if (response.status !== expected) throw new Error(`${init.method ?? (init.body === undefined ? 'GET' : 'POST')} ${path} answered ${response.status} (expected ${expected}): ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

interface Page<T> {
  count: number;
  results: T[];
}
interface Cohort {
  id: number;
  name: string;
  status: string;
}

/** The demo's upcoming cohort (or any ACTIVE one the student is not in). */
async function pickCohort(origin: string, adminToken: string, studentToken: string): Promise<Cohort> {
  const all = await call<Page<Cohort>>(origin, '/api/v2/cohorts/', { token: adminToken });
  const students = new Set((await call<Page<Cohort>>(origin, '/api/v2/cohorts/', { token: studentToken })).results.map((cohort) => cohort.id));
  const free = all.results.filter((cohort) => cohort.status === 'ACTIVE' && !students.has(cohort.id));
  const cohort = free.find((candidate) => candidate.name === COHORT_NAME) ?? free[0];
  if (!cohort) throw new Error(`no ACTIVE cohort without the demo student among ${all.results.map((c) => c.name).join(', ')}`);
  return cohort;
}

async function createOffer(origin: string, adminToken: string, cohortId: number, slug: string, seats: number): Promise<number> {
  const now = Date.now();
  const offer = await call<{ id: number; seatsLeft: number; isOpen: boolean }>(origin, '/api/v2/offers/', {
    token: adminToken,
    body: {
      cohortId,
      slug,
      title: `Bench ${slug}`,
      seats,
      price: PRICE_COP_CENTS,
      opensAt: new Date(now - 60_000).toISOString(),
      closesAt: new Date(now + 30 * DAY_MS).toISOString(),
    },
  });
  if (!offer.isOpen || offer.seatsLeft !== seats) throw new Error(`offer ${slug} is not open with ${seats} seats: ${JSON.stringify(offer)}`);
  return offer.id;
}

/** A complete person form (the tests' own, tests/factories/person-form.ts), with its own address and CC number. */
function personForm(offerId: number, email: string, documentNumber: string) {
  return { ...personFormFor(email), documentNumber, offerId, consent: true };
}

/** Sends every request at once; answers how they were answered (`201`, `409 offer_full`…). */
async function sendWave(requests: (() => Promise<Response>)[]): Promise<Wave> {
  const latencies: number[] = [];
  const statuses: string[] = [];
  const started = performance.now();
  await Promise.all(
    requests.map(async (send) => {
      const sent = performance.now();
      const response = await send();
      const text = await response.text();
      latencies.push(performance.now() - sent);
      let code = '';
      if (response.status >= 300) {
        try {
          code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? '';
        } catch {
          code = text.slice(0, 40);
        }
      }
      statuses.push(`${response.status} ${code}`.trim());
    }),
  );
  const answers: Record<string, number> = {};
  for (const status of statuses) answers[status] = (answers[status] ?? 0) + 1;
  return { answers, serverErrors: statuses.filter((status) => status.startsWith('5')).length, latency: latencyOf(latencies), wallMs: performance.now() - started };
}

const MAILBOX_WAIT_MS = 120_000;

/** The set-password token of each address's newest verification e-mail, read in /admin/mailbox as the admin (the job engine delivers them meanwhile). */
async function readVerificationTokens(origin: string, adminCookie: string, emails: readonly string[]): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  const deadline = Date.now() + MAILBOX_WAIT_MS;
  while (tokens.size < emails.length && Date.now() < deadline) {
    const missing = emails.filter((email) => !tokens.has(email));
    for (let index = 0; index < missing.length; index += 16) {
      await Promise.all(
        missing.slice(index, index + 16).map(async (email) => {
          const list = await (await fetch(`${origin}/admin/mailbox?to=${encodeURIComponent(email)}`, { headers: { cookie: adminCookie } })).text();
          const messageId = /href="\/admin\/mailbox\/(\d+)"/.exec(list)?.[1];
          if (!messageId) return;
          const message = await (await fetch(`${origin}/admin/mailbox/${messageId}`, { headers: { cookie: adminCookie } })).text();
          const token = /\/set-password\?token=([A-Za-z0-9_-]{43})/.exec(message)?.[1];
          if (token) tokens.set(email, token);
        }),
      );
    }
    if (tokens.size < emails.length) await sleep(1000);
  }
  if (tokens.size < emails.length) throw new Error(`only ${tokens.size} of ${emails.length} verification e-mails reached the mailbox in ${MAILBOX_WAIT_MS / 1000} s`);
  return tokens;
}

/**
 * `signUps` visitors sign up for one fresh paid offer of `SEATS` seats, all
 * requests started together; then all of them follow their verification
 * link together, when the seats are taken.
 */
async function runBurst(origin: string, adminToken: string, adminCookie: string, cohortId: number, signUps: number, run: number): Promise<Burst> {
  const offerId = await createOffer(origin, adminToken, cohortId, `bench-cupos-${signUps}`, SEATS);
  const emails = Array.from({ length: signUps }, (_, i) => `bench-${run}-${i}@senda.test`);
  const signUpWave = await sendWave(
    emails.map((email, i) => () => fetch(`${origin}/api/v2/registrations/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(personForm(offerId, email, String(9_000_000_000 + run * 100_000 + i))) })),
  );
  const seatsLeftBeforeVerifying = (await call<{ seatsLeft: number }>(origin, `/api/v2/offers/${offerId}/`, { token: adminToken })).seatsLeft;
  const tokens = await readVerificationTokens(origin, adminCookie, emails);
  const password = 'Bench-clave-123';
  const verifyWave = await sendWave(
    [...tokens.values()].map((token) => () => fetch(`${origin}/api/v2/auth/password/reset/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, password, confirmPassword: password }) })),
  );
  const offer = await call<{ seatsLeft: number }>(origin, `/api/v2/offers/${offerId}/`, { token: adminToken });
  const registrationsByStatus: Record<string, number> = {};
  for (let page = 1; ; page++) {
    const listed = await call<Page<{ status: string }> & { next: string | null }>(origin, `/api/v2/registrations/?offer=${offerId}&page=${page}`, { token: adminToken });
    for (const registration of listed.results) registrationsByStatus[registration.status] = (registrationsByStatus[registration.status] ?? 0) + 1;
    if (!listed.next) break;
  }
  return { signUps, seats: SEATS, offerId, signUpWave, seatsLeftBeforeVerifying, verifyWave, seatsLeft: offer.seatsLeft, registrationsByStatus };
}

interface PaymentDetail {
  id: number;
  status: string;
  reference: string;
  amount: number;
  currency: string;
  events?: { outcome: string }[];
}

/** A `transaction.updated` event as Wompi sends it, signed with `secret` (the events secret, or a wrong one). */
function wompiEvent(payment: PaymentDetail, status: string, secret: string): { body: string; checksum: string } {
  const timestamp = Math.floor(Date.now() / 1000);
  const transaction = { id: 'bench-tx-1', status, reference: payment.reference, amount_in_cents: payment.amount, currency: payment.currency, payment_method_type: 'CARD' };
  const checksum = sha256Hex(`${transaction.id}${transaction.status}${transaction.amount_in_cents}${timestamp}${secret}`);
  const event = {
    event: 'transaction.updated',
    data: { transaction },
    environment: 'test',
    signature: { properties: ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'], checksum },
    timestamp,
    sent_at: new Date().toISOString(),
  };
  return { body: JSON.stringify(event), checksum };
}

const notify = (origin: string, event: { body: string; checksum: string }) =>
  fetch(`${origin}/api/payments/notification/`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-event-checksum': event.checksum }, body: event.body });

/** Bad events: signed with a wrong secret, a body changed after signing, a header that disagrees with the body. */
async function sendBadEvents(origin: string, payment: PaymentDetail, status: string): Promise<number> {
  const good = wompiEvent(payment, status, EVENTS_SECRET);
  const tampered = { body: good.body.replace(`"amount_in_cents":${payment.amount}`, `"amount_in_cents":${payment.amount + 100}`), checksum: good.checksum };
  const events = [
    ...Array.from({ length: BAD_NOTIFICATIONS - 2 }, (_, i) => wompiEvent(payment, status, `wrong_secret_${i}`)),
    tampered,
    { body: good.body, checksum: sha256Hex('not the checksum') },
  ];
  let refused = 0;
  for (const event of events) {
    const response = await notify(origin, event);
    const body = (await response.json()) as { error?: { code?: string } };
    if (response.status === 400 && body.error?.code === 'notification_invalid') refused += 1;
  }
  return refused;
}

/** Counts the student's enrolment e-mails in /admin/mailbox; null when the page cannot be read. */
async function countEnrolmentMails(origin: string): Promise<number | null> {
  try {
    const cookie = await browserSignIn(origin, ADMIN_EMAIL);
    const response = await fetch(`${origin}/admin/mailbox?to=${encodeURIComponent(STUDENT_EMAIL)}`, { headers: { cookie }, redirect: 'manual' });
    if (response.status !== 200) return null;
    const html = await response.text();
    return ENROLLED_MAIL_LABELS.reduce((sum, label) => sum + html.split(`>${label}<`).length - 1, 0);
  } catch {
    return null;
  }
}

async function runNotifications(origin: string, adminToken: string, studentToken: string, cohortId: number, log: (line: string) => void): Promise<Notifications> {
  const offerId = await createOffer(origin, adminToken, cohortId, 'bench-pago', 10);
  const registration = await call<{ id: number; status: string }>(origin, `/api/v2/offers/${offerId}/register/`, { token: studentToken, body: { consent: true } });
  if (registration.status !== 'pending_payment') throw new Error(`the student's registration is ${registration.status}, not pending_payment`);
  const created = await call<PaymentDetail>(origin, '/api/payment', { token: studentToken, body: { registrationId: registration.id, provider: 'wompi' } });
  if (created.status !== 'pending') throw new Error(`the Wompi payment is ${created.status}, not pending`);
  log(`    registration ${registration.id}, payment ${created.id} (${created.reference}, ${created.amount} ${created.currency} cents) pending`);
  const paymentPath = `/api/v2/payments/${created.id}/`;
  const registrationPath = `/api/v2/registrations/${registration.id}/`;

  const refusedBefore = await sendBadEvents(origin, created, 'APPROVED');
  const afterBad = await call<PaymentDetail>(origin, paymentPath, { token: adminToken });
  const registrationAfterBad = await call<{ status: string }>(origin, registrationPath, { token: adminToken });
  const unchangedBefore = afterBad.status === 'pending' && (afterBad.events ?? []).length === 0 && registrationAfterBad.status === 'pending_payment';

  const event = wompiEvent(created, 'APPROVED', EVENTS_SECRET);
  const latencies: number[] = [];
  const answers: Record<string, number> = {};
  let serverErrors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: NOTIFICATION_CONNECTIONS }, async () => {
      while (next < NOTIFICATIONS) {
        next += 1;
        const sent = performance.now();
        const response = await notify(origin, event);
        const text = await response.text();
        latencies.push(performance.now() - sent);
        if (response.status >= 500) serverErrors += 1;
        let outcome = '';
        try {
          const body = JSON.parse(text) as { outcome?: string; error?: { code?: string } };
          outcome = body.outcome ?? body.error?.code ?? '';
        } catch {
          outcome = text.slice(0, 40);
        }
        const key = `${response.status} ${outcome}`.trim();
        answers[key] = (answers[key] ?? 0) + 1;
      }
    }),
  );
  const wallMs = performance.now() - started;

  const payment = await call<PaymentDetail>(origin, paymentPath, { token: adminToken });
  const events = payment.events ?? [];
  const registrationStatus = (await call<{ status: string }>(origin, registrationPath, { token: adminToken })).status;
  const refusedAfter = await sendBadEvents(origin, created, 'VOIDED');
  const afterAll = await call<PaymentDetail>(origin, paymentPath, { token: adminToken });
  const registrationAfterAll = await call<{ status: string }>(origin, registrationPath, { token: adminToken });
  const unchangedAfter = afterAll.status === payment.status && (afterAll.events ?? []).length === events.length && registrationAfterAll.status === registrationStatus;
  return {
    sent: NOTIFICATIONS,
    connections: NOTIFICATION_CONNECTIONS,
    answers,
    serverErrors,
    latency: latencyOf(latencies),
    wallMs,
    bad: { sent: 2 * BAD_NOTIFICATIONS, refused: refusedBefore + refusedAfter, unchangedBefore, unchangedAfter },
    payment: { status: payment.status, events: events.length, applied: events.filter((e) => e.outcome === 'applied').length },
    registrationStatus,
    enrolmentMails: await countEnrolmentMails(origin),
  };
}

/** Runs the scenario against a server started with REGISTRATIONS_SERVER_ENV. */
export async function measureRegistrations(origin: string, serverPid: number, log: (line: string) => void): Promise<RegistrationsReport> {
  const adminToken = await apiSignIn(origin, ADMIN_EMAIL);
  const studentToken = await apiSignIn(origin, STUDENT_EMAIL);
  const cohort = await pickCohort(origin, adminToken, studentToken);
  log(`  cohort ${cohort.id} (${cohort.name})`);
  await sleep(1000);
  const beforeMb = rssMbOf(serverPid);
  let peakMb = beforeMb;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMbOf(serverPid))), RSS_SAMPLE_MS);
  try {
    const bursts: Burst[] = [];
    const adminCookie = await browserSignIn(origin, ADMIN_EMAIL);
    for (const [run, signUps] of BURSTS.entries()) {
      log(`  ${signUps} sign-ups at once for ${SEATS} seats, then ${signUps} verifications at once…`);
      const burst = await runBurst(origin, adminToken, adminCookie, cohort.id, signUps, run);
      log(`    sign-ups: ${waveText(burst.signUpWave)}; seats left before verifying ${burst.seatsLeftBeforeVerifying}`);
      log(`    verifications: ${waveText(burst.verifyWave)}; seats left ${burst.seatsLeft}, registrations ${answersText(burst.registrationsByStatus)}`);
      bursts.push(burst);
    }
    const peakBurstsMb = Math.max(peakMb, rssMbOf(serverPid));
    peakMb = rssMbOf(serverPid);
    log(`  ${NOTIFICATIONS} copies of one Wompi event, ${NOTIFICATION_CONNECTIONS} connections…`);
    const notifications = await runNotifications(origin, adminToken, studentToken, cohort.id, log);
    log(`    ${Object.entries(notifications.answers).map(([answer, n]) => `${n} × ${answer}`).join(', ')} in ${(notifications.wallMs / 1000).toFixed(2)} s; payment ${notifications.payment.status}, ${notifications.payment.applied} applied of ${notifications.payment.events} events`);
    const peakNotificationsMb = Math.max(peakMb, rssMbOf(serverPid));
    clearInterval(sampler);
    await sleep(2000);
    return { bursts, notifications, rss: { beforeMb, peakBurstsMb, peakNotificationsMb, afterMb: rssMbOf(serverPid) } };
  } finally {
    clearInterval(sampler);
  }
}

const fmt = (value: number, digits = 0) => value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const verdict = (ok: boolean) => (ok ? 'met' : 'not met');
const latencyText = (latency: Latency) => `${fmt(latency.p50)} / ${fmt(latency.p99)} / ${fmt(latency.max)}`;

const answersText = (answers: Record<string, number>) =>
  Object.entries(answers)
    .sort(([, a], [, b]) => b - a)
    .map(([answer, count]) => `${fmt(count)} × ${answer}`)
    .join(', ');
const waveText = (wave: Wave) => `${answersText(wave.answers)}; p50 ${fmt(wave.latency.p50)} ms, p99 ${fmt(wave.latency.p99)} ms; all answered in ${fmt(wave.wallMs / 1000, 2)} s`;
const onlyAnswer = (wave: Wave, answer: string) => Object.keys(wave.answers).length === 1 && answer in wave.answers;

function burstRows(burst: Burst): string[] {
  const taken = burst.seats - burst.seatsLeft;
  const holding = (burst.registrationsByStatus.pending_payment ?? 0) + (burst.registrationsByStatus.enrolled ?? 0);
  const exact = taken === burst.seats && holding === burst.seats && (burst.registrationsByStatus.expired ?? 0) === burst.signUps - burst.seats;
  const what = `${fmt(burst.signUps)} visitors for ${burst.seats} seats`;
  return [
    `| ${what}: sign-ups at once, answers | ${answersText(burst.signUpWave.answers)} | all 201 | ${verdict(onlyAnswer(burst.signUpWave, '201'))} |`,
    `| ${what}: seats left before anyone verified | ${fmt(burst.seatsLeftBeforeVerifying)} | ${burst.seats} (an unverified sign-up holds none) | ${verdict(burst.seatsLeftBeforeVerifying === burst.seats)} |`,
    `| ${what}: verifications at once (\`POST /api/v2/auth/password/reset/\` with each e-mail's link), answers | ${answersText(burst.verifyWave.answers)} | all 200 | ${verdict(onlyAnswer(burst.verifyWave, '200'))} |`,
    `| ${what}: seats taken as the server reports them (seats − \`seatsLeft\`; registrations by status) | ${fmt(taken)} (${fmt(burst.seatsLeft)} left; ${answersText(burst.registrationsByStatus)}) | exactly ${burst.seats}, none oversold, the others expired | ${verdict(exact)} |`,
    `| ${what}: 5xx | ${fmt(burst.signUpWave.serverErrors + burst.verifyWave.serverErrors)} | 0 | ${verdict(burst.signUpWave.serverErrors + burst.verifyWave.serverErrors === 0)} |`,
    `| ${what}: latency p50 / p99 / max (ms); all answered in — sign-ups; verifications | ${latencyText(burst.signUpWave.latency)}; ${fmt(burst.signUpWave.wallMs / 1000, 2)} s — ${latencyText(burst.verifyWave.latency)}; ${fmt(burst.verifyWave.wallMs / 1000, 2)} s | | |`,
  ];
}

/** The runs already in the doc's section, by database (`### PGlite — …`), to keep the other database's beside this one. */
function runsOf(doc: string): Map<string, string> {
  const from = doc.indexOf(REGISTRATIONS_START);
  const to = doc.indexOf(REGISTRATIONS_END);
  const runs = new Map<string, string>();
  if (from < 0 || to <= from) return runs;
  for (const part of doc.slice(from, to).split(/\n(?=### )/).filter((chunk) => chunk.startsWith('### '))) runs.set(part.slice(4, part.indexOf(' — ')), part.trim());
  return runs;
}

/** The section: the scenario, then its latest run on each database (this one replacing the same database's, the other kept from `previousDoc`). */
export function registrationsSection(report: RegistrationsReport, meta: { date: string; commit: string; machine: string; database: string; load: string }, previousDoc: string): string {
  const n = report.notifications;
  const answers = answersText(n.answers);
  const allOk = Object.entries(n.answers).every(([answer]) => answer.startsWith('200 '));
  const onceOnly = n.payment.status === 'enrolled' && n.payment.applied === 1 && n.registrationStatus === 'enrolled';
  const run = [
    `### ${meta.database} — ${meta.date} (${meta.commit})`,
    '',
    `${meta.machine}; load average when measured ${meta.load} (a shared machine).`,
    '',
    '| figure | measured | goal | met |',
    '| --- | --- | --- | --- |',
    ...report.bursts.flatMap(burstRows),
    `| ${fmt(n.sent)} copies of one notification: answers | ${answers} | all 200 | ${verdict(allOk && n.serverErrors === 0)} |`,
    `| ${fmt(n.sent)} copies: the payment and the registration afterwards (\`GET /api/v2/payments/{id}/\`, \`GET /api/v2/registrations/{id}/\`) | payment ${n.payment.status}, ${fmt(n.payment.applied)} applied of ${fmt(n.payment.events)} events recorded; registration ${n.registrationStatus} | enrolled once, exactly one applied event | ${verdict(onceOnly)} |`,
    `| ${fmt(n.sent)} copies: enrolment e-mails to the student (\`/admin/mailbox\`) | ${n.enrolmentMails === null ? 'not read' : fmt(n.enrolmentMails)} | 1 | ${n.enrolmentMails === null ? '—' : verdict(n.enrolmentMails === 1)} |`,
    `| ${fmt(n.sent)} copies: 5xx | ${fmt(n.serverErrors)} | 0 | ${verdict(n.serverErrors === 0)} |`,
    `| ${fmt(n.sent)} copies: all answered in (${n.connections} connections) | ${fmt(n.wallMs / 1000, 2)} s | ≤ ${NOTIFICATION_GOAL_S} s | ${verdict(n.wallMs <= NOTIFICATION_GOAL_S * 1000)} |`,
    `| ${fmt(n.sent)} copies: latency p50 / p99 / max (ms) | ${latencyText(n.latency)} | | |`,
    `| bad checksums (wrong secret, body changed after signing, header disagreeing), ${BAD_NOTIFICATIONS} before and ${BAD_NOTIFICATIONS} after | ${fmt(n.bad.refused)} of ${fmt(n.bad.sent)} answered 400 notification_invalid; payment and registration ${n.bad.unchangedBefore && n.bad.unchangedAfter ? 'unchanged' : 'CHANGED'} | all 400, nothing changed | ${verdict(n.bad.refused === n.bad.sent && n.bad.unchangedBefore && n.bad.unchangedAfter)} |`,
    '',
    `Server RSS: ${fmt(report.rss.beforeMb)} MB before, peak ${fmt(report.rss.peakBurstsMb)} MB during the sign-ups and ${fmt(report.rss.peakNotificationsMb)} MB during the notifications (sampled every ${RSS_SAMPLE_MS} ms), ${fmt(report.rss.afterMb)} MB after.`,
  ].join('\n');
  const runs = runsOf(previousDoc);
  runs.set(meta.database, run);
  return [
    REGISTRATIONS_START,
    '## Sign-up and payments: 200 sign-ups and verifications for 100 seats, 1,000 duplicate notifications (issues 15, 28)',
    '',
    '`npm run bench -- --registrations` (bench/registrations.ts; `--database-url` for PostgreSQL): one app server started with `REGISTRATION_MAX_PER_IP=100000` and fixed Wompi test keys; ' +
      'every request through the public HTTP API from the bench process, on the same 2 cores. ' +
      `The admin opens a paid offer of ${SEATS} seats for a cohort and ${BURSTS.map((count) => fmt(count)).join(', then ')} visitors (distinct e-mails and CC numbers, the whole person form) ` +
      '`POST /api/v2/registrations/` all at once, each burst on its own offer; the bench reads each verification e-mail in `/admin/mailbox` and every visitor then follows their link at once (seats are taken when the address is verified, issue 28). The demo student then signs up for a paid offer (`POST /api/v2/offers/{id}/register/`) and starts a Wompi payment ' +
      '(`POST /api/payment`); one `transaction.updated` APPROVED event for it, signed as Wompi signs it (SHA-256 of the transaction id, status, amount, timestamp and the events secret, also in `X-Event-Checksum`), ' +
      `is posted ${fmt(NOTIFICATIONS)} times to \`/api/payments/notification/\` as fast as ${NOTIFICATION_CONNECTIONS} connections allow (the goal allows 10 s), then checked as the admin. The latest run on each database:`,
    '',
    ...['PGlite', 'PostgreSQL'].flatMap((database) => (runs.has(database) ? [runs.get(database)!, ''] : [])),
    REGISTRATIONS_END,
    '',
  ].join('\n');
}
