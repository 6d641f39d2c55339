import { useState, type SubmitEvent } from 'react';
import { useT } from '~/i18n/islands';
import { FieldWithError } from '~/islands/admin/common/FieldWithError';
import { FormButtons } from '~/islands/admin/common/FormButtons';
import { FormError } from '~/islands/admin/common/FormError';
import { useFormSubmit } from '~/islands/admin/common/use-form-submit';
import { KeptDraftNotice } from '~/islands/admin/common/KeptDraftNotice';
import { useKeptDraft } from '~/islands/admin/common/use-kept-draft';
import { isTransientFailure } from '~/lib/client/api-problem';

/** The API's limits on a news item. */
const TITLE_MAX_LENGTH = 200;
const BODY_MAX_LENGTH = 20_000;
const FIELDS = ['title', 'body'] as const;

export interface NewsDraft {
  title: string;
  body: string;
}

interface Props {
  /** Names the draft kept in this browser when saving fails: `news:new:<cohortId>` or `news:<id>`. */
  draftKey: string;
  initial?: NewsDraft;
  submitLabel: string;
  formLabel: string;
  /** Saves the draft; rejects with the API's failure, shown here. */
  onSave(draft: NewsDraft): Promise<void>;
  onCancel(): void;
}

/** Writes or edits a news item: a title and a Markdown body. */
const sameNews = (a: NewsDraft, b: NewsDraft) => a.title === b.title && a.body === b.body;

export function NewsForm({ draftKey, initial = { title: '', body: '' }, submitLabel, formLabel, onSave, onCancel }: Props) {
  const t = useT();
  const [title, setTitle] = useState(initial.title);
  const [body, setBody] = useState(initial.body);
  const { busy: saving, fields, formError, submit: run } = useFormSubmit(FIELDS);
  const kept = useKeptDraft(draftKey, { title, body }, sameNews);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    await run(title.trim() ? {} : { title: t('admin.common.required') }, async () => {
      try {
        await onSave({ title: title.trim(), body });
        kept.forget();
      } catch (failure) {
        // Offline or the server down: what was written stays in this browser.
        if (isTransientFailure(failure)) kept.keep();
        throw failure;
      }
    });
  }

  function restore() {
    const restored = kept.restore();
    if (!restored) return;
    setTitle(restored.title);
    setBody(restored.body);
  }

  function cancel() {
    // Cancelling on purpose throws the kept text away too.
    kept.forget();
    onCancel();
  }

  return (
    <form className="admin-form news-form" onSubmit={submit} noValidate aria-label={formLabel}>
      {kept.offer && <KeptDraftNotice keptAt={kept.offer.keptAt} onRestore={restore} onDiscard={kept.forget} />}
      <FieldWithError label={t('admin.news.titleLabel')} error={fields.title}>
        {(aria) => <input value={title} maxLength={TITLE_MAX_LENGTH} required autoFocus {...aria} onChange={(event) => setTitle(event.target.value)} />}
      </FieldWithError>
      <FieldWithError label={t('admin.news.bodyLabel')} hint={t('admin.news.bodyHint')} error={fields.body}>
        {(aria) => <textarea value={body} maxLength={BODY_MAX_LENGTH} rows={8} {...aria} onChange={(event) => setBody(event.target.value)} />}
      </FieldWithError>
      <FormError message={formError} />
      {kept.keeping && <p className="muted" role="status">{t('admin.common.drafts.keptHere')}</p>}
      <div className="admin-actions">
        <FormButtons busy={saving} submitLabel={submitLabel} onCancel={cancel} small={false} />
      </div>
    </form>
  );
}
