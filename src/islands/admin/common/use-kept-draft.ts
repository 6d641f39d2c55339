import { useEffect, useRef, useState } from 'react';

/**
 * What an author typed, kept in this browser once a save fails (offline, the
 * server down), and kept up to date while they go on typing, so that leaving
 * or reloading the page loses nothing. The next time the same form opens with
 * different text, it offers the kept draft back. A successful save forgets it.
 * Drafts live in local storage under `unsavedDraft:<key>`; signing out clears
 * the device (contract §4), drafts included.
 */
const KEY_PREFIX = 'unsavedDraft:';
/** Typing while a draft is kept writes it at most this often. */
const WRITE_DELAY_MS = 400;

export interface KeptDraft<T> {
  value: T;
  /** When it was last written (ms). */
  keptAt: number;
}

function readKept<T>(storageKey: string): KeptDraft<T> | null {
  try {
    const kept = JSON.parse(window.localStorage.getItem(storageKey) ?? 'null') as KeptDraft<T> | null;
    return kept && typeof kept.keptAt === 'number' && kept.value !== undefined ? kept : null;
  } catch {
    return null;
  }
}

function writeKept<T>(storageKey: string, value: T): void {
  try {
    window.localStorage.setItem(storageKey, JSON.stringify({ value, keptAt: Date.now() } satisfies KeptDraft<T>));
  } catch {
    // Storage full or refused (private mode): the form still shows the text.
  }
}

/**
 * `current` is the form's value now; `isSame` says whether a kept draft is
 * just what the form shows already (then there is nothing to offer).
 */
export function useKeptDraft<T>(key: string, current: T, isSame: (kept: T, current: T) => boolean) {
  const storageKey = `${KEY_PREFIX}${key}`;
  const [offer, setOffer] = useState<KeptDraft<T> | null>(null);
  const [keeping, setKeeping] = useState(false);
  const currentRef = useRef(current);
  currentRef.current = current;

  // Read once mounted (the server rendered the form without it).
  useEffect(() => {
    const kept = readKept<T>(storageKey);
    if (!kept) return;
    if (isSame(kept.value, currentRef.current)) window.localStorage.removeItem(storageKey);
    else setOffer(kept);
  }, [storageKey]); // once per form: later edits are not "kept drafts"

  useEffect(() => {
    if (!keeping) return;
    const timer = window.setTimeout(() => writeKept(storageKey, current), WRITE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [keeping, current, storageKey]);

  return {
    /** A draft from an earlier visit that the form does not show. */
    offer,
    /** Whether this form's text is being kept in the browser (a save failed). */
    keeping,
    /** After a failed save: keep the text now and as it changes. */
    keep() {
      writeKept(storageKey, currentRef.current);
      setKeeping(true);
    },
    /** After a successful save, or when the author discards the draft. */
    forget() {
      window.localStorage.removeItem(storageKey);
      setKeeping(false);
      setOffer(null);
    },
    /** Takes the offered draft into the form (it stays kept until saved). */
    restore(): T | null {
      if (!offer) return null;
      setOffer(null);
      setKeeping(true);
      return offer.value;
    },
  };
}
