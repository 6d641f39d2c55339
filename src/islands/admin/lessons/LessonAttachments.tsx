import { useRef, useState, type SubmitEvent } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { readApiProblem } from '~/lib/client/api-problem';
import { LESSON_ATTACHMENT_MAX_BYTES, LESSON_ATTACHMENT_MAX_LABEL, type Language } from '~/lib/shared/constants';
import { formatFileSize } from '~/lib/shared/format-file-size';
import { lessonAttachmentPagePath } from '~/lib/shared/lesson-files';
import type { LessonAttachment } from '~/lib/shared/schemas/lesson-attachments';
import { notify } from '~/islands/shell/notify';
import { FieldWithError } from '~/islands/admin/common/FieldWithError';
import { DeleteButton } from '~/islands/admin/common/DeleteButton';
import { FormError } from '~/islands/admin/common/FormError';
import { UploadProgress } from '~/islands/admin/common/UploadProgress';
import { useListChanges } from '~/islands/admin/common/use-list-changes';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { deleteAttachment, listAttachments, uploadAttachment } from '~/lib/client/api/lessons';
import '~/styles/admin-lesson-files.css';
import { FilePicker } from '../common/FilePicker';

export interface LessonAttachmentsProps {
  lang: Language;
  messages: Messages;
  lessonId: number;
}

/** What the file picker offers (the server checks the bytes anyway). */
const ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,.gif,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.zip';

/** Uploads one file with a progress bar; problems show next to the field or above the button. */
function UploadForm({ lang, lessonId, onUploaded }: { lang: Language; lessonId: number; onUploaded(attachment: LessonAttachment): void }) {
  const t = useT();
  const fileRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const file = fileRef.current?.files?.[0];
    if (!file) return setFieldError(t('admin.attachments.chooseFirst'));
    if (file.size > LESSON_ATTACHMENT_MAX_BYTES) {
      return setFieldError(t('admin.attachments.tooLarge', { name: file.name, size: formatFileSize(file.size, lang), limit: LESSON_ATTACHMENT_MAX_LABEL }));
    }
    setFieldError(null);
    setProgress(0);
    try {
      const attachment = await uploadAttachment(lessonId, file, setProgress);
      if (fileRef.current) fileRef.current.value = '';
      onUploaded(attachment);
    } catch (failure) {
      const problem = await readApiProblem(failure, t('admin.common.error'));
      if (problem.fields.file) setFieldError(problem.fields.file);
      else setFormError(problem.message);
    } finally {
      setProgress(null);
    }
  }

  const uploading = progress !== null;
  return (
    <form className="admin-form lesson-attachments__upload" onSubmit={submit} noValidate>
      <FieldWithError label={t('admin.attachments.file')} hint={t('admin.attachments.hint', { size: LESSON_ATTACHMENT_MAX_LABEL })} error={fieldError}>
        {(aria) => <FilePicker ref={fileRef} accept={ACCEPT} disabled={uploading} {...aria} onChange={() => setFieldError(null)} />}
      </FieldWithError>
      {uploading && <UploadProgress share={progress} label={(percent) => t('admin.attachments.progress', { percent })} />}
      <FormError message={formError} />
      <div className="admin-actions">
        <button type="submit" className="button button--primary" disabled={uploading}>
          {uploading ? t('admin.attachments.uploading') : t('admin.attachments.upload')}
        </button>
      </div>
    </form>
  );
}

function Attachments({ lang, lessonId }: { lang: Language; lessonId: number }) {
  const t = useT();
  const loader = useLoader((signal) => listAttachments(lessonId, signal), [lessonId]);
  const { state, update } = loader;
  const changes = useListChanges();

  const remove = (attachment: LessonAttachment) =>
    changes.change(
      attachment.id,
      async () => {
        await deleteAttachment(lessonId, attachment.id);
        update((list) => list.filter((item) => item.id !== attachment.id));
        notify({ status: 'success', message: t('admin.attachments.deleted', { name: attachment.fileName }) });
      },
      t('admin.common.confirmDelete', { name: attachment.fileName }),
    );

  function onUploaded(attachment: LessonAttachment) {
    update((list) => [...list, attachment]);
    notify({ status: 'success', message: t('admin.attachments.uploaded', { name: attachment.fileName }) });
  }

  if (state.status !== 'ready') return <LoadStatus loader={loader} />;
  const attachments = state.data;

  return (
    <div className="lesson-attachments" data-testid="lesson-attachments">
      <p className="muted">{t('admin.attachments.intro')}</p>
      <FormError message={changes.error} />
      {attachments.length === 0 ? (
        <p className="empty">{t('admin.attachments.empty')}</p>
      ) : (
        <ul className="admin-list" aria-label={t('admin.attachments.list')}>
          {attachments.map((attachment) => (
            <li key={attachment.id} className="admin-list__item">
              <span className="admin-list__main">
                <a href={lessonAttachmentPagePath(lessonId, attachment.id)} download={attachment.fileName} className="lesson-attachments__name">
                  {attachment.fileName}
                </a>{' '}
                <span className="muted">{formatFileSize(attachment.sizeBytes, lang)}</span>
              </span>
              <span className="admin-actions">
                <DeleteButton label={t('admin.attachments.deleteLabel', { name: attachment.fileName })} busy={changes.busyId === attachment.id} onDelete={() => void remove(attachment)} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <UploadForm lang={lang} lessonId={lessonId} onUploaded={onUploaded} />
    </div>
  );
}

/** A lesson's attachments for its managers: the list (download links), upload with a progress bar, delete after confirming. */
export default function LessonAttachments({ lang, messages, lessonId }: LessonAttachmentsProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Attachments lang={lang} lessonId={lessonId} />
    </IslandI18n>
  );
}
