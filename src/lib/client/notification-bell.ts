/**
 * The header's notification bell: its unseen count, server-rendered, kept
 * current by the live connection of the pages that have one (forums and
 * threads: a mention or a reply anywhere raises it at once).
 */
import { onLiveMessage, startLiveStream } from './live-stream';

/** Starts the live connection and keeps the bell's count and label current. */
export function startNotificationBell(): void {
  const bell = document.querySelector<HTMLAnchorElement>('[data-bell]');
  if (!bell) return;
  const badge = bell.querySelector<HTMLElement>('[data-bell-count]');
  const label = bell.querySelector<HTMLElement>('[data-bell-label]');
  // Only pages that follow a forum or a thread keep a live connection (one long request per open tab
  // would hold one of the browser's six connections to the server on every page); elsewhere the
  // count is the one the page was rendered with.
  if (document.querySelector('meta[name="senda-live"]')) startLiveStream();
  onLiveMessage((message) => {
    if (message.type !== 'notifications' || !badge || !label) return;
    const unseen = message.unseen;
    badge.textContent = unseen > 99 ? '99+' : String(unseen);
    badge.hidden = unseen === 0;
    const template = unseen === 0 ? bell.dataset.labelNone : unseen === 1 ? bell.dataset.labelOne : bell.dataset.labelOther;
    label.textContent = (template ?? '').replace('{count}', String(unseen));
    document.dispatchEvent(new CustomEvent('senda:notifications', { detail: unseen }));
  });
}
