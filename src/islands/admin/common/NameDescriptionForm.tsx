import { useId, useState, type SubmitEvent } from 'react';
import { useT } from '../../../i18n/islands';
import { readApiProblem } from '../../../lib/client/api-problem';

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
  const id = useId();
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
      <label className={`field${fields.name ? ' field--invalid' : ''}`}>
        <span>{t('admin.common.name')}</span>
        <input
          name="name"
          value={name}
          required
          maxLength={200}
          autoFocus
          aria-invalid={fields.name ? true : undefined}
          aria-describedby={fields.name ? `${id}-name-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {fields.name && (
          <span className="field__error" id={`${id}-name-error`}>
            {fields.name}
          </span>
        )}
      </label>
      {withDescription && (
        <label className={`field field--short-text${fields.description ? ' field--invalid' : ''}`}>
          <span>{t('admin.common.description')}</span>
          <textarea
            name="description"
            value={description}
            maxLength={5000}
            rows={3}
            aria-invalid={fields.description ? true : undefined}
            aria-describedby={fields.description ? `${id}-description-error` : undefined}
            onChange={(event) => setDescription(event.target.value)}
          />
          {fields.description && (
            <span className="field__error" id={`${id}-description-error`}>
              {fields.description}
            </span>
          )}
        </label>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-actions">
        <button type="submit" className="button button--primary button--small" disabled={busy}>
          {busy ? t('admin.common.saving') : submitLabel}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={onCancel} disabled={busy}>
          {t('admin.common.cancel')}
        </button>
      </div>
    </form>
  );
}
