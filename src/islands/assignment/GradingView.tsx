import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { IslandI18n, useLang, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { readApiProblem } from '~/lib/client/api-problem';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import type { Language } from '~/lib/shared/constants';
import type { RosterSort } from '~/lib/shared/assignments';
import type { RosterRow, SubmissionDetail } from '~/lib/shared/schemas/assignments';
import { formatDateTime, formatNumber } from '~/lib/shared/format';
import { readRoster, readSubmission, releaseGrades, saveGrade } from '~/lib/client/api/assignments';
import { GradingSheetUpload } from './GradingSheetUpload';
import { LessonFeedback } from './LessonFeedback';
import { CohortFilter } from '~/islands/common/CohortFilter';
import { FileExportStatus } from '~/islands/common/FileExportProgress';

interface Props {
  assignmentId: number;
  maxScore: number;
  /** Manual release not done yet: students see nothing until "Publish grades". */
  releasePending: boolean;
  /** A zip the job engine is building for the caller (the zip link sent them back here with it). */
  zipExportId: number | null;
  /** The cohorts whose students the caller grades (the filter offers them when there are several). */
  cohorts: { id: number; name: string }[];
  /** The cohort in the page's address (`?cohort=`), if it is one of them. */
  initialCohort: number | null;
  /** The course's published lessons (a comment to the student on one of them). */
  lessons: { id: number; title: string }[];
}

/** Keeps the cohort chosen in the address (`?cohort=`), so a reload or a shared link shows the same list. */
function rememberCohort(cohortId: number | null) {
  const url = new URL(window.location.href);
  if (cohortId === null) url.searchParams.delete('cohort');
  else url.searchParams.set('cohort', String(cohortId));
  window.history.replaceState(window.history.state, '', url);
}

const isTyping = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** A submission's details, read once and kept while the view is open (the neighbours are read ahead). */
function useSubmissionCache() {
  const cache = useRef(new Map<number, Promise<SubmissionDetail>>());
  const get = useCallback((id: number) => {
    let entry = cache.current.get(id);
    if (!entry) {
      entry = readSubmission(id);
      entry.catch(() => cache.current.delete(id));
      cache.current.set(id, entry);
    }
    return entry;
  }, []);
  const put = useCallback((id: number, detail: SubmissionDetail) => cache.current.set(id, Promise.resolve(detail)), []);
  return { get, put };
}

function Viewer({ detail }: { detail: SubmissionDetail }) {
  const t = useT();
  const lang = useLang();
  const { submission } = detail;
  return (
    <div className="grading-submission">
      <p className="grading-submission__meta">
        {t('assignments.grading.submittedAt', { date: formatDateTime(lang, submission.submittedAt) })}{' '}
        {submission.status === 'late' && <span className="badge badge--failed">{t('assignments.page.lateDays', { count: submission.lateDays })}</span>}{' '}
        {detail.history.length > 1 && <span className="muted">{t('assignments.grading.versions', { count: detail.history.length })}</span>}
      </p>
      {submission.text && (
        <section aria-label={t('assignments.grading.text')}>
          <p className="assignment-submission__text">{submission.text}</p>
        </section>
      )}
      {submission.link && (
        <p>
          <a href={submission.link} rel="noopener noreferrer nofollow" target="_blank">
            {submission.link}
          </a>
        </p>
      )}
      {detail.history.length > 1 && (
        <details className="grading-history">
          <summary>{t('assignments.grading.earlier', { count: detail.history.length - 1 })}</summary>
          <ol>
            {detail.history
              .filter((item) => item.id !== submission.id)
              .map((item) => (
                <li key={item.id}>
                  {t('assignments.grading.earlierItem', { number: item.number, date: formatDateTime(lang, item.submittedAt) })}
                  {item.rawScore !== null && ` · ${formatNumber(lang, item.rawScore)}`}
                  {item.text && <p className="assignment-submission__text">{item.text}</p>}
                  {item.files.map((file) => (
                    <a key={file.id} href={`/assignments/files/${file.id}`} download={file.name}>
                      {file.name}{' '}
                    </a>
                  ))}
                </li>
              ))}
          </ol>
        </details>
      )}
      {submission.files.map((file) => (
        <figure key={file.id} className="grading-file">
          <figcaption>
            <a href={`/assignments/files/${file.id}`} download={file.name}>
              {t('assignments.grading.download', { name: file.name })}
            </a>
          </figcaption>
          {file.contentType === 'application/pdf' && <iframe className="grading-file__frame" src={`/assignments/files/${file.id}?view=1`} title={t('assignments.grading.preview', { name: file.name })} />}
          {file.contentType.startsWith('image/') && <img className="grading-file__image" src={`/assignments/files/${file.id}?view=1`} alt={t('assignments.grading.preview', { name: file.name })} />}
        </figure>
      ))}
    </div>
  );
}

function GradeForm({ detail, maxScore, onSaved, onNext }: { detail: SubmissionDetail; maxScore: number; onSaved(detail: SubmissionDetail): void; onNext(): void }) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const { submission } = detail;
  const [score, setScore] = useState(submission.rawScore === null ? '' : String(submission.rawScore));
  const [feedback, setFeedback] = useState(submission.feedback ?? '');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [saved, setSaved] = useState(false);

  async function save(andNext: boolean) {
    const value = Number(score.replace(',', '.'));
    if (score.trim() === '' || !Number.isFinite(value)) {
      setError({ message: t('assignments.grading.scoreNeeded'), fields: { score: t('assignments.grading.scoreNeeded') } });
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const graded = await saveGrade({ submissionId: submission.id, score: value, feedback });
      onSaved({ ...detail, submission: graded, history: detail.history.map((item) => (item.id === graded.id ? graded : item)) });
      setSaved(true);
      if (andNext) onNext();
    } catch (failure) {
      const problem = await readApiProblem(failure, t('assignments.grading.saveFailed'));
      setError({ message: problem.message, fields: problem.fields });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="grading-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void save(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          void save(true);
        }
      }}
    >
      <h3 id={`${id}-title`}>{t('assignments.grading.formTitle')}</h3>
      <label className="field">
        <span>{t('assignments.grading.score', { max: formatNumber(lang, maxScore) })}</span>
        <input
          inputMode="decimal"
          value={score}
          onChange={(event) => {
            setScore(event.target.value);
            setSaved(false);
          }}
          aria-invalid={Boolean(error?.fields.score)}
          aria-describedby={`${id}-penalty`}
        />
        {error?.fields.score && <span className="field__error">{error.fields.score}</span>}
      </label>
      <p id={`${id}-penalty`} className="muted">
        {submission.penaltyPercent > 0 ? t('assignments.grading.penalty', { percent: formatNumber(lang, submission.penaltyPercent) }) : t('assignments.grading.noPenalty')}
      </p>
      <label className="field">
        <span>{t('assignments.grading.feedback')}</span>
        <textarea
          rows={6}
          value={feedback}
          onChange={(event) => {
            setFeedback(event.target.value);
            setSaved(false);
          }}
        />
      </label>
      {error && !error.fields.score && (
        <p className="notice notice--error" role="alert">
          {error.message}
        </p>
      )}
      <p role="status" className="muted">
        {saved ? t('assignments.grading.saved', { score: formatNumber(lang, submission.score ?? 0) }) : ''}
      </p>
      <div className="grading-form__actions">
        <button type="submit" className="button button--ghost" disabled={saving}>
          {t('assignments.grading.save')}
        </button>
        <button type="button" className="button button--primary" disabled={saving} onClick={() => void save(true)}>
          {t('assignments.grading.saveNext')}
        </button>
      </div>
    </form>
  );
}

/**
 * The grading view: the list of students with their state beside the
 * selected one's submission (text, link, PDF and images previewed, other
 * files downloadable) and the score and feedback form. J/K (or the buttons)
 * move to the next/previous student without a reload, the neighbours read
 * ahead; Ctrl+Enter saves and moves on. Sort by state, name or time, only
 * the ungraded, search; the zip, the grading sheet and the grade release.
 */
function Grading({ assignmentId, maxScore, releasePending, zipExportId, cohorts, initialCohort, lessons }: Props) {
  const t = useT();
  const id = useId();
  const [sort, setSort] = useState<RosterSort>('status');
  const [onlyUngraded, setOnlyUngraded] = useState(false);
  const [search, setSearch] = useState('');
  const [cohort, setCohort] = useState<number | null>(initialCohort);
  const [selected, setSelected] = useState<number | null>(null);
  const [detail, setDetail] = useState<SubmissionDetail | null>(null);
  const [detailError, setDetailError] = useState<string | null>(null);
  const [released, setReleased] = useState(!releasePending);
  const roster = useLoader((signal) => readRoster(assignmentId, { sort, status: onlyUngraded ? 'submitted' : undefined, search: search.trim() || undefined, cohort: cohort ?? undefined }, signal),
    [assignmentId, sort, onlyUngraded, search, cohort],
    { keepData: true },
  );
  const cache = useSubmissionCache();
  const rows = useMemo(() => (roster.state.status === 'ready' ? roster.state.data.rows : []), [roster.state]);
  const index = rows.findIndex((row) => keyOf(row) === selected);
  const current = index >= 0 ? rows[index]! : null;

  // The first student once the list is read; the same one after a new sort if still listed.
  useEffect(() => {
    if (rows.length && (selected === null || index < 0)) setSelected(keyOf(rows[0]!));
  }, [rows, selected, index]);

  useEffect(() => {
    setDetail(null);
    setDetailError(null);
    if (!current?.submissionId) return;
    let live = true;
    cache
      .get(current.submissionId)
      .then((value) => live && setDetail(value))
      .catch(async (failure) => live && setDetailError((await readApiProblem(failure, t('common.loadError'))).message));
    // The neighbours, so moving on shows them at once.
    for (const other of [rows[index + 1], rows[index - 1]]) if (other?.submissionId) void cache.get(other.submissionId).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [current?.submissionId, index, rows, cache, t]);

  const move = useCallback(
    (step: number) => {
      const next = rows[index + step];
      if (next) setSelected(keyOf(next));
    },
    [rows, index],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'j') move(1);
      else if (event.key === 'k') move(-1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [move]);

  function onSaved(updated: SubmissionDetail) {
    cache.put(updated.submission.id, updated);
    setDetail(updated);
    roster.update((data) => ({
      ...data,
      rows: data.rows.map((row) => (row.submissionId === updated.submission.id ? { ...row, state: 'graded', rawScore: updated.submission.rawScore, score: updated.submission.score } : row)),
    }));
  }

  const label = (row: RosterRow) => (row.student ? `${row.student.lastName}, ${row.student.firstName}` : t('assignments.anonymousStudent', { number: row.anonymousNumber }));
  const counts = roster.state.status === 'ready' ? roster.state.data.counts : null;

  return (
    <div className="grading">
      <div className="grading-toolbar">
        <CohortFilter
          label={t('assignments.grading.cohort')}
          allLabel={t('assignments.grading.allCohorts')}
          cohorts={cohorts}
          value={cohort}
          onChange={(value) => {
            setCohort(value);
            rememberCohort(value);
          }}
        />
        <label className="field">
          <span>{t('assignments.grading.sort')}</span>
          <select value={sort} onChange={(event) => setSort(event.target.value as RosterSort)}>
            <option value="status">{t('assignments.grading.sortStatus')}</option>
            <option value="name">{t('assignments.grading.sortName')}</option>
            <option value="submittedAt">{t('assignments.grading.sortSubmittedAt')}</option>
          </select>
        </label>
        <label className="field">
          <span>{t('assignments.grading.search')}</span>
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={onlyUngraded} onChange={(event) => setOnlyUngraded(event.target.checked)} /> {t('assignments.grading.onlyUngraded')}
        </label>
        <a className="button button--ghost" href={`/assignments/${assignmentId}/zip`} download>
          {t('assignments.grading.zip')}
        </a>
        <a className="button button--ghost" href={`/assignments/${assignmentId}/grading-sheet`} download>
          {t('assignments.grading.sheet')}
        </a>
        {!released && (
          <button type="button" className="button button--primary" onClick={() => void releaseGrades(assignmentId).then(() => setReleased(true))}>
            {t('assignments.grading.release')}
          </button>
        )}
      </div>
      {zipExportId !== null && <FileExportStatus kind="submissions_zip" exportId={zipExportId} />}
      {counts && <p className="muted">{[t('assignments.grading.countStudents', { count: counts.total }), t('assignments.grading.countUngraded', { count: counts.submitted }), t('assignments.grading.countMissing', { count: counts.missing }), t('assignments.grading.countGraded', { count: counts.graded })].join(' · ')}</p>}
      <p className="muted" id={`${id}-keys`}>
        {t('assignments.grading.keys')}
      </p>
      <LoadStatus loader={roster} />
      <div className="grading-layout">
        <nav className="grading-students" aria-label={t('assignments.grading.students')}>
          {rows.length === 0 && roster.state.status === 'ready' && <p className="muted">{t('assignments.grading.empty')}</p>}
          <ul>
            {rows.map((row) => (
              <li key={keyOf(row)}>
                <button type="button" className="grading-student" aria-current={keyOf(row) === selected ? 'true' : undefined} onClick={() => setSelected(keyOf(row))}>
                  <span>{label(row)}</span>
                  <span className={`badge grading-state grading-state--${row.state}`}>{t(`assignments.state.${row.state}`)}</span>
                  {row.isLate && <span className="badge badge--failed">{t('assignments.grading.late')}</span>}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <section className="grading-main" aria-labelledby={`${id}-student`}>
          {current && (
            <>
              <div className="grading-main__head">
                <h2 id={`${id}-student`}>{label(current)}</h2>
                <div className="grading-nav">
                  <button type="button" className="button button--ghost" onClick={() => move(-1)} disabled={index <= 0} aria-describedby={`${id}-keys`}>
                    {t('assignments.grading.previous')}
                  </button>
                  <span className="muted">{t('assignments.grading.position', { index: index + 1, total: rows.length })}</span>
                  <button type="button" className="button button--ghost" onClick={() => move(1)} disabled={index >= rows.length - 1} aria-describedby={`${id}-keys`}>
                    {t('assignments.grading.next')}
                  </button>
                </div>
              </div>
              {!current.submissionId ? (
                <p className="muted">{t('assignments.grading.missing')}</p>
              ) : detailError ? (
                <p className="notice notice--error" role="alert">
                  {detailError}
                </p>
              ) : !detail ? (
                <p className="muted" role="status">
                  {t('common.loading')}
                </p>
              ) : (
                <div className="grading-work">
                  <Viewer detail={detail} />
                  <GradeForm key={detail.submission.id} detail={detail} maxScore={maxScore} onSaved={onSaved} onNext={() => move(1)} />
                </div>
              )}
              {current.student && <LessonFeedback key={current.student.id} studentId={current.student.id} studentName={label(current)} lessons={lessons} />}
            </>
          )}
        </section>
      </div>
      <GradingSheetUpload assignmentId={assignmentId} onApplied={roster.reload} />
    </div>
  );
}

/** A student's key in the list (the anonymous number while names are hidden, else their id). */
const keyOf = (row: RosterRow) => row.student?.id ?? -row.anonymousNumber;

export default function GradingView({ lang, messages, ...props }: Props & { lang: Language; messages: Messages }) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Grading {...props} />
    </IslandI18n>
  );
}
