/**
 * Small-cell suppression for the funder report's breakdowns (ADR 031): a
 * group of 1 to 4 people is shown as "<5", and a column never lets a
 * suppressed cell be worked out from the others and the total.
 */

/** Groups smaller than this (and larger than 0) are not shown. */
const SUPPRESSION_THRESHOLD = 5;

/** A suppressed cell. */
export const SUPPRESSED = '<5';
export type SuppressedCount = number | typeof SUPPRESSED;

const isSmall = (count: number) => count > 0 && count < SUPPRESSION_THRESHOLD;

/**
 * One column of counts (the rows of a breakdown for one measure) with its
 * small cells suppressed. When exactly one cell is suppressed, the total
 * minus the others would give it away, so the smallest other non-zero cell
 * (the first of equals) is suppressed too. Zeros are shown: an empty group
 * discloses nobody.
 */
export function suppressSmallCounts(counts: readonly number[]): SuppressedCount[] {
  const hidden = counts.map(isSmall);
  if (hidden.filter(Boolean).length === 1) {
    let smallest = -1;
    counts.forEach((count, index) => {
      if (hidden[index] || count === 0) return;
      if (smallest === -1 || count < counts[smallest]!) smallest = index;
    });
    if (smallest !== -1) hidden[smallest] = true;
  }
  return counts.map((count, index) => (hidden[index] ? SUPPRESSED : count));
}

/** A rate (part over whole, as a percentage to one decimal), suppressed when either count is; null when the whole is 0. */
export function suppressedRateOf(part: SuppressedCount, whole: SuppressedCount): SuppressedCount | null {
  if (part === SUPPRESSED || whole === SUPPRESSED) return SUPPRESSED;
  return whole === 0 ? null : Math.round((part * 1000) / whole) / 10;
}
