import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { IslandI18n, useLang, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { readApiProblem } from '~/lib/client/api-problem';
import type { Language } from '~/lib/shared/constants';
import { SUBMISSION_MAX_FILES, type SubmissionFileType, type SubmissionType } from '~/lib/shared/assignments';
import { formatNumber } from '~/lib/shared/format';
import { OUTBOX_SENT_EVENT, type OutboxSentDetail } from '~/lib/client/outbox/replay-outbox';
import { submitWrite } from '~/lib/client/outbox/submit-write';

interface Props {
  assignmentId: number;
  /** The assignment's title (the "Pendiente de enviar" list names it). */
  title: string;
  submissionTypes: SubmissionType[];
  /** Extensions a file may have (null: any Senda stores). */
  allowedFileTypes: SubmissionFileType[] | null;
  maxFileMb: number;
  /** A first submission, or a new one that keeps the earlier ones. */
  resubmission: boolean;
}

/** "2,5 MB", "340 KB". */
function sizeText(t: ReturnType<typeof useT>, lang: Language, bytes: number): string {
  return bytes >= 1024 * 1024 ? t('assignments.size.mb', { size: formatNumber(lang, Math.round((bytes / 1024 / 1024) * 10) / 10) }) : t('assignments.size.kb', { size: formatNumber(lang, Math.max(1, Math.round(bytes / 1024))) });
}

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase().replace('jpeg', 'jpg');

/**
 * The submission form: a text, a link and files (chosen or dropped), as the
 * assignment takes them. Files are checked here for type and size first (the
 * server checks again, by their bytes), then sent with a progress bar; once
 * in, the page shows the new submission in the history.
 */
function SubmitForm({ assignmentId, title, submissionTypes, allowedFileTypes, maxFileMb, resubmission }: Props) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [link, setLink] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [dragging, setDragging] = useState(false);
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [done, setDone] = useState(false);
  const [queued, setQueued] = useState(false);
  const takes = (type: SubmissionType) => submissionTypes.includes(type);

  // A submission kept offline that the outbox sent once the connection returned: the page shows it in the history.
  useEffect(() => {
    const onSent = (event: Event) => {
      const { entry } = (event as CustomEvent<OutboxSentDetail>).detail;
      if (entry.write.kind === 'assignment-submission' && entry.write.assignmentId === assignmentId) window.location.reload();
    };
    window.addEventListener(OUTBOX_SENT_EVENT, onSent);
    return () => window.removeEventListener(OUTBOX_SENT_EVENT, onSent);
  }, [assignmentId]);
  const total = files.reduce((sum, file) => sum + file.size, 0);

  function addFiles(list: FileList | null) {
    if (!list) return;
    const problems: string[] = [];
    const added: File[] = [];
    for (const file of Array.from(list)) {
      if (allowedFileTypes && !allowedFileTypes.includes(extensionOf(file.name) as SubmissionFileType)) problems.push(t('assignments.submit.typeRefused', { name: file.name, types: allowedFileTypes.join(', ').toUpperCase() }));
      else if (file.size > maxFileMb * 1024 * 1024) problems.push(t('assignments.submit.tooLarge', { name: file.name, limit: maxFileMb }));
      else added.push(file);
    }
    const next = [...files, ...added].slice(0, SUBMISSION_MAX_FILES);
    if (files.length + added.length > SUBMISSION_MAX_FILES) problems.push(t('assignments.submit.tooMany', { count: SUBMISSION_MAX_FILES }));
    setFiles(next);
    setError(problems.length ? { message: problems.join(' '), fields: {} } : null);
    if (input.current) input.current.value = '';
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer.files);
  }

  async function submit() {
    if (!text.trim() && !link.trim() && files.length === 0) {
      setError({ message: t('validation.assignments.emptySubmission'), fields: {} });
      return;
    }
    setError(null);
    setQueued(false);
    setSent(0);
    try {
      const write = { kind: 'assignment-submission' as const, assignmentId, text, link, files: files.map((file) => ({ name: file.name, blob: file })) };
      const outcome = await submitWrite({ title, href: `${window.location.pathname}`, write }, { onProgress: setSent });
      if (outcome.status === 'queued') {
        // Kept on this device: the form empties, the list in the header shows it until it is sent.
        setText('');
        setLink('');
        setFiles([]);
        setQueued(true);
        return;
      }
      setDone(true);
      // The page shows the history (and the homework, the course) as they now are.
      window.location.reload();
    } catch (failure) {
      const problem = await readApiProblem(failure, t('assignments.submit.failed'));
      setError({ message: problem.message, fields: problem.fields });
    } finally {
      setSent(null);
    }
  }

  const busy = sent !== null;
  return (
    <form
      className="assignment-submit"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id={`${id}-title`}>{t(resubmission ? 'assignments.submit.again' : 'assignments.submit.title')}</h2>
      {resubmission && <p className="muted">{t('assignments.submit.againHint')}</p>}
      {takes('text') && (
        <label className="field">
          <span>{t('assignments.submit.text')}</span>
          <textarea rows={6} value={text} onChange={(event) => setText(event.target.value)} aria-invalid={Boolean(error?.fields.text)} disabled={busy} />
          {error?.fields.text && <span className="field__error">{error.fields.text}</span>}
        </label>
      )}
      {takes('link') && (
        <label className="field">
          <span>{t('assignments.submit.link')}</span>
          <input type="url" inputMode="url" placeholder="https://" value={link} onChange={(event) => setLink(event.target.value)} aria-invalid={Boolean(error?.fields.link)} disabled={busy} />
          {error?.fields.link && <span className="field__error">{error.fields.link}</span>}
        </label>
      )}
      {takes('file') && (
        <div
          className={`dropzone${dragging ? ' dropzone--active' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <label className="field">
            <span>{t('assignments.submit.files')}</span>
            <input ref={input} type="file" multiple accept={allowedFileTypes?.map((type) => `.${type}`).join(',')} onChange={(event) => addFiles(event.target.files)} disabled={busy} aria-describedby={`${id}-files-hint`} />
          </label>
          <p id={`${id}-files-hint`} className="muted">
            {t('assignments.submit.filesHint', { limit: maxFileMb, types: allowedFileTypes ? allowedFileTypes.join(', ').toUpperCase() : t('assignments.submit.anyType') })}
          </p>
          {files.length > 0 && (
            <ul className="assignment-files" aria-label={t('assignments.submit.chosen')}>
              {files.map((file, index) => (
                <li key={`${file.name}-${index}`}>
                  <span>{file.name}</span> <span className="muted">{sizeText(t, lang, file.size)}</span>{' '}
                  <button type="button" className="button button--ghost button--small" onClick={() => setFiles(files.filter((_, other) => other !== index))} disabled={busy} aria-label={t('assignments.submit.remove', { name: file.name })}>
                    {t('assignments.submit.removeShort')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {busy && (
        <div className="progress" role="status">
          <span>{t('assignments.submit.sending', { percent: total ? Math.min(100, Math.round((sent / total) * 100)) : 100 })}</span>
          <progress max={Math.max(total, 1)} value={Math.min(sent, total)} aria-label={t('assignments.submit.progress')} />
        </div>
      )}
      {error && (
        <p className="notice notice--error" role="alert">
          {error.message}
        </p>
      )}
      {done && <p role="status">{t('assignments.submit.done')}</p>}
      {queued && (
        <p className="notice notice--warning" role="status">
          {t('outbox.queued')}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={busy}>
        {t(resubmission ? 'assignments.submit.sendAgain' : 'assignments.submit.send')}
      </button>
    </form>
  );
}

export default function SubmitAssignment({ lang, messages, ...props }: Props & { lang: Language; messages: Messages }) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <SubmitForm {...props} />
    </IslandI18n>
  );
}
