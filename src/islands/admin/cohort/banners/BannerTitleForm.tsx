import { useState, type SubmitEvent } from 'react';
import { useT } from '~/i18n/islands';
import { readApiProblem } from '~/lib/client/api-problem';
import { FieldWithError } from '~/islands/admin/common/FieldWithError';
import { FormButtons } from '~/islands/admin/common/FormButtons';
import { FormError } from '~/islands/admin/common/FormError';

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
      <FieldWithError label={t('admin.banners.titleLabel')} error={error?.field ? error.message : null}>
        {(aria) => (
          <input
            value={title}
            maxLength={BANNER_TITLE_MAX_LENGTH}
            autoFocus
            {...aria}
            onChange={(event) => setTitle(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') onCancel();
            }}
          />
        )}
      </FieldWithError>
      <FormButtons busy={saving} submitLabel={t('admin.common.save')} onCancel={onCancel} />
      <FormError message={error && !error.field ? error.message : null} />
    </form>
  );
}
