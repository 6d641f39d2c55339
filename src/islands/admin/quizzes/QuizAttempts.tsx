import { useId, useState } from 'react';
import { IslandI18n, useLang, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { readApiProblem } from '~/lib/client/api-problem';
import type { Language } from '~/lib/shared/constants';
import { formatDateTime, formatNumber, formatPercent } from '~/lib/shared/format';
import type { AttemptDetail, AttemptRow, ReviewItem } from '~/lib/shared/schemas/quizzes';
import { LoadMore, LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { getAttempt, gradeAnswer, listAttempts } from '~/lib/client/api/quizzes';
import { parseNumber } from './quiz-draft';
import { ATTEMPT_STATUSES, type AttemptStatus } from '~/lib/shared/quizzes';
import '~/styles/admin-quizzes.css';
import { CohortFilter } from '~/islands/common/CohortFilter';

export interface QuizAttemptsProps {
  lang: Language;
  messages: Messages;
  quizId: number;
  /** The cohorts whose students the caller sees, to filter by. */
  cohorts: { id: number; name: string }[];
}

function OutcomeBadge({ attempt }: { attempt: AttemptRow | AttemptDetail['attempt'] }) {
  const t = useT();
  if (attempt.status === 'in_progress') return <span className="badge badge--pending">{t('quiz.status.in_progress')}</span>;
  if (attempt.pendingManualGrading) return <span className="badge badge--pending">{t('quiz.result.pending')}</span>;
  return attempt.passed ? <span className="badge badge--passed">{t('quiz.result.passed')}</span> : <span className="badge badge--failed">{t('quiz.result.failed')}</span>;
}

/** An open answer's grading: points up to the question's, and feedback for the student. */
function GradeForm({ quizId, attemptId, item, onGraded }: { quizId: number; attemptId: number; item: ReviewItem; onGraded(detail: AttemptDetail): void }) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const [points, setPoints] = useState(item.earned === null ? '' : String(item.earned));
  const [feedback, setFeedback] = useState(item.graderFeedback ?? '');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ message: string; fields: Record<string, string> } | null>(null);

  async function save() {
    const value = parseNumber(points);
    if (value === null || Number.isNaN(value) || value < 0 || value > item.points) {
      setProblem({ message: '', fields: { points: t('admin.quizzes.grading.pointsRange', { max: formatNumber(lang, item.points) }) } });
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      onGraded(await gradeAnswer(quizId, attemptId, { questionId: item.questionId, points: value, ...(feedback.trim() && { feedback }) }));
    } catch (failure) {
      setProblem(await readApiProblem(failure, t('admin.common.error')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="quiz-grade" role="group" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="visually-hidden">
        {t('admin.quizzes.grading.title')}
      </p>
      <label className={`field${problem?.fields.points ? ' field--invalid' : ''}`}>
        <span>{t('admin.quizzes.grading.points', { max: formatNumber(lang, item.points) })}</span>
        <input inputMode="decimal" value={points} aria-invalid={Boolean(problem?.fields.points)} onChange={(event) => setPoints(event.target.value)} />
        {problem?.fields.points && <span className="field__error">{problem.fields.points}</span>}
      </label>
      <label className="field">
        <span>{t('admin.quizzes.grading.feedback')}</span>
        <input value={feedback} onChange={(event) => setFeedback(event.target.value)} />
      </label>
      <button type="button" className="button button--primary button--small" disabled={busy} onClick={() => void save()}>
        {busy ? t('admin.common.saving') : t('admin.quizzes.grading.save')}
      </button>
      {problem?.message && (
        <p className="form-error" role="alert">
          {problem.message}
        </p>
      )}
    </div>
  );
}

/** What was given, as text. */
function givenText(item: ReviewItem, lang: Language, none: string): string {
  const given = item.given;
  if (!given) return none;
  if (given.optionIds) return (item.options ?? []).filter((option) => given.optionIds!.includes(option.id)).map((option) => option.text).join(' · ') || none;
  if (given.number !== undefined && given.number !== null) return formatNumber(lang, given.number);
  return given.text?.trim() ? given.text : none;
}

function rightText(item: ReviewItem, lang: Language): string | null {
  if (item.options) return item.options.filter((option) => option.correct).map((option) => option.text).join(' · ');
  if (item.answers) return item.answers.join(' · ');
  if (item.answer !== undefined && item.answer !== null) return `${formatNumber(lang, item.answer)}${item.tolerance ? ` ± ${formatNumber(lang, item.tolerance)}` : ''}`;
  return null;
}

/** One attempt opened for grading: every answer with the right one, and a grade form for each open answer of a submitted attempt. */
function AttemptPanel({ quizId, attemptId, onChanged, onClose }: { quizId: number; attemptId: number; onChanged(detail: AttemptDetail): void; onClose(): void }) {
  const t = useT();
  const lang = useLang();
  const loader = useLoader((signal) => getAttempt(quizId, attemptId, signal), [quizId, attemptId]);
  const detail = loader.state.status === 'ready' ? loader.state.data : null;
  return (
    <section className="quiz-attempt-panel" aria-label={t('admin.quizzes.grading.panel')}>
      <LoadStatus loader={loader} />
      {detail && (
        <>
          <div className="quiz-attempt-panel__head">
            <h3>
              {detail.student.firstName} {detail.student.lastName} · {t('quiz.page.attemptNumber', { number: detail.attempt.number })}
            </h3>
            <button type="button" className="button button--ghost button--small" onClick={onClose}>
              {t('admin.quizzes.grading.close')}
            </button>
          </div>
          <p>
            {detail.attempt.score !== null && t('quiz.result.score', { score: formatNumber(lang, detail.attempt.score), count: detail.attempt.maxScore ?? 0 })} <OutcomeBadge attempt={detail.attempt} />
          </p>
          <ol className="review">
            {(detail.review ?? []).map((item, index) => {
              const right = rightText(item, lang);
              return (
                <li key={item.questionId} className={`review-item review-item--${item.pending ? 'pending' : item.correct ? 'right' : 'wrong'}`}>
                  <h4>
                    {t('quiz.player.questionOf', { number: index + 1, total: detail.review!.length })} · {t(`admin.quizzes.types.${item.type}`)}
                  </h4>
                  <div className="lesson-content quiz-question__prompt" dangerouslySetInnerHTML={{ __html: item.promptHtml }} />
                  <dl>
                    <dt>{t('quiz.result.yourAnswer')}</dt>
                    <dd>{givenText(item, lang, t('quiz.result.noAnswer'))}</dd>
                    {right && <dt>{t('quiz.result.rightAnswer')}</dt>}
                    {right && <dd>{right}</dd>}
                    <dt>{t('admin.quizzes.grading.earned')}</dt>
                    <dd>{item.pending ? t('quiz.result.awaitingGrade') : t('quiz.result.earned', { earned: formatNumber(lang, item.earned ?? 0), count: item.points })}</dd>
                  </dl>
                  {item.type === 'open' && detail.attempt.status === 'completed' && (
                    <GradeForm
                      quizId={quizId}
                      attemptId={attemptId}
                      item={item}
                      onGraded={(graded) => {
                        loader.update(() => graded);
                        onChanged(graded);
                      }}
                    />
                  )}
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}

function Attempts({ quizId, cohorts }: Omit<QuizAttemptsProps, 'lang' | 'messages'>) {
  const t = useT();
  const lang = useLang();
  const [cohort, setCohort] = useState<number | null>(null);
  const [status, setStatus] = useState<AttemptStatus | ''>('');
  const [open, setOpen] = useState<number | null>(null);
  const loader = useLoader((signal) => listAttempts(quizId, { cohort: cohort ?? undefined, status: status || undefined }, signal), [quizId, cohort, status], { keepData: true });
  const page = loader.state.status === 'ready' ? loader.state.data : null;
  const exportHref = (format: 'csv' | 'xlsx') => `/admin/quizzes/${quizId}/export?format=${format}${cohort !== null ? `&cohort=${cohort}` : ''}`;

  const changed = (detail: AttemptDetail) =>
    loader.update((data) => ({ ...data, results: data.results.map((row) => (row.id === detail.attempt.id ? { ...row, ...detail.attempt } : row)) }));

  return (
    <div className="quiz-attempts-admin">
      <div className="admin-form--inline">
        <CohortFilter label={t('admin.quizzes.attempts.cohort')} allLabel={t('admin.quizzes.attempts.allCohorts')} cohorts={cohorts} value={cohort} onChange={setCohort} />
        <label className="field">
          <span>{t('admin.quizzes.attempts.status')}</span>
          <select value={status} onChange={(event) => setStatus(ATTEMPT_STATUSES.find((known) => known === event.target.value) ?? '')}>
            <option value="">{t('admin.quizzes.attempts.allStatuses')}</option>
            <option value="completed">{t('quiz.status.completed')}</option>
            <option value="in_progress">{t('quiz.status.in_progress')}</option>
          </select>
        </label>
        <span className="admin-actions">
          <a className="button button--ghost button--small" href={exportHref('xlsx')} download>
            {t('admin.quizzes.attempts.exportXlsx')}
          </a>
          <a className="button button--ghost button--small" href={exportHref('csv')} download>
            {t('admin.quizzes.attempts.exportCsv')}
          </a>
        </span>
      </div>
      <LoadStatus loader={loader} />
      {page && page.results.length === 0 && <p className="empty">{t('admin.quizzes.attempts.empty')}</p>}
      {page && page.results.length > 0 && (
        <div className="table-scroll">
          <table className="admin-table admin-table--cards">
            <thead>
              <tr>
                <th scope="col">{t('quiz.export.student')}</th>
                <th scope="col">{t('quiz.export.attempt')}</th>
                <th scope="col">{t('quiz.export.startedAt')}</th>
                <th scope="col">{t('quiz.export.score')}</th>
                <th scope="col">{t('quiz.export.status')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('admin.common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.results.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    {row.student.lastName}, {row.student.firstName}
                    <br />
                    <span className="muted">{row.student.email}</span>
                  </th>
                  <td data-label={t('quiz.export.attempt')}>{formatNumber(lang, row.number)}</td>
                  <td data-label={t('quiz.export.startedAt')}>{formatDateTime(lang, row.startedAt)}</td>
                  <td data-label={t('quiz.export.score')}>
                    {row.score !== null ? `${formatNumber(lang, row.score)} / ${formatNumber(lang, row.maxScore ?? 0)} (${formatPercent(lang, row.percent ?? 0)})` : '—'}
                  </td>
                  <td data-label={t('quiz.export.status')}>
                    <OutcomeBadge attempt={row} />
                  </td>
                  <td>
                    <button type="button" className="button button--ghost button--small" aria-expanded={open === row.id} onClick={() => setOpen(open === row.id ? null : row.id)}>
                      {row.pendingManualGrading ? t('admin.quizzes.attempts.grade', { name: row.student.firstName }) : t('admin.quizzes.attempts.open', { name: row.student.firstName })}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page && <LoadMore loader={loader} />}
      {open !== null && <AttemptPanel quizId={quizId} attemptId={open} onChanged={changed} onClose={() => setOpen(null)} />}
    </div>
  );
}

/** A quiz's attempts for its staff: filter by cohort and status, open one to see every answer and grade open ones, export CSV or XLSX. */
export default function QuizAttempts({ lang, messages, ...props }: QuizAttemptsProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Attempts {...props} />
    </IslandI18n>
  );
}
