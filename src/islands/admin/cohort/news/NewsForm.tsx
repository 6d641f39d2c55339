import { useId, useState, type SubmitEvent } from 'react';
import { useT } from '../../../../i18n/islands';
import { readApiProblem } from '../../../../lib/client/api-problem';

/** The API's limits on a news item. */
const TITLE_MAX_LENGTH = 200;
const BODY_MAX_LENGTH = 20_000;

export interface NewsDraft {
  title: string;
  body: string;
}

interface Props {
  initial?: NewsDraft;
  submitLabel: string;
  formLabel: string;
  /** Saves the draft; rejects with the API's failure, shown here. */
  onSave(draft: NewsDraft): Promise<void>;
  onCancel(): void;
}

/** Writes or edits a news item: a title and a Markdown body. */
export function NewsForm({ initial = { title: '', body: '' }, submitLabel, formLabel, onSave, onCancel }: Props) {
  const t = useT();
  const id = useId();
  const [title, setTitle] = useState(initial.title);
  const [body, setBody] = useState(initial.body);
  const [saving, setSaving] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    if (!title.trim()) return setFields({ title: t('admin.common.required') });
    setFields({});
    setSaving(true);
    try {
      await onSave({ title: title.trim(), body });
    } catch (failure) {
      const problem = await readApiProblem(failure, t('admin.common.error'));
      setFields(problem.fields);
      if (!problem.fields.title && !problem.fields.body) setFormError(problem.message);
    } finally {
      setSaving(false);
    }
  }

  const errorOf = (name: string) =>
    fields[name] && (
      <small className="field__error" id={`${id}-${name}-error`}>
        {fields[name]}
      </small>
    );

  return (
    <form className="admin-form news-form" onSubmit={submit} noValidate aria-label={formLabel}>
      <div className="field-with-error">
        <label className={`field${fields.title ? ' field--invalid' : ''}`}>
          <span>{t('admin.news.titleLabel')}</span>
          <input
            value={title}
            maxLength={TITLE_MAX_LENGTH}
            required
            autoFocus
            aria-invalid={fields.title ? true : undefined}
            aria-describedby={fields.title ? `${id}-title-error` : undefined}
            onChange={(event) => setTitle(event.target.value)}
          />
        </label>
        {errorOf('title')}
      </div>
      <div className="field-with-error">
        <label className={`field${fields.body ? ' field--invalid' : ''}`}>
          <span>{t('admin.news.bodyLabel')}</span>
          <textarea
            value={body}
            maxLength={BODY_MAX_LENGTH}
            rows={8}
            aria-invalid={fields.body ? true : undefined}
            aria-describedby={`${id}-body-hint${fields.body ? ` ${id}-body-error` : ''}`}
            onChange={(event) => setBody(event.target.value)}
          />
        </label>
        <small className="muted" id={`${id}-body-hint`}>
          {t('admin.news.bodyHint')}
        </small>
        {errorOf('body')}
      </div>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="admin-actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? t('admin.common.saving') : submitLabel}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={saving}>
          {t('admin.common.cancel')}
        </button>
      </div>
    </form>
  );
}
