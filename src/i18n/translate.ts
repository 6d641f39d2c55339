import type { Language } from '~/lib/shared/constants';
import { formatNumber } from '~/lib/shared/format';
import { rememberer } from '~/lib/shared/remembered';
import type { Messages } from './options';

/** Translates a dotted key with `{{name}}` parameters (and `count` for plurals). */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

type Part = string | { name: string; format: string | undefined };
const PLACEHOLDER = /\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g;

/**
 * Templates split once for the whole process (islands build a translator on every server render, so a translator's
 * own memory would split them again per request). Dictionary texts are a bounded set.
 */
const compiledTemplates = rememberer<Part[]>(20_000);

/** A template split once into text and placeholders, so each use only joins them. */
const compile = (template: string): Part[] => compiledTemplates(template, () => split(template));

function split(template: string): Part[] {
  const parts: Part[] = [];
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    if (match.index > last) parts.push(template.slice(last, match.index));
    parts.push({ name: match[1]!, format: match[2] });
    last = match.index + match[0].length;
  }
  if (last < template.length) parts.push(template.slice(last));
  return parts;
}

// Intl.PluralRules is costly to build (tens of µs) and islands build a translator on every server render; its
// answers for the small whole numbers that most counts are (0–1023) are kept too, as a busy page asks for dozens.
// Numbers are written by lib/shared/format's formatNumber, which keeps its own small-number texts.
const SMALL_NUMBERS = 1024;
const pluralOfByLanguage = new Map<Language, (count: number) => Intl.LDMLPluralRule>();
function pluralOf(lang: Language): (count: number) => Intl.LDMLPluralRule {
  let plural = pluralOfByLanguage.get(lang);
  if (!plural) {
    const plurals = new Intl.PluralRules(lang);
    const small: Intl.LDMLPluralRule[] = [];
    plural = (count) => (Number.isInteger(count) && count >= 0 && count < SMALL_NUMBERS ? (small[count] ??= plurals.select(count)) : plurals.select(count));
    pluralOfByLanguage.set(lang, plural);
  }
  return plural;
}

/**
 * The one translator of the server and the islands: flat dotted keys, the
 * `{{name}}` and `{{name, number}}` interpolation and the plural forms
 * (`_one`, `_many`, `_other`, as `Intl.PluralRules` names them) that our
 * dictionaries use, rendered exactly as i18next renders them (a unit test
 * compares every key) at a fraction of the cost: each template is split once,
 * and a page's hundred lookups cost microseconds. A key missing in `messages`
 * comes from `fallback` (Spanish), else the key itself shows.
 */
export function createTranslator(lang: Language, messages: Messages, fallback: Messages = messages): Translate {
  const plural = pluralOf(lang);
  const compiled = new Map<string, { raw: string; parts: Part[] } | null>();
  const templateOf = (key: string) => {
    let entry = compiled.get(key);
    if (entry === undefined) {
      const raw = messages[key] ?? fallback[key];
      entry = raw === undefined ? null : { raw, parts: compile(raw) };
      compiled.set(key, entry);
    }
    return entry;
  };
  const valueOf = (value: unknown, format: string | undefined) => {
    if (value === undefined) return '';
    return format === 'number' && typeof value === 'number' ? formatNumber(lang, value) : String(value);
  };
  return (key, params) => {
    const count = params?.count;
    const template = (typeof count === 'number' ? templateOf(`${key}_${plural(count)}`) : null) ?? templateOf(key);
    if (template === null) return key;
    // Without parameters nothing is interpolated (as i18next does).
    if (!params) return template.raw;
    let text = '';
    for (const part of template.parts) text += typeof part === 'string' ? part : valueOf(params[part.name], part.format);
    return text;
  };
}
