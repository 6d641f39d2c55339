import type { Language } from '~/lib/shared/constants';
import type { Messages } from './options';

/** Translates a dotted key with `{{name}}` parameters (and `count` for plurals). */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

type Part = string | { name: string; format: string | undefined };
const PLACEHOLDER = /\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g;

/**
 * Templates split once for the whole process (islands build a translator on every server render, so a translator's
 * own memory would split them again per request). Dictionary texts are a bounded set; the map starts afresh if full.
 */
const compiledTemplates = new Map<string, Part[]>();
const MAX_COMPILED = 20_000;

/** A template split once into text and placeholders, so each use only joins them. */
function compile(template: string): Part[] {
  let parts = compiledTemplates.get(template);
  if (parts === undefined) {
    if (compiledTemplates.size >= MAX_COMPILED) compiledTemplates.clear();
    parts = split(template);
    compiledTemplates.set(template, parts);
  }
  return parts;
}

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

// Intl objects are costly to build (tens of µs each) and islands build a translator on every server render; their
// answers for the small whole numbers that most counts are (0–1023) are kept too, as a busy page asks for dozens.
const SMALL_NUMBERS = 1024;
/** A language's plural category and number format for a value. */
interface NumberWords {
  plural(count: number): Intl.LDMLPluralRule;
  number(value: number): string;
}
const intlByLanguage = new Map<Language, NumberWords>();
function intlOf(lang: Language): NumberWords {
  let intl = intlByLanguage.get(lang);
  if (!intl) {
    const plurals = new Intl.PluralRules(lang);
    const numbers = new Intl.NumberFormat(lang);
    const smallPlurals: Intl.LDMLPluralRule[] = [];
    const smallNumbers: string[] = [];
    const isSmall = (value: number) => Number.isInteger(value) && value >= 0 && value < SMALL_NUMBERS;
    intl = {
      plural: (count) => (isSmall(count) ? (smallPlurals[count] ??= plurals.select(count)) : plurals.select(count)),
      number: (value) => (isSmall(value) ? (smallNumbers[value] ??= numbers.format(value)) : numbers.format(value)),
    };
    intlByLanguage.set(lang, intl);
  }
  return intl;
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
  const intl = intlOf(lang);
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
    return format === 'number' && typeof value === 'number' ? intl.number(value) : String(value);
  };
  return (key, params) => {
    const count = params?.count;
    const template = (typeof count === 'number' ? templateOf(`${key}_${intl.plural(count)}`) : null) ?? templateOf(key);
    if (template === null) return key;
    // Without parameters nothing is interpolated (as i18next does).
    if (!params) return template.raw;
    let text = '';
    for (const part of template.parts) text += typeof part === 'string' ? part : valueOf(params[part.name], part.format);
    return text;
  };
}
