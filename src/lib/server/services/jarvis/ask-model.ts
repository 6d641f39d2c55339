/**
 * One call to the assistant's model, as every use makes it: counted against
 * the hourly limits (model-limits.ts), answered or failed within the time
 * limit (the adapter never throws), and written to the audit log whatever
 * the outcome.
 */
import type { AiSettings } from '~/lib/server/config';
import { completeChat, type ChatCompletion, type ChatMessage } from '~/lib/server/ai/chat-completions';
import { log } from '~/lib/server/log';
import { recordJarvisExchange } from './jarvis-logs';
import { recordModelCall } from './model-limits';

/** Asks the model on behalf of `askedBy` about `subjectId`'s data; answers the adapter's result (logged). */
export async function askModel(settings: AiSettings, exchange: { subjectId: number; askedBy: number; kind: 'feedback' | 'chat'; messages: readonly ChatMessage[] }): Promise<ChatCompletion> {
  await recordModelCall(exchange.askedBy);
  const result = await completeChat(settings, exchange.messages);
  if (result.outcome !== 'ok') log.warn({ event: 'jarvis_model_failed', kind: exchange.kind, outcome: result.outcome, detail: result.detail }, 'the model did not answer; the assistant answers from the data');
  await recordJarvisExchange({
    subjectId: exchange.subjectId,
    askedBy: exchange.askedBy,
    kind: exchange.kind,
    model: settings.model,
    prompt: exchange.messages,
    answer: result.outcome === 'ok' ? result.content : null,
    outcome: result.outcome,
  });
  return result;
}
