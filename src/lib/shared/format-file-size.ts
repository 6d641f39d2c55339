import type { Language } from './constants';

const KILOBYTE = 1024;
const MEGABYTE = 1024 * 1024;
const LOCALES: Record<Language, string> = { es: 'es-CO', en: 'en-US' };

/** A file size for people, in the language's own units and numbers: "820 bytes", "14,5 kB", "3,2 MB". */
export function formatFileSize(bytes: number, lang: Language): string {
  const locale = LOCALES[lang];
  if (bytes < KILOBYTE) return new Intl.NumberFormat(locale, { style: 'unit', unit: 'byte', unitDisplay: 'long' }).format(bytes);
  const [value, unit] = bytes < MEGABYTE ? [bytes / KILOBYTE, 'kilobyte'] : [bytes / MEGABYTE, 'megabyte'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}
