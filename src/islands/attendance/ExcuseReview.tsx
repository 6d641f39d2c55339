import { useId, useState } from 'react';
import { IslandI18n, useLang, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { readApiProblem } from '~/lib/client/api-problem';
import { ATTENDANCE_NOTE_MAX_CHARS } from '~/lib/shared/attendance';
import type { Language } from '~/lib/shared/constants';
import { formatDateTime } from '~/lib/shared/format';
import type { Excuse } from '~/lib/shared/schemas/attendance';
import { FormError } from '~/islands/admin/common/FormError';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { notify } from '~/islands/shell/notify';
import { listExcuses, reviewExcuse } from '~/lib/client/api/attendance';
import { markAttendanceChanged } from './attendance-changes';

interface Props {
  sessionId: number;
}

type Decision = 'accepted' | 'rejected';

/** One excuse: who, why, the file, its state, and the review (with an optional note) that changes it. */
function ExcuseItem({ sessionId, excuse, onReviewed }: { sessionId: number; excuse: Excuse; onReviewed(excuse: Excuse): void }) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const [note, setNote] = useState(excuse.reviewNote ?? '');
  const [busy, setBusy] = useState<Decision | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function review(status: Decision) {
    setBusy(status);
    setError(null);
    try {
      const reviewed = await reviewExcuse(sessionId, excuse.id, { status, ...(note.trim() ? { note: note.trim() } : {}) });
      onReviewed(reviewed);
      // Accepted, the student is excused: the roll call and the audit read the session again.
      markAttendanceChanged();
      notify({ status: 'success', message: t(status === 'accepted' ? 'attendance.excuses.accepted' : 'attendance.excuses.rejected', { name: excuse.name }) });
    } catch (failure) {
      setError((await readApiProblem(failure, t('attendance.excuses.failed'))).message);
    } finally {
      setBusy(null);
    }
  }

  return (
    <li className="excuse-card" aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`}>
        {excuse.name} <span className={`badge excuse-state excuse-state--${excuse.status}`}>{t(`attendance.excuse.state.${excuse.status}`)}</span>
      </h3>
      <p className="muted">{t('attendance.excuse.sentAt', { date: formatDateTime(lang, excuse.createdAt) })}</p>
      <p className="excuse-card__note">{excuse.note}</p>
      <p>
        {excuse.fileUrl && excuse.fileName ? (
          <a href={excuse.fileUrl} download={excuse.fileName} aria-label={t('attendance.excuses.downloadLabel', { name: excuse.name, file: excuse.fileName })}>
            {t('attendance.excuses.download', { file: excuse.fileName })}
          </a>
        ) : (
          <span className="muted">{t('attendance.excuses.noFile')}</span>
        )}
      </p>
      {excuse.reviewedAt && <p className="muted">{t('attendance.excuses.reviewed', { date: formatDateTime(lang, excuse.reviewedAt) })}</p>}
      <label className="field">
        <span>{t('attendance.excuses.note', { name: excuse.name })}</span>
        <textarea className="excuse-card__review-note" rows={2} value={note} maxLength={ATTENDANCE_NOTE_MAX_CHARS} disabled={busy !== null} onChange={(event) => setNote(event.target.value)} />
      </label>
      <FormError message={error} />
      <div className="live-card__actions">
        {excuse.status !== 'accepted' && (
          <button type="button" className="button button--primary" disabled={busy !== null} aria-label={t('attendance.excuses.acceptLabel', { name: excuse.name })} onClick={() => void review('accepted')}>
            {t('attendance.excuses.accept')}
          </button>
        )}
        {excuse.status !== 'rejected' && (
          <button type="button" className="button button--danger" disabled={busy !== null} aria-label={t('attendance.excuses.rejectLabel', { name: excuse.name })} onClick={() => void review('rejected')}>
            {t('attendance.excuses.reject')}
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * The session's excuses for its staff: each student's note and file, and
 * Aceptar / Rechazar with an optional note (accepting makes the student
 * excused; the server does it). A refresh reads newly sent ones.
 */
function Review({ sessionId }: Props) {
  const t = useT();
  const loader = useLoader((signal) => listExcuses(sessionId, signal), [sessionId]);
  const { state, update, reload, isReloading } = loader;
  if (state.status !== 'ready') return <LoadStatus loader={loader} />;
  const onReviewed = (reviewed: Excuse) => update((list) => list.map((item) => (item.id === reviewed.id ? reviewed : item)));
  return (
    <div className="excuse-review">
      {state.data.length === 0 ? (
        <p className="empty">{t('attendance.excuses.empty')}</p>
      ) : (
        <ul className="excuse-review__list" aria-label={t('attendance.excuses.list')}>
          {state.data.map((excuse) => (
            <ExcuseItem key={excuse.id} sessionId={sessionId} excuse={excuse} onReviewed={onReviewed} />
          ))}
        </ul>
      )}
      <div className="live-card__actions">
        <button type="button" className="button button--ghost" disabled={isReloading} aria-busy={isReloading} aria-label={t('attendance.excuses.refreshLabel')} onClick={reload}>
          {t('attendance.excuses.refresh')}
        </button>
      </div>
    </div>
  );
}

export default function ExcuseReview({ lang, messages, ...props }: Props & { lang: Language; messages: Messages }) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Review {...props} />
    </IslandI18n>
  );
}
