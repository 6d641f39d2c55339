import { useState, type SubmitEvent } from 'react';
import { useT } from '~/i18n/islands';
import { readApiProblem } from '~/lib/client/api-problem';
import { FieldWithError } from '~/islands/admin/common/FieldWithError';
import { FormButtons } from '~/islands/admin/common/FormButtons';
import { FormError } from '~/islands/admin/common/FormError';

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

  return (
    <form className="admin-form news-form" onSubmit={submit} noValidate aria-label={formLabel}>
      <FieldWithError label={t('admin.news.titleLabel')} error={fields.title}>
        {(aria) => <input value={title} maxLength={TITLE_MAX_LENGTH} required autoFocus {...aria} onChange={(event) => setTitle(event.target.value)} />}
      </FieldWithError>
      <FieldWithError label={t('admin.news.bodyLabel')} hint={t('admin.news.bodyHint')} error={fields.body}>
        {(aria) => <textarea value={body} maxLength={BODY_MAX_LENGTH} rows={8} {...aria} onChange={(event) => setBody(event.target.value)} />}
      </FieldWithError>
      <FormError message={formError} />
      <div className="admin-actions">
        <FormButtons busy={saving} submitLabel={submitLabel} onCancel={onCancel} small={false} />
      </div>
    </form>
  );
}
