/**
 * What the study assistant's chat panel needs from the page, in one language:
 * its messages, the AI policy's text and the chat's bounds, as the JSON the
 * home card embeds (islands/jarvis/chat-launcher.ts reads it on the click).
 * Serialised once per language: the texts never change while a server runs,
 * and /home is the busiest page.
 */
import { pickMessages, type Translate } from '~/i18n';
import type { Language } from '~/lib/shared/constants';
import { AI_POLICY_VERSION, CHAT_HISTORY_MAX, CHAT_MESSAGE_MAX } from '~/lib/shared/schemas/jarvis';

const POLICY_POINTS = ['data', 'quizzes', 'hints', 'logs', 'offline'] as const;
const serialised = new Map<Language, string>();

/** The panel's texts as JSON safe inside a `<script type="application/json">` (no `<` left to close it). */
export function getPanelTextsJson(lang: Language, t: Translate): string {
  let json = serialised.get(lang);
  if (json === undefined) {
    json = JSON.stringify({
      lang,
      messages: pickMessages(lang, ['jarvisUi.chat.', 'common.loading', 'common.loadError', 'common.retry']),
      policy: {
        title: t('jarvis.ai.policy.title'),
        intro: t('jarvis.ai.policy.intro'),
        points: POLICY_POINTS.map((point) => t(`jarvis.ai.policy.point.${point}`)),
        version: t('jarvis.ai.policy.version', { version: AI_POLICY_VERSION }),
      },
      limits: { messageMax: CHAT_MESSAGE_MAX, historyMax: CHAT_HISTORY_MAX },
    }).replace(/</g, '\\u003c');
    serialised.set(lang, json);
  }
  return json;
}
