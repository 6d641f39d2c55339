import { useRef, useState, type SubmitEvent } from 'react';
import { useT } from '~/i18n/islands';
import { readApiProblem } from '~/lib/client/api-problem';
import { BANNER_IMAGE_MAX_BYTES, BANNER_IMAGE_MAX_LABEL, BANNER_IMAGE_TYPES } from '~/lib/shared/banner-limits';
import type { Language } from '~/lib/shared/constants';
import type { CohortBanner } from '~/lib/shared/schemas/banners';
import { FieldWithError } from '~/islands/admin/common/FieldWithError';
import { FormError } from '~/islands/admin/common/FormError';
import { UploadProgress } from '~/islands/admin/common/UploadProgress';
import { uploadBanner } from '~/lib/client/api/cohorts';
import { BANNER_TITLE_MAX_LENGTH } from './BannerTitleForm';
import { FilePicker } from '../../common/FilePicker';

interface Props {
  lang: Language;
  cohortId: number;
  onUploaded(banner: CohortBanner): void;
}

/** "PNG, JPEG o WEBP": the accepted types as people name them. */
const typeNamesOf = (lang: Language) => new Intl.ListFormat(lang, { type: 'disjunction' }).format(BANNER_IMAGE_TYPES.map((type) => type.slice(type.indexOf('/') + 1).toUpperCase()));

/** Uploads a new banner image (with an optional title), showing its progress and the server's verdict. */
export function BannerUploadForm({ lang, cohortId, onUploaded }: Props) {
  const t = useT();
  const fileRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const uploading = progress !== null;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const file = fileRef.current?.files?.[0];
    if (!file) return setFields({ image: t('admin.banners.chooseImage') });
    setFields({});
    setProgress(0);
    try {
      const banner = await uploadBanner(cohortId, file, title.trim(), setProgress);
      setTitle('');
      if (fileRef.current) fileRef.current.value = '';
      onUploaded(banner);
    } catch (failure) {
      // A server may close the connection on an oversize body before answering 413: name the limit anyway.
      const fallback = !(failure instanceof Response) && file.size > BANNER_IMAGE_MAX_BYTES ? t('admin.banners.tooLarge', { limit: BANNER_IMAGE_MAX_LABEL }) : t('admin.common.error');
      const problem = await readApiProblem(failure, fallback);
      setFields(problem.fields);
      if (!problem.fields.image && !problem.fields.title) setFormError(problem.message);
    } finally {
      setProgress(null);
    }
  }

  return (
    <form className="admin-form banner-upload" onSubmit={submit} noValidate aria-label={t('admin.banners.uploadForm')}>
      <h3>{t('admin.banners.uploadForm')}</h3>
      <FieldWithError label={t('admin.banners.imageLabel')} hint={t('admin.banners.imageHint', { types: typeNamesOf(lang), limit: BANNER_IMAGE_MAX_LABEL })} error={fields.image}>
        {(aria) => <FilePicker ref={fileRef} accept={BANNER_IMAGE_TYPES.join(',')} required disabled={uploading} {...aria} onChange={() => setFields(({ image: _image, ...rest }) => rest)} />}
      </FieldWithError>
      <FieldWithError label={t('admin.banners.titleOptional')} error={fields.title}>
        {(aria) => <input value={title} maxLength={BANNER_TITLE_MAX_LENGTH} disabled={uploading} {...aria} onChange={(event) => setTitle(event.target.value)} />}
      </FieldWithError>
      {uploading && <UploadProgress share={progress} label={(percent) => t('admin.banners.uploading', { percent })} />}
      <FormError message={formError} />
      <div className="admin-actions">
        <button type="submit" className="button button--primary" disabled={uploading}>
          {t('admin.banners.upload')}
        </button>
      </div>
    </form>
  );
}
