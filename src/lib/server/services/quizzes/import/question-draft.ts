/** A question read from an import file, before the bank's rules check it. */
import type { FieldErrors } from '~/lib/shared/errors';

export interface QuestionDraft {
  /** Where it starts: a line of a text file, a row of a spreadsheet (the header is row 1). */
  line: number;
  /** What QuestionInputSchema then checks (type, prompt, points, options, answers, answer, tolerance, feedback, tags). */
  input: Record<string, unknown>;
  /** What the reader already found wrong, as i18n keys by field. */
  problems: FieldErrors;
}

/** The words a true/false question's two options get, in the importer's language. */
export interface TrueFalseLabels {
  true: string;
  false: string;
}

/** A number as people type it: `3.5` or `3,5`; null when it is not one. */
export function parseLooseNumber(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '');
  if (!/^[-+]?(\d+([.,]\d+)?|[.,]\d+)$/.test(trimmed)) return null;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}
