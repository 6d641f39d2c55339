/**
 * The study assistant's model: any OpenAI-compatible chat-completions server
 * (a hosted provider, Ollama, llama.cpp's server; INTEGRATIONS.md):
 * `POST {AI_BASE_URL}/chat/completions` with the messages, a low temperature
 * and a bounded answer, the key as a Bearer token only when one is set.
 * Every call ends in one outcome, never an exception, so the assistant can
 * fall back to its offline answer whatever happened.
 */
import type { AiSettings } from '~/lib/server/config';
import { callProvider, ProviderCallError } from '~/lib/server/http/provider-http';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatUsage {
  promptTokens: number | null;
  completionTokens: number | null;
  totalTokens: number | null;
}

/** How a call ended: `error` is a 5xx, another refusal or no connection; `malformed` an answer without text. */
export type ChatOutcome = 'ok' | 'timeout' | 'error' | 'rate_limited' | 'malformed';

export type ChatCompletion = { outcome: 'ok'; content: string; usage: ChatUsage | null } | { outcome: Exclude<ChatOutcome, 'ok'>; detail: string };

/** Low: the assistant restates facts and points to lessons; it should not invent. */
const TEMPERATURE = 0.2;
/** A few paragraphs at most (the card's summary, a chat answer). */
const MAX_TOKENS = 600;

interface CompletionBody {
  choices?: { message?: { content?: unknown } }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown; total_tokens?: unknown };
}

const tokensOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The answer's text and usage, or null when the body is not a chat completion with text. */
function readCompletion(body: unknown): { content: string; usage: ChatUsage | null } | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const { choices, usage } = body as CompletionBody;
  const content = Array.isArray(choices) ? choices[0]?.message?.content : undefined;
  if (typeof content !== 'string' || content.trim() === '') return null;
  return {
    content: content.trim(),
    usage: usage && typeof usage === 'object' ? { promptTokens: tokensOf(usage.prompt_tokens), completionTokens: tokensOf(usage.completion_tokens), totalTokens: tokensOf(usage.total_tokens) } : null,
  };
}

/** What a failed call counts as. */
function outcomeOf(error: unknown): Exclude<ChatOutcome, 'ok' | 'malformed'> {
  if (error instanceof ProviderCallError) {
    if (error.timedOut) return 'timeout';
    return error.status === 429 ? 'rate_limited' : 'error';
  }
  // The time limit may also run out while the body is being read.
  return error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'error';
}

/** Asks the model for the next assistant message; answers its text and usage, or how the call failed (within settings.timeoutMs). */
export async function completeChat(settings: AiSettings, messages: readonly ChatMessage[]): Promise<ChatCompletion> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (settings.apiKey) headers.Authorization = `Bearer ${settings.apiKey}`;
  try {
    const { body } = await callProvider<unknown>(`${settings.baseUrl}/chat/completions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: settings.model, messages, temperature: TEMPERATURE, max_tokens: MAX_TOKENS }),
      timeoutMs: settings.timeoutMs,
    });
    const completion = readCompletion(body);
    if (!completion) return { outcome: 'malformed', detail: 'the answer has no choices[0].message.content text' };
    return { outcome: 'ok', ...completion };
  } catch (error) {
    return { outcome: outcomeOf(error), detail: (error instanceof Error ? error.message : String(error)).slice(0, 300) };
  }
}
