/**
 * Ages and the age bands reports count by (ADR 030). Dates are calendar days
 * (`YYYY-MM-DD`) in Bogotá time; a person has their birthday on its day, and
 * someone born on 29 February turns a year older on 1 March in common years.
 */
import { toBogotaInputValue } from './bogota-time';

/** Under 18 is a minor (Código Civil, art. 34; Ley 1098 de 2006); 18–28 is youth as Ley 1622 de 2013 ends it; then adults and older adults (Ley 1251 de 2008: 60+). */
export const AGE_BANDS = ['under_18', '18_28', '29_40', '41_59', '60_plus'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];
/** The age from which a person is no longer a minor. */
export const ADULT_AGE_YEARS = 18;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar day written `YYYY-MM-DD` (2025-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** Today's date in Bogotá (`YYYY-MM-DD`). */
export function todayInBogota(now: Date = new Date()): string {
  return toBogotaInputValue(now).slice(0, 10);
}

/** Whole years between a birth date and a day (both `YYYY-MM-DD`); negative when born after it. */
export function ageOn(birthDate: string, on: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [oy, om, od] = on.split('-').map(Number) as [number, number, number];
  const hadBirthday = om > bm || (om === bm && od >= bd);
  return oy - by - (hadBirthday ? 0 : 1);
}

/** Whether someone born on `birthDate` is under 18 on `on`. */
export function isMinorOn(birthDate: string, on: string): boolean {
  return ageOn(birthDate, on) < ADULT_AGE_YEARS;
}

/** The report band of an age in whole years. */
export function ageBandOf(age: number): AgeBand {
  if (age < ADULT_AGE_YEARS) return 'under_18';
  if (age <= 28) return '18_28';
  if (age <= 40) return '29_40';
  if (age <= 59) return '41_59';
  return '60_plus';
}

/** The band of someone born on `birthDate` on a day (a report's cut-off), or null without a birth date. */
export function ageBandOn(birthDate: string | null, on: string): AgeBand | null {
  return birthDate ? ageBandOf(ageOn(birthDate, on)) : null;
}
