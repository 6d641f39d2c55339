import { createContext, useContext, useEffect, useId, useMemo, type ReactNode } from 'react';
import { keepEarlyInput } from '~/lib/client/keep-early-input';
import type { Language } from '~/lib/shared/constants';
import type { Messages } from './options';
import { createTranslator, type Translate } from './translate';

export type IslandTranslate = Translate;

/**
 * The islands' translator: the server's own (./translate.ts), over the
 * messages the page passes as props, already in the page's language, so server
 * and browser render the same text (i18next + react-i18next would add 27 KB
 * gzip to every page; see docs/decisions/003-i18n.md).
 */
export function createIslandTranslator(lang: Language, messages: Messages): IslandTranslate {
  return createTranslator(lang, messages);
}

const TranslatorContext = createContext<IslandTranslate>((key) => key);
const LanguageContext = createContext<Language>('es');

export function IslandI18n({ lang, messages, children }: { lang: Language; messages: Messages; children: ReactNode }) {
  const translate = useMemo(() => createIslandTranslator(lang, messages), [lang, messages]);
  // Every island is wrapped in this provider: its first effect runs once the island has hydrated (its id names the island).
  const ownId = useId();
  useEffect(() => keepEarlyInput(ownId), []);
  return (
    <LanguageContext.Provider value={lang}>
      <TranslatorContext.Provider value={translate}>{children}</TranslatorContext.Provider>
    </LanguageContext.Provider>
  );
}

/** The page's language, for dates and numbers formatted with Intl (see lib/shared/format.ts). */
export function useLang(): Language {
  return useContext(LanguageContext);
}

/** The translate function of the nearest IslandI18n. */
export function useT(): IslandTranslate {
  return useContext(TranslatorContext);
}
