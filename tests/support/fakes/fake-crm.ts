/**
 * A fake of HubSpot's Forms submission API v3 on 127.0.0.1
 * (`POST /submissions/v3/integration/submit/{portalId}/{formGuid}`, no
 * authentication), as its public documentation describes it
 * (../shared/INTEGRATIONS.md): it checks the body's shape (`fields` of
 * contact properties the form has, `submittedAt`, `context.pageUri` and
 * `pageName`), answers 200 with an inline message, or 400 with HubSpot's
 * error shape (`status`, `message`, `errors[{ message, errorType }]`).
 * Tests script 429s, 500s or no answer for the next N calls or until told,
 * and read every submission it received; the end-to-end launcher exposes
 * the same controls under `/__control/`.
 */
import { isIP } from 'node:net';
import { randomUUID } from 'node:crypto';
import { CRM_TEST_FORM } from './test-keys';
import { HANG, json, jsonOf, ScriptedFailures, startFakeServer, type FailureMode, type FakeAnswer, type FakeRequest } from './fake-server';

/** A submission as received, and the status HubSpot gave it (null: left hanging; with `lost-answer`, given but never delivered). */
export interface ReceivedCrmSubmission {
  path: string;
  /** The body as JSON, or its text when it was not JSON. */
  body: unknown;
  status: number | null;
  at: Date;
}

export interface FakeCrmOptions {
  /** 0 (default): any free port. */
  port?: number;
  portalId?: string;
  formGuid?: string;
}

export interface FakeCrm {
  url: string;
  /** Senda's CRM_FORMS_URL: the form's submit address. */
  submitUrl: string;
  /** Every submission to a submit address, in order, whatever it was answered. */
  received: ReceivedCrmSubmission[];
  /** The bodies of the submissions it accepted (200). */
  accepted(): unknown[];
  failNext(count: number, mode: FailureMode): void;
  failUntilTold(mode: FailureMode): void;
  recover(): void;
  /** The contact properties the form has (a field outside them is refused); null: the default ones. */
  setFormFields(names: readonly string[] | null): void;
  reset(): void;
  close(): Promise<void>;
}

/** HubSpot's standard contact properties a sign-up form would carry. */
const DEFAULT_FORM_FIELDS = ['email', 'firstname', 'lastname', 'phone', 'mobilephone', 'city', 'state', 'country', 'address', 'zip', 'company', 'jobtitle'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_FIELDS = 1000;

type HubspotError = { message: string; errorType: string };

const hubspotError = (status: number, message: string, extra: Record<string, unknown> = {}) => json(status, { status: 'error', message, correlationId: randomUUID(), ...extra });

/** What HubSpot finds wrong with a submission (empty: nothing). */
function errorsOf(body: unknown, formFields: ReadonlySet<string>): HubspotError[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [{ message: 'Invalid input JSON: the body must be an object', errorType: 'INVALID_JSON' }];
  const submission = body as { fields?: unknown; submittedAt?: unknown; context?: unknown };
  const errors: HubspotError[] = [];
  if (!Array.isArray(submission.fields) || submission.fields.length === 0) {
    errors.push({ message: "Error in 'fields'. Some required fields were not completed.", errorType: 'REQUIRED_FIELD' });
  } else if (submission.fields.length > MAX_FIELDS) {
    errors.push({ message: `Error in 'fields'. More than ${MAX_FIELDS} values were submitted.`, errorType: 'MAX_NUMBER_OF_SUBMITTED_VALUES_EXCEEDED' });
  } else {
    for (const [index, field] of (submission.fields as unknown[]).entries()) {
      const { objectTypeId, name, value } = (field ?? {}) as Record<string, unknown>;
      if (typeof name !== 'string' || !name || typeof value !== 'string') {
        errors.push({ message: `Error in 'fields[${index}]'. A field needs a name and a string value.`, errorType: 'INVALID_METADATA' });
        continue;
      }
      if (objectTypeId !== '0-1') errors.push({ message: `Error in 'fields.${name}'. Unknown objectTypeId '${String(objectTypeId)}'.`, errorType: 'INVALID_METADATA' });
      else if (!formFields.has(name)) errors.push({ message: `Error in 'fields.${name}'. Field '${name}' is not present in the form definition.`, errorType: 'FIELD_NOT_IN_FORM_DEFINITION' });
      else if (name === 'email' && !EMAIL.test(value)) errors.push({ message: "Error in 'fields.email'. Invalid email address", errorType: 'INVALID_EMAIL' });
    }
    if (!(submission.fields as { name?: unknown }[]).some((field) => field?.name === 'email')) errors.push({ message: "Error in 'fields.email'. Required field 'email' is missing", errorType: 'REQUIRED_FIELD' });
  }
  if (typeof submission.submittedAt !== 'string' || !/^\d{12,14}$/.test(submission.submittedAt)) {
    errors.push({ message: "Error in 'submittedAt'. It must be a timestamp in milliseconds.", errorType: 'INVALID_METADATA' });
  }
  const context = submission.context as { pageUri?: unknown; pageName?: unknown; ipAddress?: unknown } | undefined;
  if (!context || typeof context !== 'object') {
    errors.push({ message: "Error in 'context'. The submission's context is missing.", errorType: 'INVALID_METADATA' });
  } else {
    if (typeof context.pageUri !== 'string' || !/^https?:\/\/\S+$/.test(context.pageUri)) errors.push({ message: "Error in 'context.pageUri'. Invalid page URI.", errorType: 'INVALID_PAGE_URI' });
    if (typeof context.pageName !== 'string' || !context.pageName) errors.push({ message: "Error in 'context.pageName'. The page name is missing.", errorType: 'INVALID_METADATA' });
    if (context.ipAddress !== undefined && (typeof context.ipAddress !== 'string' || isIP(context.ipAddress) === 0)) errors.push({ message: "Error in 'context.ipAddress'. Invalid IP address.", errorType: 'INVALID_IP_ADDRESS' });
  }
  return errors;
}

export async function startFakeCrm(options: FakeCrmOptions = {}): Promise<FakeCrm> {
  const portalId = options.portalId ?? CRM_TEST_FORM.portalId;
  const formGuid = options.formGuid ?? CRM_TEST_FORM.formGuid;
  const received: ReceivedCrmSubmission[] = [];
  const failures = new ScriptedFailures();
  let formFields = new Set(DEFAULT_FORM_FIELDS);

  /** HubSpot's answer to a submission, failures aside. */
  function answerOf(request: FakeRequest, match: RegExpExecArray, body: unknown): FakeAnswer {
    if (match[1] !== portalId || match[2] !== formGuid) return hubspotError(404, `The form '${match[2]}' does not exist.`, { errors: [{ message: 'Form not found', errorType: 'FORM_NOT_FOUND' }] });
    if (!/application\/json/.test(String(request.headers['content-type'] ?? ''))) return hubspotError(415, 'Unsupported media type: send application/json');
    const errors = body === undefined ? [{ message: 'Invalid input JSON on line 1', errorType: 'INVALID_JSON' }] : errorsOf(body, formFields);
    if (errors.length > 0) return hubspotError(400, 'The request is not valid', { errors });
    return json(200, { inlineMessage: '<p>¡Gracias! Recibimos tu inscripción.</p>' });
  }

  function submit(request: FakeRequest, match: RegExpExecArray): FakeAnswer | typeof HANG {
    const body = jsonOf(request);
    const record: ReceivedCrmSubmission = { path: request.path, body: body === undefined ? request.body : body, status: null, at: new Date() };
    received.push(record);
    const failure = failures.take('submit');
    if (failure === 'hang') return HANG;
    const answer =
      failure === 429
        ? hubspotError(429, 'You have reached your secondly limit.', { errorType: 'RATE_LIMIT', policyName: 'SECONDLY' })
        : typeof failure === 'number'
          ? hubspotError(failure, 'internal error')
          : answerOf(request, match, body);
    record.status = answer.status;
    // `lost-answer`: taken (recorded with its status) but the caller hears nothing.
    return failure === 'lost-answer' ? HANG : answer;
  }

  async function controlRoute(request: FakeRequest): Promise<FakeAnswer> {
    const body = (jsonOf(request) ?? {}) as Record<string, unknown>;
    const path = request.path.slice('/__control'.length);
    if (request.method === 'GET' && path === '/health') return json(200, { ok: true });
    if (request.method === 'GET' && path === '/received') return json(200, received);
    if (request.method !== 'POST') return json(404, { error: 'unknown control' });
    const mode = (body.mode ?? 500) as FailureMode;
    switch (path) {
      case '/fail':
        if (body.untilTold) fake.failUntilTold(mode);
        else fake.failNext(Number(body.count ?? 1), mode);
        return json(200, { ok: true });
      case '/recover':
        fake.recover();
        return json(200, { ok: true });
      case '/form-fields':
        fake.setFormFields(Array.isArray(body.fields) ? (body.fields as string[]) : null);
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
    const match = /^\/submissions\/v3\/integration\/(?:secure\/)?submit\/([^/]+)\/([^/]+)$/.exec(request.path);
    if (!match) return hubspotError(404, 'Not found');
    if (request.method !== 'POST') return hubspotError(405, 'Method not allowed');
    return submit(request, match);
  });

  const fake: FakeCrm = {
    url: server.url,
    submitUrl: `${server.url}/submissions/v3/integration/submit/${portalId}/${formGuid}`,
    received,
    accepted: () => received.filter((submission) => submission.status === 200).map((submission) => submission.body),
    failNext: (count, mode) => failures.failNext(count, mode),
    failUntilTold: (mode) => failures.failUntilTold(mode),
    recover: () => failures.recover(),
    setFormFields: (names) => void (formFields = new Set(names ?? DEFAULT_FORM_FIELDS)),
    reset() {
      received.length = 0;
      failures.recover();
      formFields = new Set(DEFAULT_FORM_FIELDS);
    },
    close: () => server.close(),
  };
  return fake;
}
