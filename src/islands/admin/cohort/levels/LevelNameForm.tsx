import { useState, type SubmitEvent } from 'react';
import { useT } from '~/i18n/islands';
import { readApiProblem } from '~/lib/client/api-problem';
import { FieldWithError } from '~/islands/admin/common/FieldWithError';
import { FormButtons } from '~/islands/admin/common/FormButtons';
import { FormError } from '~/islands/admin/common/FormError';

/** Level names are at most this long (the API's limit). */
const NAME_MAX_LENGTH = 200;

interface Props {
  label: string;
  submitLabel: string;
  initialName?: string;
  /** Saves the trimmed name; rejects with the API's failure, shown here. */
  onSave(name: string): Promise<void>;
  onCancel?(): void;
  /** The form's accessible name (a rename form sits inside the list). */
  formLabel?: string;
}

/** One name field with its save button: adds a level, or renames one in place. */
export function LevelNameForm({ label, submitLabel, initialName = '', onSave, onCancel, formLabel }: Props) {
  const t = useT();
  const [name, setName] = useState(initialName);
  const [saving, setSaving] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    setFormError(null);
    if (!trimmed) return setFieldError(t('admin.common.required'));
    setFieldError(null);
    setSaving(true);
    try {
      await onSave(trimmed);
      if (!onCancel) setName('');
    } catch (failure) {
      const problem = await readApiProblem(failure, t('admin.common.error'));
      if (problem.fields.name) setFieldError(problem.fields.name);
      else setFormError(problem.message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="admin-form admin-form--inline" onSubmit={submit} noValidate aria-label={formLabel}>
      <FieldWithError label={label} error={fieldError}>
        {(aria) => (
          <input
            value={name}
            maxLength={NAME_MAX_LENGTH}
            required
            autoFocus={Boolean(onCancel)}
            {...aria}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && onCancel) onCancel();
            }}
          />
        )}
      </FieldWithError>
      <FormButtons busy={saving} submitLabel={submitLabel} onCancel={onCancel} />
      <FormError message={formError} />
    </form>
  );
}
