/** Mounts the chat panel into the home card's placeholder (loaded by chat-launcher.ts on the first click only). */
import { createRoot } from 'react-dom/client';
import ChatPanel, { type ChatPanelProps } from './ChatPanel';

export type ChatPanelData = Omit<ChatPanelProps, 'onClose'>;

/** Opens the panel in `container`; when it closes it is unmounted and the focus goes back to `opener`. */
export function openChatPanel(container: HTMLElement, data: ChatPanelData, opener: HTMLElement): void {
  const root = createRoot(container);
  const onClose = () => {
    // Unmounted after the close event has run its course (React may not unmount a root from inside its own handler).
    setTimeout(() => root.unmount(), 0);
    opener.focus();
  };
  root.render(<ChatPanel {...data} onClose={onClose} />);
}
