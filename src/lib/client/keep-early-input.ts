import { replayEarlyAction } from './keep-early-actions';

/**
 * What a person types before an island wakes up is kept. On a slow phone the
 * server-rendered form shows well before its JavaScript runs; React hydrates
 * over the typed text without hearing of it, so the island's state keeps the
 * old value and the next render puts it back: the typing is lost, or an empty
 * value is saved. Once an island has hydrated, each of its fields whose value
 * differs from what the server rendered is told to React as if typed now;
 * then a click or submit kept meanwhile is done (keep-early-actions.ts).
 */

/** Islands already looked at: each is caught up once, right after it hydrates. */
const caughtUp = new WeakSet<Element>();

const isHydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));

/** An island is React's once its first rendered element is (an island that rendered nothing has nothing to catch up). */
function islandHydrated(island: Element): boolean {
  const first = [...island.children].find((child) => child.localName !== 'template' && child.localName !== 'astro-slot');
  return !first || isHydrated(first);
}

/** Tells React a text field's current value: its value tracker is set back to the server's, so the input event is a change. */
function replayText(field: HTMLInputElement | HTMLTextAreaElement): void {
  const typed = field.value;
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const nativeSetter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (!nativeSetter) return;
  field.value = field.defaultValue;
  nativeSetter.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function replaySelect(select: HTMLSelectElement): void {
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

const TEXT_TYPES = new Set(['text', 'email', 'tel', 'url', 'search', 'number', 'password', 'date', 'datetime-local', 'time']);

/** Tells React what was typed in an island before it hydrated, then does a click or submit kept meanwhile. */
function catchUp(island: Element): void {
  if (caughtUp.has(island)) return;
  caughtUp.add(island);
  const fields = island.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select');
  for (const field of fields) {
    if (field.closest('astro-island') !== island || !isHydrated(field)) continue;
    if (field instanceof HTMLSelectElement) {
      if ([...field.options].some((option) => option.selected !== option.defaultSelected)) replaySelect(field);
    } else if ((field instanceof HTMLTextAreaElement || TEXT_TYPES.has(field.type)) && field.value !== field.defaultValue) {
      replayText(field);
    }
  }
  // In a task of its own, as a person's click would be: React has rendered what was just typed.
  setTimeout(() => replayEarlyAction(island), 0);
}

/**
 * The island a React id belongs to: Astro hydrates each island with its
 * `prefix` attribute as React's identifierPrefix, which starts every useId.
 */
function islandOf(reactId: string): Element | null {
  for (const island of document.querySelectorAll('astro-island[prefix]')) {
    const prefix = island.getAttribute('prefix')!;
    if (new RegExp(`(^|[^a-z0-9])${prefix}R`).test(reactId)) return island;
  }
  return null;
}

/**
 * Catches up the island whose first effect calls this, named by a useId of
 * its own: its effects run once it has committed, so React owns every field.
 * Without one, every island that looks hydrated is caught up.
 */
export function keepEarlyInput(reactId?: string): void {
  const own = reactId ? islandOf(reactId) : null;
  if (own) return catchUp(own);
  for (const island of document.querySelectorAll('astro-island')) if (islandHydrated(island)) catchUp(island);
}
