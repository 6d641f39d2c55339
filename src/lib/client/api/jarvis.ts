/** The study assistant's API calls from the chat panel (routes written once, ADR 008). */
import { api } from '~/lib/client/app-client';
import type { Body } from './typed-api';

export type ChatTurn = NonNullable<Body<'/api/v2/jarvis/chat/', 'post'>['history']>[number];

/** The panel's texts in the caller's language (fetched when the panel opens; /home does not carry them). */
export const readPanelTexts = () => api.get('/api/v2/jarvis/panel/');
export const readPolicy = (signal?: AbortSignal) => api.get('/api/v2/jarvis/policy/', { signal });
/** Accepts the version of the policy the student was shown (the server refuses any other). */
export const acceptPolicy = (version: Body<'/api/v2/jarvis/policy/', 'post'>['version']) => api.post('/api/v2/jarvis/policy/', { body: { version } });
export const askJarvis = (message: string, history: ChatTurn[]) => api.post('/api/v2/jarvis/chat/', { body: { message, history } });
