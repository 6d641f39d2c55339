/**
 * Amounts as an admin types them and as the API keeps them (integer cents).
 * People write "1.200.000" or "1,200,000" (thousands), "49,99" or "49.99"
 * (cents), whatever the page's language: a separator followed by one or two
 * digits at the end is the decimal one; groups of three are thousands.
 */

const DECIMAL_PART = /^(.*)([.,])(\d{1,2})$/;

/** Whether `text` is a whole number: plain digits, or groups of three split by one separator (not `decimal`). */
function wholeOf(text: string, decimal: string | null): number | null {
  if (/^\d+$/.test(text)) return Number(text);
  const grouped = /^\d{1,3}(?:([.,])\d{3})+$/.exec(text);
  if (!grouped || grouped[1] === decimal || !text.split('').every((char) => /\d/.test(char) || char === grouped[1])) return null;
  return Number(text.replace(/[.,]/g, ''));
}

/** The cents an amount names ("1.200.000" → 120000000, "49,99" → 4999), or null when it is not an amount. */
export function centsOfAmountText(text: string): number | null {
  const compact = text.replace(/\s|\$/g, '').replace(/^(?:cop|usd|us)/i, '');
  if (!/^\d[\d.,]*$/.test(compact)) return null;
  const decimal = DECIMAL_PART.exec(compact);
  const whole = decimal ? wholeOf(decimal[1]!, decimal[2]!) : wholeOf(compact, null);
  if (whole === null) return null;
  const cents = whole * 100 + (decimal ? Number(decimal[3]!.padEnd(2, '0')) : 0);
  return Number.isSafeInteger(cents) ? cents : null;
}

/** What an amount field shows for `cents`: plain digits, with the cents only when there are some ("1200000", "49.99"). */
export const amountTextOf = (cents: number): string => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));
