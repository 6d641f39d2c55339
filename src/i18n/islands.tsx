import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Language } from '~/lib/shared/constants';
import type { Messages } from './options';

export type IslandTranslate = (key: string, params?: Record<string, unknown>) => string;

/**
 * The islands' translator: the same dictionaries and the same `{{name}}` and
 * `{{name, number}}` interpolation and plural forms (`_one`, `_many`, `_other`,
 * as `Intl.PluralRules` names them) as the server's i18next, in a few
 * hundred bytes (i18next + react-i18next would add 27 KB gzip to every page;
 * see docs/decisions/003-i18n.md). Messages arrive as props, already in the
 * page's language, so server and browser render the same text.
 */
export function createIslandTranslator(lang: Language, messages: Messages): IslandTranslate {
  const plurals = new Intl.PluralRules(lang);
  const numbers = new Intl.NumberFormat(lang);
  const valueOf = (value: unknown, format: string | undefined) => {
    if (value === undefined) return '';
    return format === 'number' && typeof value === 'number' ? numbers.format(value) : String(value);
  };
  return (key, params = {}) => {
    const count = params.count;
    const pluralKey = typeof count === 'number' ? `${key}_${plurals.select(count)}` : null;
    const template = (pluralKey && messages[pluralKey]) ?? messages[key] ?? key;
    return template.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (_, name: string, format?: string) => valueOf(params[name], format));
  };
}

const TranslatorContext = createContext<IslandTranslate>((key) => key);
const LanguageContext = createContext<Language>('es');

export function IslandI18n({ lang, messages, children }: { lang: Language; messages: Messages; children: ReactNode }) {
  const translate = useMemo(() => createIslandTranslator(lang, messages), [lang, messages]);
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
