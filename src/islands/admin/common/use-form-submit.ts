import { useState } from 'react';
import { useT } from '~/i18n/islands';
import { readApiProblem } from '~/lib/client/api-problem';

/**
 * A form's saving state and its problems: the form's own checks and the
 * API's field messages beside the fields (`fields`), any other failure above
 * the buttons (`formError`).
 */
export function useFormSubmit(fieldNames: readonly string[]) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  /** Saves, unless the form's own `problems` (field → message) found something. */
  async function submit(problems: Record<string, string>, save: () => Promise<void>): Promise<void> {
    setFormError(null);
    setFields(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      await save();
    } catch (failure) {
      const problem = await readApiProblem(failure, t('admin.common.error'));
      setFields(problem.fields);
      if (!fieldNames.some((name) => problem.fields[name])) setFormError(problem.message);
    } finally {
      setBusy(false);
    }
  }

  return { busy, fields, formError, submit };
}
