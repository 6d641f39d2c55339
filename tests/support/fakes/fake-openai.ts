/**
 * A fake OpenAI-compatible chat-completions server on 127.0.0.1
 * (`POST /v1/chat/completions`, as OpenAI, Ollama and llama.cpp's server
 * answer it; ../shared/INTEGRATIONS.md): it checks the body (`model`, a
 * non-empty `messages` of `{ role, content }`), the key when it was given
 * one (`Authorization: Bearer …`), and answers a `chat.completion` with
 * `choices[0].message.content` and `usage`, or OpenAI's error shape
 * (`{ error: { message, type, code } }`). Its default reply is
 * deterministic and cites the first lesson title it finds in the prompt
 * (between «»), so a test can check that a cited lesson reaches the page.
 * Tests script the next N answers (a 500, a 429, no answer until the
 * caller gives up, a malformed body, a given text) and read every request
 * it received; the end-to-end launcher exposes the same controls under
 * `/__control/`: `GET health`, `GET received`, `POST answer`
 * (`{ count?, mode?: 500 | 429 | "hang" | "no-choices" | "not-json" }` or
 * `{ count?, content }`, `untilTold: true` for every answer), `POST recover`
 * and `POST reset`.
 */
import { randomUUID } from 'node:crypto';
import { HANG, json, jsonOf, startFakeServer, type FakeAnswer, type FakeRequest } from './fake-server';

/**
 * How a scripted answer goes: an HTTP status (500, 429…); `hang`: no answer
 * until the caller gives up; `no-choices`: a 200 without choices;
 * `not-json`: a 200 whose body is not JSON; `{ content }`: this text.
 */
export type OpenAiScript = number | 'hang' | 'no-choices' | 'not-json' | { content: string };

export interface ReceivedChatRequest {
  /** The body as JSON, or its text when it was not JSON. */
  body: unknown;
  model: string | null;
  messages: { role: string; content: string }[];
  /** The Authorization header as received (null: none). */
  authorization: string | null;
  /** The status answered; null when the request was left hanging. */
  status: number | null;
  at: Date;
}

export interface FakeOpenAiOptions {
  /** 0 (default): any free port. */
  port?: number;
  /** The key callers must send as a Bearer token; null (default): none needed, as a local server. */
  apiKey?: string | null;
}

export interface FakeOpenAi {
  url: string;
  /** Senda's AI_BASE_URL: the server's `/v1`. */
  baseUrl: string;
  /** Every request to the completions route, in order, whatever it was answered. */
  received: ReceivedChatRequest[];
  /** Every message content of every request, joined (to check what reached the model). */
  promptText(): string;
  /** The next `count` answers go as `script` says. */
  answerNext(count: number, script: OpenAiScript): void;
  /** Every answer goes as `script` says until `recover`. */
  answerUntilTold(script: OpenAiScript): void;
  recover(): void;
  reset(): void;
  close(): Promise<void>;
}

const ROLES = new Set(['system', 'user', 'assistant', 'tool', 'developer']);
const LESSON_TITLE = /«([^»\n]{1,200})»/;

const openAiError = (status: number, message: string, type: string, code: string | null = null) => json(status, { error: { message, type, param: null, code } });

/** The default reply: it cites the first lesson title of the prompt (or says there was none). */
export function defaultReplyOf(messages: readonly { content: string }[]): string {
  for (const message of messages) {
    const title = LESSON_TITLE.exec(message.content)?.[1];
    if (title) return `Te sugiero repasar «${title}» antes de seguir: léela con calma y vuelve a intentar los ejercicios.`;
  }
  return 'Vas bien: sigue con tu próxima lección y revisa tus entregas pendientes.';
}

const completion = (model: string, content: string, messages: readonly { content: string }[]): FakeAnswer => {
  const promptTokens = messages.reduce((sum, message) => sum + Math.ceil(message.content.length / 4), 0);
  const completionTokens = Math.ceil(content.length / 4);
  return json(200, {
    id: `chatcmpl-${randomUUID()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  });
};

/** What OpenAI finds wrong with a request body (null: nothing). */
function problemOf(body: unknown): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'We could not parse the JSON body of your request.';
  const { model, messages } = body as { model?: unknown; messages?: unknown };
  if (typeof model !== 'string' || !model) return "you must provide a model parameter";
  if (!Array.isArray(messages) || messages.length === 0) return "[] is too short - 'messages'";
  for (const [index, message] of messages.entries()) {
    const { role, content } = (message ?? {}) as { role?: unknown; content?: unknown };
    if (typeof role !== 'string' || !ROLES.has(role)) return `Invalid value for 'messages[${index}].role'`;
    if (typeof content !== 'string') return `Invalid type for 'messages[${index}].content': expected a string`;
  }
  return null;
}

export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const apiKey = options.apiKey ?? null;
  const received: ReceivedChatRequest[] = [];
  let scripts: { script: OpenAiScript; remaining: number }[] = [];

  function takeScript(): OpenAiScript | null {
    const first = scripts[0];
    if (!first) return null;
    first.remaining -= 1;
    if (first.remaining <= 0) scripts = scripts.slice(1);
    return first.script;
  }

  function complete(request: FakeRequest): FakeAnswer | typeof HANG {
    const body = jsonOf(request);
    const { model, messages } = (body ?? {}) as { model?: unknown; messages?: unknown };
    const record: ReceivedChatRequest = {
      body: body === undefined ? request.body : body,
      model: typeof model === 'string' ? model : null,
      messages: Array.isArray(messages) ? (messages as { role: string; content: string }[]).map((message) => ({ role: String(message?.role), content: String(message?.content) })) : [],
      authorization: typeof request.headers.authorization === 'string' ? request.headers.authorization : null,
      status: null,
      at: new Date(),
    };
    received.push(record);
    const answer = answerOf(record, body);
    if (answer !== HANG) record.status = answer.status;
    return answer;
  }

  function answerOf(record: ReceivedChatRequest, body: unknown): FakeAnswer | typeof HANG {
    if (apiKey && record.authorization !== `Bearer ${apiKey}`) return openAiError(401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
    const problem = problemOf(body);
    if (problem) return openAiError(400, problem, 'invalid_request_error');
    const script = takeScript();
    if (script === 'hang') return HANG;
    if (script === 429) return openAiError(429, 'Rate limit reached for requests. Please try again in 20s.', 'requests', 'rate_limit_exceeded');
    if (typeof script === 'number') return openAiError(script, 'The server had an error while processing your request. Sorry about that!', 'server_error');
    if (script === 'no-choices') return json(200, { id: `chatcmpl-${randomUUID()}`, object: 'chat.completion', model: record.model, choices: [] });
    if (script === 'not-json') return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<html><body>Bad gateway</body></html>' };
    return completion(record.model!, script?.content ?? defaultReplyOf(record.messages), record.messages);
  }

  function controlRoute(request: FakeRequest): FakeAnswer {
    const body = (jsonOf(request) ?? {}) as { count?: unknown; mode?: unknown; content?: unknown; untilTold?: unknown };
    const path = request.path.slice('/__control'.length);
    if (request.method === 'GET' && path === '/health') return json(200, { ok: true });
    if (request.method === 'GET' && path === '/received') return json(200, received);
    if (request.method !== 'POST') return json(404, { error: 'unknown control' });
    switch (path) {
      case '/answer': {
        const script = (typeof body.content === 'string' ? { content: body.content } : (body.mode ?? 500)) as OpenAiScript;
        if (body.untilTold) fake.answerUntilTold(script);
        else fake.answerNext(Number(body.count ?? 1), script);
        return json(200, { ok: true });
      }
      case '/recover':
        fake.recover();
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
    if (request.path !== '/v1/chat/completions') return openAiError(404, `Invalid URL (${request.method} ${request.path})`, 'invalid_request_error');
    if (request.method !== 'POST') return openAiError(405, `Method ${request.method} not allowed`, 'invalid_request_error');
    return complete(request);
  });

  const fake: FakeOpenAi = {
    url: server.url,
    baseUrl: `${server.url}/v1`,
    received,
    promptText: () => received.flatMap((request) => request.messages.map((message) => message.content)).join('\n'),
    answerNext: (count, script) => {
      if (count > 0) scripts.push({ script, remaining: count });
    },
    answerUntilTold: (script) => void scripts.push({ script, remaining: Number.POSITIVE_INFINITY }),
    recover: () => void (scripts = []),
    reset() {
      received.length = 0;
      scripts = [];
    },
    close: () => server.close(),
  };
  return fake;
}
