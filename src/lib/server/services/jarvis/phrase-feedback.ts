/**
 * The model's phrasing of a student's feedback card. Only when a model is
 * configured, the student accepted the current AI policy (their own
 * acceptance, whoever asks: it is their data) and the hourly limits allow
 * it: the prompt is built from that student's facts alone (build-prompt.ts),
 * a cached answer for the same prompt is reused (jarvis_answers, keyed by a
 * hash of the model, the language and the messages: new data, new key), else
 * the model is asked and its answer kept. Any failure — no policy, a limit,
 * a timeout, an error, a malformed answer — leaves the offline answer as it
 * is; the caller never sees an error.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Language } from '~/lib/shared/constants';
import type { JarvisAnswer } from '~/lib/shared/schemas/jarvis';
import type { Caller } from '~/lib/server/access/permissions';
import { aiSettingsOf } from '~/lib/server/config';
import { getDb } from '~/lib/server/db/client';
import { jarvisAnswers } from '~/lib/server/db/schema';
import { log } from '~/lib/server/log';
import type { ChatMessage } from '~/lib/server/ai/chat-completions';
import { hasAcceptedAiPolicy } from './ai-policy';
import { askModel } from './ask-model';
import { buildFeedbackPrompt } from './build-prompt';
import { recordJarvisExchange } from './jarvis-logs';
import { findModelLimit } from './model-limits';
import type { StudyFacts } from './study-facts-types';

/** The cache key of a prompt: what the answer was built from, and by which model, in which language. */
const dataHashOf = (model: string, lang: Language, messages: readonly ChatMessage[]) => createHash('sha256').update(JSON.stringify([model, lang, messages])).digest('hex');

async function findCachedText(studentId: number, dataHash: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ text: jarvisAnswers.text }).from(jarvisAnswers).where(and(eq(jarvisAnswers.userId, studentId), eq(jarvisAnswers.dataHash, dataHash)));
  return row?.text ?? null;
}

async function storeCachedText(studentId: number, dataHash: string, text: string): Promise<void> {
  const db = await getDb();
  await db.insert(jarvisAnswers).values({ userId: studentId, dataHash, text }).onConflictDoUpdate({ target: [jarvisAnswers.userId, jarvisAnswers.dataHash], set: { text, createdAt: new Date() } });
}

/** The model's phrasing of the student's feedback when it can be had; else the offline answer unchanged. */
async function phraseWithModel(input: { caller: Caller; studentId: number; facts: StudyFacts; offline: JarvisAnswer; lang: Language }): Promise<JarvisAnswer> {
  const { caller, studentId, offline, lang } = input;
  const settings = aiSettingsOf();
  if (!settings || !(await hasAcceptedAiPolicy(studentId))) return offline;
  const messages = buildFeedbackPrompt(input.facts, lang);
  const dataHash = dataHashOf(settings.model, lang, messages);
  const phrased = (summary: string): JarvisAnswer => ({ ...offline, summary, source: 'model' });
  const cached = await findCachedText(studentId, dataHash);
  if (cached) return phrased(cached);
  if (await findModelLimit(caller.id)) {
    // Nothing reached the model: the entry records that the limit was hit, not what would have been sent.
    await recordJarvisExchange({ subjectId: studentId, askedBy: caller.id, kind: 'feedback', model: settings.model, prompt: [], answer: null, outcome: 'limited' });
    return offline;
  }
  const result = await askModel(settings, { subjectId: studentId, askedBy: caller.id, kind: 'feedback', messages });
  if (result.outcome !== 'ok') return offline;
  await storeCachedText(studentId, dataHash, result.content);
  return phrased(result.content);
}

/** Phrases a student's feedback with the configured model (see the module comment); never throws. */
export async function phraseFeedback(input: { caller: Caller; studentId: number; facts: StudyFacts; offline: JarvisAnswer; lang: Language }): Promise<JarvisAnswer> {
  try {
    return await phraseWithModel(input);
  } catch (error) {
    log.warn({ event: 'jarvis_phrase_failed', studentId: input.studentId, err: error }, 'the feedback stays as built from the data');
    return input.offline;
  }
}
