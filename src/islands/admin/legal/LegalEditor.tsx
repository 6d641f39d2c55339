import { useState, type SubmitEvent } from 'react';
import { IslandI18n, useLang, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { isTransientFailure } from '~/lib/client/api-problem';
import { LANGUAGES, type Language } from '~/lib/shared/constants';
import { formatDateTime } from '~/lib/shared/format';
import type { LegalDocument, UpdateLegalDocumentBody } from '~/lib/shared/schemas/legal';
import { FieldWithError } from '~/islands/admin/common/FieldWithError';
import { FormError } from '~/islands/admin/common/FormError';
import { KeptDraftNotice } from '~/islands/admin/common/KeptDraftNotice';
import { useFormSubmit } from '~/islands/admin/common/use-form-submit';
import { useKeptDraft } from '~/islands/admin/common/use-kept-draft';
import { notify } from '~/islands/shell/notify';
import { updateLegalDocument } from '~/lib/client/api/legal';

export interface LegalEditorProps {
  lang: Language;
  messages: Messages;
  /** The document as published now (with Senda's default text where no admin wrote one). */
  initial: LegalDocument;
}

const sameTexts = (a: UpdateLegalDocumentBody, b: UpdateLegalDocumentBody) => a.es === b.es && a.en === b.en;

function Editor({ initial }: { initial: LegalDocument }) {
  const t = useT();
  const lang = useLang();
  const [saved, setSaved] = useState(initial);
  const [texts, setTexts] = useState<UpdateLegalDocumentBody>({ es: initial.es.bodyMd, en: initial.en.bodyMd });
  const { busy, fields, formError, submit: run } = useFormSubmit(LANGUAGES);
  const kept = useKeptDraft(`legal:${initial.document}`, texts, sameTexts);
  const isDirty = !sameTexts(texts, { es: saved.es.bodyMd, en: saved.en.bodyMd });
  const title = t(`legal.${initial.document}.title`);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    await run({}, async () => {
      try {
        const published = await updateLegalDocument(initial.document, texts);
        setSaved(published);
        setTexts({ es: published.es.bodyMd, en: published.en.bodyMd });
        kept.forget();
        notify({ status: 'success', message: t('admin.legal.published', { title }) });
      } catch (failure) {
        if (isTransientFailure(failure)) kept.keep();
        throw failure;
      }
    });
  }

  function restore() {
    const restored = kept.restore();
    if (restored) setTexts(restored);
  }

  return (
    <form className="admin-form legal-editor" aria-label={t('admin.legal.editLabel', { title })} onSubmit={submit} noValidate>
      <h2>{title}</h2>
      <p className="muted">
        {saved.updatedAt ? t('admin.legal.updatedAt', { date: formatDateTime(lang, saved.updatedAt, 'long') }) : t('admin.legal.neverEdited')}{' '}
        <a href={`/legal/${initial.document}`}>{t('admin.legal.view')}</a>
      </p>
      {kept.offer && <KeptDraftNotice keptAt={kept.offer.keptAt} onRestore={restore} onDiscard={kept.forget} />}
      <div className="legal-editor__languages">
        {LANGUAGES.map((language) => (
          <FieldWithError
            key={language}
            label={t(`admin.legal.text.${language}`)}
            hint={saved[language].isDefault ? t('admin.legal.isDefault') : t('admin.legal.emptyRestores')}
            error={fields[language]}
          >
            {(aria) => (
              <textarea
                lang={language}
                value={texts[language]}
                rows={14}
                spellCheck
                {...aria}
                onChange={(event) => setTexts((current) => ({ ...current, [language]: event.target.value }))}
              />
            )}
          </FieldWithError>
        ))}
      </div>
      <FormError message={formError} />
      {kept.keeping && isDirty && (
        <p className="muted" role="status">
          {t('admin.common.drafts.keptHere')}
        </p>
      )}
      <div className="admin-actions">
        <button type="submit" className="button button--primary" disabled={busy || !isDirty}>
          {busy ? t('admin.common.saving') : t('admin.legal.publish')}
        </button>
      </div>
    </form>
  );
}

/** Admins write the terms and conditions or the privacy notice in Spanish and English; students read them on /legal/…. */
export default function LegalEditor({ lang, messages, initial }: LegalEditorProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Editor initial={initial} />
    </IslandI18n>
  );
}
