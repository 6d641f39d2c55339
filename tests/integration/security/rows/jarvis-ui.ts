/**
 * Matrix row for the study assistant's chat panel texts: every signed-in
 * person reads them (the messages and the AI policy's text, nobody's data);
 * nobody else.
 */
import { expect } from 'vitest';
import { GET as panelRoute } from '~/pages/api/v2/jarvis/panel';
import { authed, members, type Row } from '../matrix-types';

export const ROWS: Row[] = [
  {
    method: 'GET',
    path: '/api/v2/jarvis/panel/',
    handler: panelRoute,
    request: (_, s) => ({ path: '/api/v2/jarvis/panel/', ...authed(s) }),
    expected: members(200),
    check: (_, json) => {
      expect(json.lang).toBe('es');
      expect(json.messages['jarvisUi.chat.send']).toBe('Enviar');
      expect(json.policy.points).toHaveLength(5);
      expect(json.limits).toEqual({ messageMax: 1000, historyMax: 10 });
    },
  },
];
