/**
 * What the study assistant's chat panel shows before it asks anything, in one
 * language: its messages, the AI policy's text and the chat's bounds. The
 * panel is downloaded on the home card's click, and fetches these with it
 * (GET /api/v2/jarvis/panel/), so /home never carries them. Built once per
 * language: the texts never change while a server runs.
 */
import { getT, pickMessages } from '~/i18n';
import type { Language } from '~/lib/shared/constants';
import { AI_POLICY_VERSION, CHAT_HISTORY_MAX, CHAT_MESSAGE_MAX } from '~/lib/shared/schemas/jarvis';

export interface ChatPanelTexts {
  lang: Language;
  messages: Record<string, string>;
  policy: { title: string; intro: string; points: string[]; version: string };
  limits: { messageMax: number; historyMax: number };
}

const POLICY_POINTS = ['data', 'quizzes', 'hints', 'logs', 'offline'] as const;
const built = new Map<Language, ChatPanelTexts>();

/** The chat panel's texts in a language (see the module comment). */
export function getChatPanelTexts(lang: Language): ChatPanelTexts {
  let texts = built.get(lang);
  if (!texts) {
    const t = getT(lang);
    texts = {
      lang,
      messages: pickMessages(lang, ['jarvisUi.chat.', 'common.loading', 'common.loadError', 'common.retry']),
      policy: {
        title: t('jarvis.ai.policy.title'),
        intro: t('jarvis.ai.policy.intro'),
        points: POLICY_POINTS.map((point) => t(`jarvis.ai.policy.point.${point}`)),
        version: t('jarvis.ai.policy.version', { version: AI_POLICY_VERSION }),
      },
      limits: { messageMax: CHAT_MESSAGE_MAX, historyMax: CHAT_HISTORY_MAX },
    };
    built.set(lang, texts);
  }
  return texts;
}
