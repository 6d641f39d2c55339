import i18next, { type i18n } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { Language } from '../lib/shared/constants';
import { I18N_OPTIONS, type Messages } from './options';

/**
 * Islands get their messages as props from the page (already in the page's
 * language), so they render the same text on the server and in the browser
 * and never mix languages across concurrent requests.
 */
export function createIslandI18n(lang: Language, messages: Messages): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    ...I18N_OPTIONS,
    lng: lang,
    resources: { [lang]: { translation: messages } },
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}

export function IslandI18n({ lang, messages, children }: { lang: Language; messages: Messages; children: ReactNode }) {
  const instance = useMemo(() => createIslandI18n(lang, messages), [lang, messages]);
  return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
}
