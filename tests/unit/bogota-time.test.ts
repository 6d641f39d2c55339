import { describe, expect, it } from 'vitest';
import { formatBogotaDateTime, fromBogotaInputValue, toBogotaInputValue } from '~/islands/admin/cohort/releases/bogota-time';

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
    expect(formatBogotaDateTime('2030-03-02T01:30:00.000Z', 'es')).toContain('1 de marzo de 2030');
    expect(formatBogotaDateTime('2030-03-02T01:30:00.000Z', 'en')).toContain('March 1, 2030');
  });
});
