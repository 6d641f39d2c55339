import { useId, useState } from 'react';
import { useT } from '~/i18n/islands';
import { readApiProblem } from '~/lib/client/api-problem';
import { sendLessonFeedback } from '~/lib/client/api/assignments';

interface Props {
  studentId: number;
  studentName: string;
  /** The course's published lessons. */
  lessons: { id: number; title: string }[];
}

/**
 * A comment to the student about one of the course's lessons (not about this
 * assignment): it reaches their feedback page at once and counts as unseen
 * until they read it. The server's refusals appear beside their fields.
 */
export function LessonFeedback({ studentId, studentName, lessons }: Props) {
  const t = useT();
  const id = useId();
  const [lessonId, setLessonId] = useState(lessons[0]?.id ?? 0);
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  if (lessons.length === 0) return null;

  async function send() {
    if (!body.trim()) {
      setError({ message: t('assignments.lessonFeedback.bodyNeeded'), fields: { body: t('assignments.lessonFeedback.bodyNeeded') } });
      return;
    }
    setBusy(true);
    setError(null);
    setSent(null);
    try {
      await sendLessonFeedback({ studentId, lessonId, body });
      setSent(t('assignments.lessonFeedback.sent', { name: studentName, lesson: lessons.find((lesson) => lesson.id === lessonId)?.title ?? '' }));
      setBody('');
    } catch (failure) {
      setError(await readApiProblem(failure, t('assignments.lessonFeedback.failed')));
    } finally {
      setBusy(false);
    }
  }

  const fieldError = error?.fields.body;
  const lessonError = error?.fields.lessonId;
  return (
    <details className="lesson-feedback">
      <summary>{t('assignments.lessonFeedback.title')}</summary>
      <form
        aria-label={t('assignments.lessonFeedback.title')}
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label className="field">
          <span>{t('assignments.lessonFeedback.lesson')}</span>
          <select value={lessonId} onChange={(event) => setLessonId(Number(event.target.value))} {...(lessonError ? { 'aria-invalid': true, 'aria-describedby': `${id}-lesson-error` } : {})}>
            {lessons.map((lesson) => (
              <option key={lesson.id} value={lesson.id}>
                {lesson.title}
              </option>
            ))}
          </select>
          {lessonError && (
            <span className="field__error" id={`${id}-lesson-error`}>
              {lessonError}
            </span>
          )}
        </label>
        <label className="field">
          <span>{t('assignments.lessonFeedback.body')}</span>
          <textarea
            rows={4}
            value={body}
            onChange={(event) => {
              setBody(event.target.value);
              setSent(null);
            }}
            {...(fieldError ? { 'aria-invalid': true, 'aria-describedby': `${id}-body-error` } : {})}
          />
          {fieldError && (
            <span className="field__error" id={`${id}-body-error`}>
              {fieldError}
            </span>
          )}
        </label>
        {error && !fieldError && !lessonError && (
          <p className="notice notice--error" role="alert">
            {error.message}
          </p>
        )}
        <p role="status" className="muted">
          {sent ?? ''}
        </p>
        <button type="submit" className="button button--ghost" disabled={busy}>
          {t('assignments.lessonFeedback.send')}
        </button>
      </form>
    </details>
  );
}
