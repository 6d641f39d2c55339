import { useId, useState, type SubmitEvent } from 'react';
import { useT } from '../../../../i18n/islands';
import { readApiProblem } from '../../../../lib/client/api-problem';

/** Banner titles are at most this long (the API's limit). */
export const BANNER_TITLE_MAX_LENGTH = 200;

interface Props {
  initialTitle: string;
  formLabel: string;
  /** Saves the title (empty: no title); rejects with the API's failure, shown here. */
  onSave(title: string): Promise<void>;
  onCancel(): void;
}

/** Changes a banner's title in place; an empty title removes it. */
export function BannerTitleForm({ initialTitle, formLabel, onSave, onCancel }: Props) {
  const t = useT();
  const id = useId();
  const [title, setTitle] = useState(initialTitle);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ field: boolean; message: string } | null>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSaving(true);
    try {
      await onSave(title.trim());
    } catch (failure) {
      const problem = await readApiProblem(failure, t('admin.common.error'));
      setError(problem.fields.title ? { field: true, message: problem.fields.title } : { field: false, message: problem.message });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="admin-form admin-form--inline" onSubmit={submit} noValidate aria-label={formLabel}>
      <div className="field-with-error">
        <label className={`field${error?.field ? ' field--invalid' : ''}`}>
          <span>{t('admin.banners.titleLabel')}</span>
          <input
            value={title}
            maxLength={BANNER_TITLE_MAX_LENGTH}
            autoFocus
            aria-invalid={error?.field ? true : undefined}
            aria-describedby={error?.field ? `${id}-error` : undefined}
            onChange={(event) => setTitle(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') onCancel();
            }}
          />
        </label>
        {error?.field && (
          <small className="field__error" id={`${id}-error`}>
            {error.message}
          </small>
        )}
      </div>
      <button type="submit" className="button button--primary button--small" disabled={saving}>
        {saving ? t('admin.common.saving') : t('admin.common.save')}
      </button>
      <button type="button" className="button button--ghost button--small" onClick={onCancel} disabled={saving}>
        {t('admin.common.cancel')}
      </button>
      {error && !error.field && (
        <p className="form-error" role="alert">
          {error.message}
        </p>
      )}
    </form>
  );
}
