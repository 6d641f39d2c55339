import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { getChatPanelTexts } from '~/lib/server/services/jarvis/panel-texts';
import { LANGUAGES } from '~/lib/shared/constants';

const ChatPanelTextsSchema = z
  .object({
    lang: z.enum(LANGUAGES),
    /** The panel's dictionary entries (`jarvisUi.chat.*` and the few common ones it uses). */
    messages: z.record(z.string(), z.string()),
    policy: z.object({ title: z.string(), intro: z.string(), points: z.array(z.string()), version: z.string() }),
    limits: z.object({ messageMax: z.number().int(), historyMax: z.number().int() }),
  })
  .meta({ id: 'JarvisChatPanelTexts' });

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/jarvis/panel/',
  summary:
    "The study assistant's chat panel texts in the caller's language: its messages, the AI policy's text and the chat's bounds (the panel is downloaded on the home card's click and reads them then, so /home does not carry them)",
  tags: ['jarvis'],
  access: 'user',
  success: { status: 200, description: "The panel's texts", schema: ChatPanelTextsSchema },
  errors: [],
  handle: async ({ lang }) => ({ body: getChatPanelTexts(lang) }),
});
