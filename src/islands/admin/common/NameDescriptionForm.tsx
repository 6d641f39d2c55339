import { useState, type SubmitEvent } from 'react';
import { useT } from '~/i18n/islands';
import { readApiProblem } from '~/lib/client/api-problem';
import { FieldWithErrorInLabel } from './FieldWithError';
import { FormButtons } from './FormButtons';
import { FormError } from './FormError';

export interface NameDescription {
  name: string;
  description: string;
}

interface Props {
  /** The form's accessible name and heading, e.g. "New program". */
  label: string;
  initial?: Partial<NameDescription>;
  withDescription?: boolean;
  submitLabel: string;
  /** Saves; rejects with the API failure, which the form shows next to the fields. */
  onSubmit(values: NameDescription): Promise<void>;
  onCancel(): void;
}

/** A small form for a name (required) and an optional description, with the server's field errors inline. */
export function NameDescriptionForm({ label, initial = {}, withDescription = false, submitLabel, onSubmit, onCancel }: Props) {
  const t = useT();
  const [name, setName] = useState(initial.name ?? '');
  const [description, setDescription] = useState(initial.description ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) {
      setFields({ name: t('admin.common.required') });
      return;
    }
    setBusy(true);
    setError(null);
    setFields({});
    try {
      await onSubmit({ name: name.trim(), description: description.trim() });
    } catch (failure) {
      const problem = await readApiProblem(failure, t('admin.common.error'));
      setError(problem.message);
      setFields(problem.fields);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="admin-form admin-form--card" aria-label={label} onSubmit={(event) => void submit(event)} noValidate>
      <p className="admin-form__title">{label}</p>
      <FieldWithErrorInLabel label={t('admin.common.name')} error={fields.name}>
        {(aria) => <input name="name" value={name} required maxLength={200} autoFocus {...aria} onChange={(event) => setName(event.target.value)} />}
      </FieldWithErrorInLabel>
      {withDescription && (
        <FieldWithErrorInLabel label={t('admin.common.description')} error={fields.description} className="field--short-text">
          {(aria) => <textarea name="description" value={description} maxLength={5000} rows={3} {...aria} onChange={(event) => setDescription(event.target.value)} />}
        </FieldWithErrorInLabel>
      )}
      <FormError message={error} />
      <div className="admin-actions">
        <FormButtons busy={busy} submitLabel={submitLabel} onCancel={onCancel} />
      </div>
    </form>
  );
}
