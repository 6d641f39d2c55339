/** Issue 33: the funder report's small-cell suppression (ADR 031) and the cut-off's validation. */
import { describe, expect, it } from 'vitest';
import { SUPPRESSED, suppressedRateOf, suppressSmallCounts } from '~/lib/server/services/reports/funder/suppress-small-counts';
import { cutoffIssueOf } from '~/lib/shared/schemas/gradebook';
import { ageBandOn, todayInBogota } from '~/lib/shared/age-bands';

describe('suppressSmallCounts', () => {
  it('shows counts of 5 and more and zeros as they are', () => {
    expect(suppressSmallCounts([0, 5, 12, 0])).toEqual([0, 5, 12, 0]);
    expect(suppressSmallCounts([])).toEqual([]);
  });

  it('hides every count from 1 to 4', () => {
    expect(suppressSmallCounts([1, 2, 3, 4, 9])).toEqual([SUPPRESSED, SUPPRESSED, SUPPRESSED, SUPPRESSED, 9]);
  });

  it('with exactly one small cell, also hides the smallest other non-zero cell, so the total does not give it away', () => {
    expect(suppressSmallCounts([20, 3, 7, 0, 9])).toEqual([20, SUPPRESSED, SUPPRESSED, 0, 9]);
  });

  it('hides the first of equal smallest cells, and never a zero', () => {
    expect(suppressSmallCounts([8, 0, 2, 8])).toEqual([SUPPRESSED, 0, SUPPRESSED, 8]);
  });

  it('two or more small cells already hide each other: nothing more is hidden', () => {
    expect(suppressSmallCounts([1, 4, 6, 30])).toEqual([SUPPRESSED, SUPPRESSED, 6, 30]);
  });

  it('a lone small cell with no other non-zero cell stays alone (the total is not suppressed; ADR 031)', () => {
    expect(suppressSmallCounts([0, 3, 0])).toEqual([0, SUPPRESSED, 0]);
  });

  it('a 5 next to a lone small cell is hidden (the second cell can itself be 5 or more)', () => {
    expect(suppressSmallCounts([4, 5, 100])).toEqual([SUPPRESSED, SUPPRESSED, 100]);
  });
});

describe('suppressedRateOf', () => {
  it('is a percentage to one decimal of cells already suppressed, null over nobody, suppressed when either cell is', () => {
    expect(suppressedRateOf(2, 3)).toBe(66.7);
    expect(suppressedRateOf(7, 9)).toBe(77.8);
    expect(suppressedRateOf(SUPPRESSED, 9)).toBe(SUPPRESSED);
    expect(suppressedRateOf(9, SUPPRESSED)).toBe(SUPPRESSED);
    expect(suppressedRateOf(0, 0)).toBeNull();
  });
});

describe('cutoffIssueOf', () => {
  it('wants a real day, not after today in Bogotá', () => {
    expect(cutoffIssueOf(undefined)).toBe('validation.required.cutoff');
    expect(cutoffIssueOf('')).toBe('validation.required.cutoff');
    expect(cutoffIssueOf('2026-02-30')).toBe('validation.cutoff.invalid');
    expect(cutoffIssueOf('30/11/2026')).toBe('validation.cutoff.invalid');
    expect(cutoffIssueOf('2999-01-01')).toBe('validation.cutoff.future');
    expect(cutoffIssueOf(todayInBogota())).toBeNull();
    expect(cutoffIssueOf('2025-06-30')).toBeNull();
  });
});

describe('age bands at a cut-off', () => {
  it('counts the band on the cut-off day, the birthday included', () => {
    expect(ageBandOn('2008-06-30', '2026-06-29')).toBe('under_18');
    expect(ageBandOn('2008-06-30', '2026-06-30')).toBe('18_28');
    expect(ageBandOn(null, '2026-06-30')).toBeNull();
  });
});
