import i18next, { type BackendModule } from 'i18next';
import type { Language } from '~/lib/shared/constants';
import { DEFAULT_LANGUAGE, LANGUAGES } from '~/lib/shared/constants';
import { createTranslator, type Translate } from './translate';
import { I18N_OPTIONS, type Messages } from './options';

export { resolveLanguage } from './options';
export type { Messages } from './options';

/**
 * A language's dictionary: `locales/<lang>.json` plus every `locales/<lang>/*.json`
 * (one file per area, e.g. `admin-members.json`), merged; a key defined twice is an error.
 */
type Parts = Record<string, () => Promise<Messages>>;
/** Under Vite (the build, vitest) the glob is replaced at compile time; elsewhere the call throws. */
function globParts(): Parts | null {
  try {
    return import.meta.glob<Messages>('./locales/*/*.json', { import: 'default' });
  } catch {
    return null;
  }
}
const parts: Parts = globParts() ?? (await readPartsFromDisk());

/** Outside Vite (the CLI and start script run the sources through tsx) the area files are read from disk. */
async function readPartsFromDisk(): Promise<Parts> {
  const { readdir, readFile } = await import('node:fs/promises');
  const found: Parts = {};
  for (const lang of LANGUAGES) {
    const folder = new URL(`./locales/${lang}/`, import.meta.url);
    for (const name of await readdir(folder).catch(() => [] as string[])) {
      if (name.endsWith('.json')) found[`./locales/${lang}/${name}`] = async () => JSON.parse(await readFile(new URL(name, folder), 'utf8')) as Messages;
    }
  }
  return found;
}
const bases: Record<Language, () => Promise<{ default: Messages }>> = {
  es: () => import('./locales/es.json'),
  en: () => import('./locales/en.json'),
};

async function loadDictionary(lang: Language): Promise<Messages> {
  const merged: Messages = { ...(await bases[lang]()).default };
  const files = Object.keys(parts).filter((path) => path.startsWith(`./locales/${lang}/`)).sort();
  for (const path of files) {
    for (const [key, value] of Object.entries(await parts[path]!())) {
      if (key in merged) throw new Error(`Translation key ${key} is defined twice (${path})`);
      merged[key] = value;
    }
  }
  return merged;
}

/**
 * An i18next backend over the bundled dictionaries. A failed read is reported
 * as retryable, so i18next retries it (up to TRANSLATION_MAX_RETRIES, at most
 * TRANSLATION_MAX_PARALLEL_READS at once).
 */
export function createDictionaryBackend(read: (lang: Language) => Promise<Messages>): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language, _namespace, callback) {
      read(language as Language).then(
        (messages) => callback(null, messages),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
      );
    },
  };
}

const instance = i18next.createInstance();
await instance
  .use(createDictionaryBackend(loadDictionary))
  .init({ ...I18N_OPTIONS, lng: 'es', preload: [...LANGUAGES], ns: ['translation'], defaultNS: 'translation' });

export type { Translate } from './translate';

/**
 * Each language's translator over its loaded dictionary (Spanish fills any
 * gap, as i18next's fallback does). i18next loads the dictionaries (with the
 * contract's retries and parallel reads); lookups go through the compiled
 * translator of ./translate.ts, which renders the same text far cheaper.
 */
const fixed = new Map<Language, Translate>(
  LANGUAGES.map((lang) => [lang, createTranslator(lang, allMessages(lang), allMessages(DEFAULT_LANGUAGE))]),
);

/** i18next's own translate: the reference the compiled translator is tested against. */
export function getReferenceT(lang: Language): Translate {
  return instance.getFixedT(lang) as unknown as Translate;
}

/** The translate function of one language; safe to share across concurrent requests. */
export function getT(lang: Language): Translate {
  return fixed.get(lang)!;
}

const picks = new Map<string, Messages>();

/** The dictionary entries whose keys start with one of the prefixes, for an island's props (memoised: dictionaries never change while running). */
export function pickMessages(lang: Language, prefixes: readonly string[]): Messages {
  const memoKey = `${lang}:${prefixes.join('|')}`;
  const memo = picks.get(memoKey);
  if (memo) return memo;
  const bundle = (instance.getResourceBundle(lang, 'translation') ?? {}) as Messages;
  const picked: Messages = {};
  for (const [key, value] of Object.entries(bundle)) {
    if (prefixes.some((prefix) => key.startsWith(prefix))) picked[key] = value;
  }
  picks.set(memoKey, picked);
  return picked;
}

/** A language's whole dictionary, merged from its files (used by tests to keep `en` complete). */
export function allMessages(lang: Language): Messages {
  return (instance.getResourceBundle(lang, 'translation') ?? {}) as Messages;
}

/** Every key of a language's dictionary. */
export function listKeys(lang: Language): string[] {
  return Object.keys(allMessages(lang));
}
