/**
 * The header's notification bell: its unseen count, server-rendered, kept
 * current live on every page (a mention or a reply anywhere raises it at
 * once): by the page's own stream on forum and thread pages, elsewhere by the
 * browser's one shared notifications stream (live-stream.ts).
 */
import { onLiveMessage, shareNotifications, startLiveStream } from './live-stream';

/** Starts the live connection and keeps the bell's count and label current. */
export function startNotificationBell(): void {
  const bell = document.querySelector<HTMLAnchorElement>('[data-bell]');
  if (!bell) return;
  const badge = bell.querySelector<HTMLElement>('[data-bell-count]');
  const label = bell.querySelector<HTMLElement>('[data-bell-label]');
  // Forum and thread pages have their own stream (their events and the count); other pages share one
  // per browser rather than hold one of its six connections to the server per tab.
  if (document.querySelector('meta[name="senda-live"]')) startLiveStream();
  else shareNotifications();
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
