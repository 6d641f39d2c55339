/**
 * Dates, relative days and numbers in the reader's language, the same on the
 * server and in islands. Senda's calendar is Bogotá's (UTC−5, no daylight
 * saving): "today", "tomorrow" and "this week" are Bogotá days.
 */
import type { Language } from './constants';
import { rememberer } from './remembered';

export const BOGOTA_TIME_ZONE = 'America/Bogota';
const BOGOTA_OFFSET_MS = -5 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const LOCALES: Record<Language, string> = { es: 'es-CO', en: 'en-US' };

const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

type DateStyle = 'long' | 'medium';

/**
 * Texts already formatted, by language, style and instant: a page of comments or submissions formats the same
 * instants on every view, and ICU's formatting is a few µs each.
 */
const remembered = rememberer<string>(20_000);

/** "24 de noviembre de 2026" / "November 24, 2026" (Bogotá day). */
export function formatDate(lang: Language, instant: string | Date, style: DateStyle = 'long'): string {
  const format = () => cached(`date:${lang}:${style}`, () => new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: style, timeZone: BOGOTA_TIME_ZONE })).format(new Date(instant));
  return typeof instant === 'string' ? remembered(`${lang}:d:${style}:${instant}`, format) : format();
}

/** "24 de nov. de 2026, 5:00 p. m." / "Nov 24, 2026, 5:00 PM" (Bogotá time). */
export function formatDateTime(lang: Language, instant: string | Date, style: DateStyle = 'medium'): string {
  const format = () =>
    cached(`datetime:${lang}:${style}`, () => new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: style, timeStyle: 'short', timeZone: BOGOTA_TIME_ZONE })).format(new Date(instant));
  return typeof instant === 'string' ? remembered(`${lang}:${style}:${instant}`, format) : format();
}

/** A date and time in another time zone, naming it ("5 mar 2030, 7:00 a. m. GMT+1"): for a viewer outside Colombia. */
export function formatDateTimeIn(lang: Language, instant: string | Date, timeZone: string): string {
  return cached(`datetime-in:${lang}:${timeZone}`, () => new Intl.DateTimeFormat(LOCALES[lang], { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' })).format(new Date(instant));
}

/** "12.500" / "12,500". */
export function formatNumber(lang: Language, value: number): string {
  const format = () => cached(`number:${lang}`, () => new Intl.NumberFormat(lang)).format(value);
  // Counts (likes, comments, students) are mostly small whole numbers.
  return Number.isInteger(value) && value >= 0 && value < 1024 ? remembered(`${lang}:n:${value}`, format) : format();
}

/** "45 %" / "45%" from a whole percentage (0–100). */
export function formatPercent(lang: Language, percentage: number): string {
  const format = () => cached(`percent:${lang}`, () => new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 })).format(percentage / 100);
  return Number.isInteger(percentage) && percentage >= 0 && percentage <= 100 ? remembered(`${lang}:p:${percentage}`, format) : format();
}

/** An amount in integer minor units as money: "$ 150.000" (COP, no cents shown unless there are some) / "US$45.00". */
export function formatMoney(lang: Language, minorUnits: number, currency: 'COP' | 'USD'): string {
  const digits = currency === 'COP' && minorUnits % 100 === 0 ? 0 : 2;
  return cached(`money:${lang}:${currency}:${digits}`, () => new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits })).format(minorUnits / 100);
}

/** The Bogotá calendar day of an instant, as a day count since 1970-01-01. */
const bogotaDay = (instant: string | Date | number) => Math.floor((new Date(instant).getTime() + BOGOTA_OFFSET_MS) / DAY_MS);

/** When the Bogotá calendar day of `instant` began. */
export const startOfBogotaDay = (instant: Date | number): Date => new Date(bogotaDay(instant) * DAY_MS - BOGOTA_OFFSET_MS);

/** Whole Bogotá days from `now` to `instant` (0 today, 1 tomorrow, −1 yesterday). */
export function daysFromToday(instant: string | Date, now: Date | number = Date.now()): number {
  return bogotaDay(instant) - bogotaDay(now);
}

/** "hoy", "mañana", "en 3 días", "hace 2 días" / "today", "tomorrow", "in 3 days", "2 days ago". */
export function formatRelativeDay(lang: Language, instant: string | Date, now: Date | number = Date.now()): string {
  return cached(`relative:${lang}`, () => new Intl.RelativeTimeFormat(lang, { numeric: 'auto' })).format(daysFromToday(instant, now), 'day');
}

export const DUE_GROUPS = ['overdue', 'today', 'week', 'later', 'undated'] as const;
export type DueGroup = (typeof DUE_GROUPS)[number];

/** Where a due date falls for a student: past due, due today (Bogotá), within the next 7 days, later, or without a date. */
export function dueGroupOf(dueAt: string | null, now: Date | number = Date.now()): DueGroup {
  if (!dueAt) return 'undated';
  if (new Date(dueAt).getTime() < new Date(now).getTime()) return 'overdue';
  const days = daysFromToday(dueAt, now);
  if (days <= 0) return 'today';
  return days <= 7 ? 'week' : 'later';
}
