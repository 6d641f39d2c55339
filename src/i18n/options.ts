import type { InitOptions } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, TRANSLATION_MAX_PARALLEL_READS, TRANSLATION_MAX_RETRIES, type Language } from '~/lib/shared/constants';

/** i18next options shared by the server and the islands: flat dotted keys, Spanish first. */
export const I18N_OPTIONS = {
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  maxRetries: TRANSLATION_MAX_RETRIES,
  maxParallelReads: TRANSLATION_MAX_PARALLEL_READS,
} satisfies InitOptions;

export type Messages = Record<string, string>;

/** The supported language for a raw value (cookie, header, setting), Spanish when unknown. */
export function resolveLanguage(value: string | null | undefined): Language {
  const short = (value ?? '').trim().slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(short) ? (short as Language) : DEFAULT_LANGUAGE;
}

/** The first supported language of an Accept-Language header, or null. */
export function languageFromAcceptHeader(header: string | null | undefined): Language | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const short = part.split(';')[0]!.trim().slice(0, 2).toLowerCase();
    if ((LANGUAGES as readonly string[]).includes(short)) return short as Language;
  }
  return null;
}
