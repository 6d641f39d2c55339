import type { z } from 'zod';
import type { FieldErrors } from './errors';

type Translate = (key: string, params?: Record<string, unknown>) => string;

const isMessageKey = (message: string) => message.startsWith('validation.');

/** The i18n key and parameters for one zod issue: the schema's own key, or a generic one by issue code. */
export function describeIssue(issue: z.core.$ZodIssue): { key: string; params: Record<string, unknown> } {
  const params: Record<string, unknown> = {};
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

/** Field messages keyed by dotted path, in the language of `t`; the first issue of a field wins. */
export function formatValidationIssues(issues: readonly z.core.$ZodIssue[], t: Translate): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || '_';
    if (fields[path]) continue;
    const { key, params } = describeIssue(issue);
    fields[path] = t(key, params);
  }
  return fields;
}
