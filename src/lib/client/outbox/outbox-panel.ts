/**
 * The "Pendiente de enviar" list in the header of every page (plain DOM, so
 * pages without React show it too): how many writes wait, what each is, what
 * the line waits for, and — for a write the server refused — its message,
 * the person's text to copy, and a button to discard it. Only the signed-in
 * person's entries are read.
 */
import { createTranslator, type Translate } from '~/i18n/translate';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import { formatDateTime } from '~/lib/shared/format';
import { textOf, type OutboxEntry } from './outbox-entry';
import { $outbox, discardEntry, refreshOutbox, type OutboxView } from './replay-outbox';
import { startOutbox } from './start-outbox';

interface PanelConfig {
  lang: Language;
  messages: Messages;
}

let started = false;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function statusOf(t: Translate, view: OutboxView): string {
  const waiting = view.entries.filter((entry) => entry.state === 'waiting').length;
  const refused = view.entries.length - waiting;
  const parts: string[] = [];
  if (waiting > 0) {
    const wait = view.waitingFor === 'sign-in' ? 'outbox.waitingSignIn' : view.waitingFor === 'connection' || !navigator.onLine ? 'outbox.waitingConnection' : 'outbox.sending';
    parts.push(t(wait, { count: waiting }));
  }
  if (refused > 0) parts.push(t('outbox.refusedCount', { count: refused }));
  return parts.join(' ');
}

function itemOf(t: Translate, lang: Language, entry: OutboxEntry, onDiscard: (entry: OutboxEntry) => void): HTMLLIElement {
  const item = element('li', { className: `outbox__entry${entry.state === 'not-sent' ? ' outbox__entry--refused' : ''}` });
  item.append(
    element('p', { className: 'outbox__what' }, element('strong', {}, t(`outbox.kind.${entry.write.kind}`)), ' ', entry.href ? element('a', { href: entry.href }, entry.title) : entry.title),
    element('p', { className: 'muted' }, t('outbox.savedAt', { date: formatDateTime(lang, entry.createdAt) })),
  );
  if (entry.write.kind === 'assignment-submission' && entry.write.files.length > 0) {
    item.append(element('p', { className: 'muted' }, t('outbox.files', { count: entry.write.files.length, names: entry.write.files.map((file) => file.name).join(', ') })));
  }
  if (entry.state === 'not-sent') {
    item.append(element('p', { className: 'notice notice--error' }, `${t('outbox.notSent')} ${entry.problem || t('outbox.refusedFallback')}`));
    const text = textOf(entry.write);
    if (text) {
      const area = element('textarea', { readOnly: true, rows: 3, value: text, className: 'outbox__text' });
      item.append(element('label', { className: 'field' }, element('span', {}, t('outbox.yourText')), area));
      if (navigator.clipboard) {
        const copy = element('button', { type: 'button', className: 'button button--ghost button--small', textContent: t('outbox.copy') });
        copy.addEventListener('click', () => void navigator.clipboard.writeText(text).then(() => (copy.textContent = t('outbox.copied')), () => area.select()));
        item.append(copy, ' ');
      }
    }
  }
  const discard = element('button', { type: 'button', className: 'button button--ghost button--small', textContent: t(entry.state === 'not-sent' ? 'outbox.discard' : 'outbox.cancel') });
  discard.addEventListener('click', () => onDiscard(entry));
  item.append(discard);
  return item;
}

/** Shows the list in the header and starts sending the line (once per page). */
export function startOutboxPanel(): void {
  startOutbox();
  const root = document.querySelector<HTMLElement>('[data-outbox]');
  if (started || !root) return;
  started = true;
  const config = JSON.parse(root.querySelector('[data-outbox-messages]')?.textContent ?? 'null') as PanelConfig | null;
  const toggle = root.querySelector<HTMLButtonElement>('[data-outbox-toggle]');
  const panel = root.querySelector<HTMLElement>('[data-outbox-panel]');
  const count = root.querySelector<HTMLElement>('[data-outbox-count]');
  const label = root.querySelector<HTMLElement>('[data-outbox-label]');
  const status = root.querySelector<HTMLElement>('[data-outbox-status]');
  const list = root.querySelector<HTMLElement>('[data-outbox-list]');
  if (!config || !toggle || !panel || !count || !label || !status || !list) return;
  const t = createTranslator(config.lang, config.messages);

  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
  };
  toggle.addEventListener('click', () => setOpen(panel.hidden === true));
  root.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || panel.hidden) return;
    setOpen(false);
    toggle.focus();
  });
  document.addEventListener('click', (event) => {
    if (!root.contains(event.target as Node)) setOpen(false);
  });

  const onDiscard = (entry: OutboxEntry) => {
    if (!window.confirm(t('outbox.discardConfirm'))) return;
    void discardEntry(entry).then(() => panel.querySelector<HTMLElement>('h2')?.focus());
  };
  const render = (view: OutboxView) => {
    root.hidden = view.entries.length === 0;
    if (root.hidden) setOpen(false);
    count.textContent = String(view.entries.length);
    label.textContent = t('outbox.toggle', { count: view.entries.length });
    toggle.classList.toggle('outbox__toggle--refused', view.entries.some((entry) => entry.state === 'not-sent'));
    status.textContent = statusOf(t, view);
    list.replaceChildren(...view.entries.map((entry) => itemOf(t, config.lang, entry, onDiscard)));
  };
  $outbox.subscribe(render);
  const refresh = () => void refreshOutbox().catch(() => undefined);
  window.addEventListener('online', refresh);
  window.addEventListener('offline', refresh);
  refresh();
}
