/**
 * The home card's "Preguntar al asistente" button: the chat panel (React, its
 * API module) is imported on the first click, not with the page, so /home
 * ships only this script until a student asks; the panel then reads its texts
 * (open-chat-panel.tsx). Meanwhile the card says it is opening, and says so
 * when it cannot (offline, a new deployment): the next click tries again.
 */
export function startChatLauncher(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-jarvis-open]');
  const container = document.querySelector<HTMLElement>('[data-jarvis-panel]');
  const status = document.querySelector<HTMLElement>('[data-jarvis-status]');
  if (!button || !container || !status) return;
  button.addEventListener('click', () => {
    if (button.getAttribute('aria-busy') === 'true' || container.childElementCount > 0) return;
    button.setAttribute('aria-busy', 'true');
    status.textContent = button.dataset.opening ?? '';
    import('./open-chat-panel')
      .then(({ openChatPanel }) => openChatPanel(container, Number(container.dataset.userId), button))
      .then(
        () => (status.textContent = ''),
        () => (status.textContent = button.dataset.openFailed ?? ''),
      )
      .finally(() => button.removeAttribute('aria-busy'));
  });
}
