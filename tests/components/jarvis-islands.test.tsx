/**
 * The study assistant's chat panel as a student meets it: the AI policy first
 * when a model is configured, then the conversation (loading, an answer with
 * its lessons as links kept in `aiFeedback`, a failure, the hourly limit, the
 * assistant turned off), and Escape closing it.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pickMessages } from '~/i18n';
import ChatPanel, { type PolicyText } from '~/islands/jarvis/ChatPanel';
import { startChatLauncher } from '~/islands/jarvis/chat-launcher';
import type { AiPolicy, JarvisChatAnswer } from '~/lib/shared/schemas/jarvis';
import { STORAGE_KEYS } from '~/lib/shared/storage-keys';
import { apiError, fakeApi, gate, json } from './support/fake-api';

const messages = pickMessages('es', ['jarvisUi.chat.', 'common.loading', 'common.loadError', 'common.retry']);
const policyText: PolicyText = {
  title: 'Política de uso del asistente con inteligencia artificial',
  intro: 'Antes de usarlo por primera vez, lee cómo funciona:',
  points: ['Al modelo solo llegan tus propios datos de estudio.'],
  version: 'Versión 1 de la política.',
};
const SOFIA = 7;

const policy = (changes: Partial<AiPolicy> = {}): AiPolicy => ({ version: 1, accepted: true, acceptedAt: '2026-03-01T15:00:00Z', modelConfigured: true, ...changes });
const answer: JarvisChatAnswer = {
  answer: 'Repasa «Condicionales»: explica cuándo se cumple un if.',
  source: 'model',
  sources: [
    { kind: 'lesson', id: 12, title: 'Condicionales', url: '/lessons/12' },
    { kind: 'quiz', id: 3, title: 'Quiz de fundamentos', url: '/quizzes/3' },
  ],
};

function renderPanel(onClose = vi.fn()) {
  render(<ChatPanel lang="es" messages={messages} userId={SOFIA} policy={policyText} limits={{ messageMax: 1000, historyMax: 2 }} onClose={onClose} />);
  return onClose;
}

const question = () => screen.findByRole('textbox', { name: 'Tu pregunta' });

describe('ChatPanel', () => {
  it('asks for the AI policy first when a model is configured, and records the acceptance before the conversation', async () => {
    const api = fakeApi({ idUser: SOFIA, typeUser: 'student' });
    const accepted: unknown[] = [];
    api.on('GET /api/v2/jarvis/policy/', () => json(policy({ accepted: false, acceptedAt: null })));
    api.on('POST /api/v2/jarvis/policy/', async (request) => {
      accepted.push(await request.json());
      return json(policy());
    });
    renderPanel();
    const dialog = screen.getByRole('dialog', { name: 'Asistente de estudio' });
    expect(within(dialog).getByText('Cargando…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: policyText.title })).toBeTruthy();
    expect(screen.getByText(policyText.points[0]!)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Tu pregunta' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Acepto' }));
    expect(await question()).toBeTruthy();
    expect(accepted).toEqual([expect.objectContaining({ version: 1 })]);
    expect(document.activeElement).toBe(await question());
  });

  it('goes straight to the conversation without a model, saying the answers come from the data', async () => {
    fakeApi({ idUser: SOFIA, typeUser: 'student' }).on('GET /api/v2/jarvis/policy/', () => json(policy({ accepted: false, acceptedAt: null, modelConfigured: false })));
    renderPanel();
    expect(await question()).toBeTruthy();
    expect(screen.getByText(/No hay un modelo de inteligencia artificial configurado/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Acepto' })).toBeNull();
  });

  it('sends a question with Enter, says it is thinking, then shows the answer with its lessons as links and keeps it in aiFeedback', async () => {
    const api = fakeApi({ idUser: SOFIA, typeUser: 'student' });
    const asked: { message: string; history: unknown[] }[] = [];
    const reply = gate();
    api.on('GET /api/v2/jarvis/policy/', () => json(policy()));
    api.on('POST /api/v2/jarvis/chat/', async (request) => {
      asked.push((await request.json()) as { message: string; history: unknown[] });
      await reply.opened;
      return json(answer);
    });
    renderPanel();
    await userEvent.type(await question(), '¿Qué debo repasar de condicionales?{Enter}');

    expect(await screen.findByText('El asistente está buscando en tus datos…')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Enviando…' }) as HTMLButtonElement).disabled).toBe(true);
    const log = screen.getByRole('log', { name: 'Conversación con el asistente' });
    expect(within(log).getByText('¿Qué debo repasar de condicionales?')).toBeTruthy();

    reply.open();
    expect(await within(log).findByText(answer.answer)).toBeTruthy();
    expect(within(log).getByRole('link', { name: 'Condicionales' }).getAttribute('href')).toBe('/lessons/12');
    expect(within(log).getByRole('link', { name: 'Quiz de fundamentos' }).getAttribute('href')).toBe('/quizzes/3');
    expect(within(log).getByText('Respuesta de un modelo de IA, con tus datos.')).toBeTruthy();
    expect(screen.queryByText('El asistente está buscando en tus datos…')).toBeNull();
    expect(asked).toEqual([expect.objectContaining({ message: '¿Qué debo repasar de condicionales?', history: [] })]);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.aiFeedback)!)).toMatchObject({
      userId: SOFIA,
      question: '¿Qué debo repasar de condicionales?',
      answer: answer.answer,
      sources: answer.sources,
    });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Tu pregunta' })));
  });

  it('sends the latest turns of the conversation (up to the limit) with a follow-up, and a line break with Shift+Enter stays in the box', async () => {
    const api = fakeApi({ idUser: SOFIA, typeUser: 'student' });
    const asked: { message: string; history: unknown[] }[] = [];
    api.on('GET /api/v2/jarvis/policy/', () => json(policy()));
    api.on('POST /api/v2/jarvis/chat/', async (request) => {
      asked.push((await request.json()) as { message: string; history: unknown[] });
      return json(answer);
    });
    renderPanel();
    await userEvent.type(await question(), 'Primera{Enter}');
    await screen.findByText(answer.answer);
    await userEvent.type(screen.getByRole('textbox', { name: 'Tu pregunta' }), 'Segunda{Shift>}{Enter}{/Shift}línea');
    expect(asked).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]).toMatchObject({
      message: 'Segunda\nlínea',
      history: [
        { role: 'user', content: 'Primera' },
        { role: 'assistant', content: answer.answer },
      ],
    });
    await waitFor(() => expect(screen.getAllByText(answer.answer)).toHaveLength(2));
    await userEvent.type(screen.getByRole('textbox', { name: 'Tu pregunta' }), 'Tercera{Enter}');
    await waitFor(() => expect(asked).toHaveLength(3));
    // The limit here is two turns: the oldest exchange is left out.
    expect(asked[2]!.history).toEqual([
      { role: 'user', content: 'Segunda\nlínea' },
      { role: 'assistant', content: answer.answer },
    ]);
  });

  it('greets with the last answer this browser kept for the student', async () => {
    window.localStorage.setItem(STORAGE_KEYS.aiFeedback, JSON.stringify({ ...answer, userId: SOFIA, question: '¿Y ahora?', answeredAt: '2026-03-01T15:00:00Z' }));
    fakeApi({ idUser: SOFIA, typeUser: 'student' }).on('GET /api/v2/jarvis/policy/', () => json(policy()));
    renderPanel();
    const log = await screen.findByRole('log');
    expect(within(log).getByText('Tu última respuesta')).toBeTruthy();
    expect(within(log).getByText(answer.answer)).toBeTruthy();
  });

  it("does not show another person's kept answer", async () => {
    window.localStorage.setItem(STORAGE_KEYS.aiFeedback, JSON.stringify({ ...answer, userId: SOFIA + 1, question: '¿Y ahora?', answeredAt: '2026-03-01T15:00:00Z' }));
    fakeApi({ idUser: SOFIA, typeUser: 'student' }).on('GET /api/v2/jarvis/policy/', () => json(policy()));
    renderPanel();
    await question();
    expect(screen.queryByText(answer.answer)).toBeNull();
  });

  it('says when no answer could be given, and puts the question back in the box to send again', async () => {
    const api = fakeApi({ idUser: SOFIA, typeUser: 'student' });
    api.on('GET /api/v2/jarvis/policy/', () => json(policy()));
    api.on('POST /api/v2/jarvis/chat/', () => apiError(500, 'internal', 'Error interno'));
    renderPanel();
    await userEvent.type(await question(), '¿Cómo voy?{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('No pudimos responder ahora. Vuelve a intentarlo.');
    expect((screen.getByRole('textbox', { name: 'Tu pregunta' }) as HTMLTextAreaElement).value).toBe('¿Cómo voy?');
    expect(within(screen.getByRole('log')).queryByText('¿Cómo voy?')).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.aiFeedback)).toBeNull();
  });

  it('says the hourly limit is reached on a 429', async () => {
    const api = fakeApi({ idUser: SOFIA, typeUser: 'student' });
    api.on('GET /api/v2/jarvis/policy/', () => json(policy()));
    api.on('POST /api/v2/jarvis/chat/', () => apiError(429, 'rate_limited', 'Demasiados intentos. Vuelve a intentarlo en 60 segundos.'));
    renderPanel();
    await userEvent.type(await question(), '¿Cómo voy?{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Llegaste al límite de preguntas por ahora. Vuelve a intentarlo en un rato.');
    expect((screen.getByRole('textbox', { name: 'Tu pregunta' }) as HTMLTextAreaElement).disabled).toBe(false);
  });

  it('says the assistant is off in the learning path (409 assistant_disabled) and stops asking', async () => {
    const api = fakeApi({ idUser: SOFIA, typeUser: 'student' });
    api.on('GET /api/v2/jarvis/policy/', () => json(policy()));
    api.on('POST /api/v2/jarvis/chat/', () => apiError(409, 'assistant_disabled', 'El asistente de estudio está desactivado en esta ruta de aprendizaje.'));
    renderPanel();
    await userEvent.type(await question(), '¿Cómo voy?{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('El asistente está desactivado en tu ruta de aprendizaje.');
    expect((screen.getByRole('textbox', { name: 'Tu pregunta' }) as HTMLTextAreaElement).disabled).toBe(true);
  });

  it('goes back to the policy when the server says it must be accepted (a new version)', async () => {
    const api = fakeApi({ idUser: SOFIA, typeUser: 'student' });
    api.on('GET /api/v2/jarvis/policy/', () => json(policy()));
    api.on('POST /api/v2/jarvis/chat/', () => apiError(409, 'ai_policy_required', 'Antes de usar el asistente con IA, lee y acepta su política de uso.'));
    renderPanel();
    await userEvent.type(await question(), '¿Cómo voy?{Enter}');
    expect(await screen.findByRole('button', { name: 'Acepto' })).toBeTruthy();
  });

  it('shows why the policy could not be read, with a retry', async () => {
    const api = fakeApi({ idUser: SOFIA, typeUser: 'student' });
    let calls = 0;
    api.on('GET /api/v2/jarvis/policy/', () => (++calls === 1 ? apiError(503, 'unavailable', 'Servicio no disponible') : json(policy())));
    renderPanel();
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await question()).toBeTruthy();
  });

  it('closes with Escape', async () => {
    fakeApi({ idUser: SOFIA, typeUser: 'student' }).on('GET /api/v2/jarvis/policy/', () => json(policy()));
    const onClose = renderPanel();
    fireEvent.keyDown(await question(), { key: 'Escape' });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect((screen.getByRole('dialog', { hidden: true }) as HTMLDialogElement).open).toBe(false);
  });

  it('closes with its close button', async () => {
    fakeApi({ idUser: SOFIA, typeUser: 'student' }).on('GET /api/v2/jarvis/policy/', () => json(policy()));
    const onClose = renderPanel();
    await question();
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar el asistente' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});

describe("the home card's button (chat-launcher)", () => {
  /** The card's markup as the server renders it. */
  function renderCard() {
    document.body.innerHTML = `
      <button type="button" data-jarvis-open data-opening="Abriendo el asistente…" data-open-failed="No pudimos abrir el asistente.">Preguntar al asistente</button>
      <p role="status" data-jarvis-status></p>
      <div data-jarvis-panel data-user-id="${SOFIA}"></div>`;
    startChatLauncher();
    return screen.getByRole('button', { name: 'Preguntar al asistente' });
  }
  const panelTexts = { lang: 'es', messages, policy: policyText, limits: { messageMax: 1000, historyMax: 10 } };
  const cardStatus = () => document.querySelector('[data-jarvis-status]')!.textContent;

  it('downloads the panel and its texts on the click, opens it, and gives the focus back when it closes', async () => {
    const api = fakeApi({ idUser: SOFIA, typeUser: 'student' });
    api.on('GET /api/v2/jarvis/panel/', () => json(panelTexts));
    api.on('GET /api/v2/jarvis/policy/', () => json(policy()));
    const button = renderCard();
    expect(api.calls).toEqual([]);
    await userEvent.click(button);
    const box = await screen.findByRole('textbox', { name: 'Tu pregunta' });
    expect(screen.getByRole('dialog', { name: 'Asistente de estudio' })).toBeTruthy();
    expect(api.calls).toEqual(['GET /api/v2/jarvis/panel/', 'GET /api/v2/jarvis/policy/']);
    expect(cardStatus()).toBe('');
    fireEvent.keyDown(box, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('says so when the panel cannot be opened, and tries again on the next click', async () => {
    const api = fakeApi({ idUser: SOFIA, typeUser: 'student' });
    let calls = 0;
    api.on('GET /api/v2/jarvis/panel/', () => (++calls === 1 ? apiError(503, 'unavailable', 'Servicio no disponible') : json(panelTexts)));
    api.on('GET /api/v2/jarvis/policy/', () => json(policy()));
    const button = renderCard();
    await userEvent.click(button);
    await waitFor(() => expect(cardStatus()).toBe('No pudimos abrir el asistente.'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(button);
    expect(await screen.findByRole('textbox', { name: 'Tu pregunta' })).toBeTruthy();
  });
});
