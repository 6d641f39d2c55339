import { describe, expect, it } from 'vitest';
import { fromBogotaInputValue, toBogotaInputValue } from '~/lib/shared/bogota-time';
import { dueGroupOf, formatDate, formatDateTime, formatNumber, formatPercent, formatRelativeDay } from '~/lib/shared/format';

describe('release dates in Bogotá time (UTC−5, no daylight saving)', () => {
  it('reads what the admin typed as Bogotá time, whatever the browser zone', () => {
    expect(fromBogotaInputValue('2030-03-01T08:00')).toBe('2030-03-01T08:00:00-05:00');
    expect(new Date(fromBogotaInputValue('2030-03-01T20:30')!).toISOString()).toBe('2030-03-02T01:30:00.000Z');
    // July: still −05:00, Colombia has no summer time.
    expect(new Date(fromBogotaInputValue('2030-07-15T00:00')!).toISOString()).toBe('2030-07-15T05:00:00.000Z');
  });

  it('shows a stored instant as the Bogotá wall-clock time in the input', () => {
    expect(toBogotaInputValue('2030-03-02T01:30:00.000Z')).toBe('2030-03-01T20:30');
    expect(toBogotaInputValue(fromBogotaInputValue('2030-12-31T23:59')!)).toBe('2030-12-31T23:59');
  });

  it('refuses empty, malformed and impossible dates', () => {
    for (const value of ['', 'mañana', '2030-02-30T08:00', '2030-03-01T24:10', '2030-03-01 08:00', '2030-03-01T08:00Z']) {
      expect(fromBogotaInputValue(value), value).toBeNull();
    }
  });

  it('formats dates for people in the Bogotá zone', () => {
    expect(formatDateTime('es', '2030-03-02T01:30:00.000Z', 'long')).toContain('1 de marzo de 2030');
    expect(formatDateTime('en', '2030-03-02T01:30:00.000Z', 'long')).toContain('March 1, 2030');
  });

  it('gives the same instant, number and percentage its own text in each language and style, asked again and again (the texts are kept)', () => {
    const instant = '2030-03-02T01:30:00.000Z';
    for (let round = 0; round < 2; round += 1) {
      expect(formatDateTime('es', instant, 'long')).toContain('1 de marzo de 2030');
      expect(formatDateTime('es', instant)).toMatch(/^1\/03\/2030, 8:30\sp\.\sm\.$/);
      expect(formatDateTime('en', instant)).toMatch(/^Mar 1, 2030, 8:30\sPM$/);
      expect(formatDateTime('en', new Date(instant))).toBe(formatDateTime('en', instant));
      expect(formatNumber('es', 1000)).toBe('1000');
      expect(formatNumber('es', 12_500)).toBe('12.500');
      expect(formatNumber('en', 1000)).toBe('1,000');
      expect(formatDate('es', instant)).toBe('1 de marzo de 2030');
      expect(formatDate('en', instant)).toBe('March 1, 2030');
      expect(formatPercent('es', 45)).toBe(formatPercent('es', 45.0));
      expect(formatPercent('en', 45)).toBe('45%');
    }
  });
});

describe('due dates as a student reads them', () => {
  // Monday 2030-03-04, 23:00 in Bogotá (04:00 UTC the next day).
  const now = Date.parse('2030-03-05T04:00:00Z');

  it('says today, tomorrow and in N days by Bogotá calendar days, in both languages', () => {
    expect(formatRelativeDay('es', '2030-03-05T04:30:00Z', now)).toBe('hoy');
    expect(formatRelativeDay('es', '2030-03-05T06:00:00Z', now)).toBe('mañana');
    expect(formatRelativeDay('es', '2030-03-08T15:00:00Z', now)).toBe('dentro de 4 días');
    expect(formatRelativeDay('en', '2030-03-05T06:00:00Z', now)).toBe('tomorrow');
    expect(formatRelativeDay('en', '2030-03-02T15:00:00Z', now)).toBe('2 days ago');
  });

  it('groups homework into overdue, today, this week, later and undated', () => {
    expect(dueGroupOf('2030-03-05T03:59:00Z', now)).toBe('overdue');
    expect(dueGroupOf('2030-03-05T04:59:00Z', now)).toBe('today');
    expect(dueGroupOf('2030-03-11T15:00:00Z', now)).toBe('week');
    expect(dueGroupOf('2030-03-13T15:00:00Z', now)).toBe('later');
    expect(dueGroupOf(null, now)).toBe('undated');
  });

  it('writes numbers and percentages the way each language does', () => {
    expect(formatNumber('es', 12500)).toBe('12.500');
    expect(formatNumber('en', 12500)).toBe('12,500');
    expect(formatPercent('es', 45)).toBe('45\u00a0%');
    expect(formatPercent('en', 45)).toBe('45%');
  });
});
