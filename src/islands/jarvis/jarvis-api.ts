/** The study assistant's API calls from the chat panel (routes written once, ADR 008). */
import { getApi } from '~/lib/client/app-client';
// Types only: the schemas module builds zod schemas, which the panel's download must not carry.
import type { AiPolicy, JarvisChatAnswer } from '~/lib/shared/schemas/jarvis';
import type { ChatPanelProps } from './ChatPanel';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** The panel's texts in the caller's language (fetched when the panel opens; /home does not carry them). */
export const readPanelTexts = () => getApi().get<Omit<ChatPanelProps, 'userId' | 'onClose'>>('/api/v2/jarvis/panel/');
export const readPolicy = (signal?: AbortSignal) => getApi().get<AiPolicy>('/api/v2/jarvis/policy/', { signal });
/** Accepts the version of the policy the student was shown (the server refuses any other). */
export const acceptPolicy = (version: number) => getApi().post<AiPolicy>('/api/v2/jarvis/policy/', { version });
export const askJarvis = (message: string, history: ChatTurn[]) => getApi().post<JarvisChatAnswer>('/api/v2/jarvis/chat/', { message, history });
