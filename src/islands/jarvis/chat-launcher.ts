/**
 * The home card's "Preguntar al asistente" button: the chat panel (React, its
 * API module) is imported on the first click, not with the page, so /home
 * ships only this script until a student asks. The panel's texts (language,
 * messages, the policy, the chat's bounds) are in the card's JSON data block,
 * the student's id on the placeholder.
 */
import type { ChatPanelData } from './open-chat-panel';

export function startChatLauncher(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-jarvis-open]');
  const container = document.querySelector<HTMLElement>('[data-jarvis-panel]');
  const status = document.querySelector<HTMLElement>('[data-jarvis-status]');
  const texts = document.querySelector<HTMLScriptElement>('script[data-jarvis-texts]');
  if (!button || !container || !status || !texts) return;
  button.addEventListener('click', () => {
    if (button.getAttribute('aria-busy') === 'true' || container.childElementCount > 0) return;
    button.setAttribute('aria-busy', 'true');
    status.textContent = button.dataset.opening ?? '';
    import('./open-chat-panel')
      .then(({ openChatPanel }) => {
        status.textContent = '';
        const data = { ...(JSON.parse(texts.textContent ?? '{}') as Omit<ChatPanelData, 'userId'>), userId: Number(container.dataset.userId) };
        openChatPanel(container, data, button);
      })
      .catch(() => {
        // A failed download (offline, a new deployment): say so; the next click tries again.
        status.textContent = button.dataset.openFailed ?? '';
      })
      .finally(() => button.removeAttribute('aria-busy'));
  });
}
