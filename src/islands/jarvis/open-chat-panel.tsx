/** Opens the chat panel in the home card's placeholder (loaded by chat-launcher.ts on the first click only). */
import { createRoot } from 'react-dom/client';
import ChatPanel from './ChatPanel';
import { readPanelTexts } from '~/lib/client/api/jarvis';

/**
 * Reads the panel's texts, then mounts it in `container`; when it closes it
 * is unmounted and the focus goes back to `opener`. Rejects when the texts
 * cannot be read (the launcher says so).
 */
export async function openChatPanel(container: HTMLElement, userId: number, opener: HTMLElement): Promise<void> {
  const texts = await readPanelTexts();
  const root = createRoot(container);
  const onClose = () => {
    // Unmounted after the close event has run its course (React may not unmount a root from inside its own handler),
    // and only then the focus goes back: a focus the panel still had pending (its box's, after a slow read) cannot take
    // it first and leave it on the page's body when the panel goes.
    setTimeout(() => {
      root.unmount();
      opener.focus();
    }, 0);
  };
  root.render(<ChatPanel {...texts} userId={userId} onClose={onClose} />);
}
