import type { z } from 'zod';
import type { FieldErrors, FieldProblem } from './errors';

type Translate = (key: string, params?: Record<string, unknown>) => string;

const isMessageKey = (message: string) => message.startsWith('validation.');

/** The i18n key and parameters for one zod issue: the schema's own key, or a generic one by issue code. */
export function describeIssue(issue: z.core.$ZodIssue): { key: string; params: Record<string, string | number> } {
  const params: Record<string, string | number> = {};
  if (issue.code === 'too_small') params.count = Number(issue.minimum);
  if (issue.code === 'too_big') params.count = Number(issue.maximum);
  if (isMessageKey(issue.message)) return { key: issue.message, params };
  switch (issue.code) {
    case 'invalid_type':
      return { key: issue.input === undefined ? 'validation.required.field' : 'validation.invalid_type', params: { expected: issue.expected } };
    case 'too_small':
      return { key: issue.origin === 'string' ? 'validation.length.min' : 'validation.number.min', params };
    case 'too_big':
      return { key: issue.origin === 'string' ? 'validation.length.max' : 'validation.number.max', params };
    case 'unrecognized_keys':
      return { key: 'validation.unrecognized_keys', params: { keys: issue.keys.join(', ') } };
    default:
      return { key: 'validation.invalid_value', params };
  }
}

/** Field problems (i18n keys) keyed by dotted path; the first issue of a field wins. */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || '_';
    fields[path] ??= describeIssue(issue);
  }
  return fields;
}

/** One field problem in the language of `t`. */
export const translateFieldProblem = (problem: FieldProblem, t: Translate): string =>
  typeof problem === 'string' ? t(problem) : t(problem.key, problem.params);

/** Every field problem in the language of `t` (the response layer's job). */
export function translateFieldErrors(fields: FieldErrors, t: Translate): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([field, problem]) => [field, translateFieldProblem(problem, t)]));
}
