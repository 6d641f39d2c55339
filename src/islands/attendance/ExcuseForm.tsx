import { useRef, useState, type SubmitEvent } from 'react';
import { IslandI18n, useLang, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { readApiProblem } from '~/lib/client/api-problem';
import { ATTENDANCE_NOTE_MAX_CHARS, EXCUSE_FILE_MAX_BYTES, EXCUSE_FILE_MAX_LABEL } from '~/lib/shared/attendance';
import type { Language } from '~/lib/shared/constants';
import { formatDateTime } from '~/lib/shared/format';
import { formatFileSize } from '~/lib/shared/format-file-size';
import type { Excuse } from '~/lib/shared/schemas/attendance';
import { FieldWithError } from '~/islands/admin/common/FieldWithError';
import { FilePicker } from '~/islands/admin/common/FilePicker';
import { FormError } from '~/islands/admin/common/FormError';
import { UploadProgress } from '~/islands/admin/common/UploadProgress';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { notify } from '~/islands/shell/notify';
import { listExcuses, sendExcuse } from '~/lib/client/api/attendance';

interface Props {
  sessionId: number;
}

/** What the file picker offers (the server reads the file's bytes anyway). */
const ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,.gif,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp';

/** The student's excuse as it stands: its state, note, file and the reviewer's note. */
function MyExcuse({ excuse }: { excuse: Excuse }) {
  const t = useT();
  const lang = useLang();
  const hint = { pending: 'attendance.excuse.pendingHint', accepted: 'attendance.excuse.acceptedHint', rejected: 'attendance.excuse.rejectedHint' }[excuse.status];
  return (
    <div className="excuse-card" data-testid="my-excuse">
      <h3>
        {t('attendance.excuse.mine')} <span className={`badge excuse-state excuse-state--${excuse.status}`}>{t(`attendance.excuse.state.${excuse.status}`)}</span>
      </h3>
      <p className="muted">{t('attendance.excuse.sentAt', { date: formatDateTime(lang, excuse.createdAt) })}</p>
      <p className="excuse-card__note">{excuse.note}</p>
      {excuse.fileUrl && excuse.fileName && (
        <p>
          <a href={excuse.fileUrl} download={excuse.fileName}>
            {t('attendance.excuse.download', { name: excuse.fileName })}
          </a>
        </p>
      )}
      {excuse.reviewNote && <p>{t('attendance.excuse.reviewNote', { note: excuse.reviewNote })}</p>}
      <p className="muted">{t(hint)}</p>
    </div>
  );
}

/** The note and the optional file, checked here first (the server checks again), sent with a progress bar. */
function SendForm({ sessionId, replacing, onSent }: { sessionId: number; replacing: boolean; onSent(excuse: Excuse): void }) {
  const t = useT();
  const lang = useLang();
  const fileRef = useRef<HTMLInputElement>(null);
  const [note, setNote] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const file = fileRef.current?.files?.[0] ?? null;
    const problems: Record<string, string> = {};
    if (!note.trim()) problems.note = t('validation.required.field');
    else if (note.trim().length > ATTENDANCE_NOTE_MAX_CHARS) problems.note = t('validation.length.max', { count: ATTENDANCE_NOTE_MAX_CHARS });
    if (file && file.size > EXCUSE_FILE_MAX_BYTES) problems.file = t('attendance.excuse.tooLarge', { name: file.name, size: formatFileSize(file.size, lang), limit: EXCUSE_FILE_MAX_LABEL });
    setFields(problems);
    if (Object.keys(problems).length > 0) return;
    setProgress(0);
    try {
      const excuse = await sendExcuse(sessionId, note.trim(), file, setProgress);
      setNote('');
      if (fileRef.current) fileRef.current.value = '';
      onSent(excuse);
    } catch (failure) {
      const problem = await readApiProblem(failure, t('attendance.excuse.failed'));
      setFields(problem.fields);
      if (!problem.fields.note && !problem.fields.file) setFormError(problem.message);
    } finally {
      setProgress(null);
    }
  }

  const sending = progress !== null;
  return (
    <form className="excuse-form" onSubmit={submit} noValidate>
      <FieldWithError label={t('attendance.excuse.note')} hint={t('attendance.excuse.noteHint', { count: ATTENDANCE_NOTE_MAX_CHARS })} error={fields.note}>
        {(aria) => <textarea className="excuse-form__note" rows={4} value={note} maxLength={ATTENDANCE_NOTE_MAX_CHARS} disabled={sending} {...aria} onChange={(event) => setNote(event.target.value)} />}
      </FieldWithError>
      <FieldWithError label={t('attendance.excuse.file')} hint={t('attendance.excuse.fileHint', { size: EXCUSE_FILE_MAX_LABEL })} error={fields.file}>
        {(aria) => <FilePicker ref={fileRef} accept={ACCEPT} disabled={sending} {...aria} onChange={() => setFields(({ file: _file, ...rest }) => rest)} />}
      </FieldWithError>
      {sending && <UploadProgress share={progress} label={(percent) => t('attendance.excuse.progress', { percent })} />}
      <FormError message={formError} />
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? t('attendance.excuse.sending') : t(replacing ? 'attendance.excuse.replace' : 'attendance.excuse.send')}
      </button>
    </form>
  );
}

/**
 * A student's excuse for a session: the one they sent (pending, accepted or
 * rejected, with the reviewer's note) and the form to send or replace it,
 * until it is accepted.
 */
function Excuses({ sessionId }: Props) {
  const t = useT();
  const loader = useLoader((signal) => listExcuses(sessionId, signal), [sessionId]);
  const { state, update } = loader;
  if (state.status !== 'ready') return <LoadStatus loader={loader} />;
  const mine = state.data[0] ?? null;
  const onSent = (excuse: Excuse) => {
    update(() => [excuse]);
    notify({ status: 'success', message: t('attendance.excuse.sent') });
  };
  return (
    <div className="excuse">
      {mine ? <MyExcuse excuse={mine} /> : <p className="muted">{t('attendance.excuse.intro')}</p>}
      {mine?.status !== 'accepted' && <SendForm sessionId={sessionId} replacing={mine !== null} onSent={onSent} />}
    </div>
  );
}

export default function ExcuseForm({ lang, messages, ...props }: Props & { lang: Language; messages: Messages }) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Excuses {...props} />
    </IslandI18n>
  );
}
