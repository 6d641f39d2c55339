import { useId, useState } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { readApiProblem } from '~/lib/client/api-problem';
import { ACTIVITY_TYPES, type Language } from '~/lib/shared/constants';
import type { ActivityType } from '~/lib/shared/quizzes';
import { fromBogotaInputValue, toBogotaInputValue } from '~/lib/shared/bogota-time';
import { ASSIGNMENT_MAX_FILE_MB_LIMIT, SUBMISSION_FILE_TYPES, SUBMISSION_TYPES, type SubmissionFileType, type SubmissionType } from '~/lib/shared/assignments';
import type { Assignment } from '~/lib/shared/schemas/assignments';
import { createAssignment, updateAssignment } from '~/lib/client/api/assignments';

interface Props {
  courseId: number;
  /** Editing: the assignment as it is (the form starts from its settings and saves with PATCH). */
  assignment?: Assignment;
}

type Mode = 'accept' | 'penalize' | 'refuse';
type Problem = { message: string; fields: Record<string, string> };

const decimal = (text: string) => Number(text.replace(',', '.'));

/**
 * A new assignment of a course, or an existing one's settings: title,
 * instructions (Markdown), type, due date (Bogotá time), late policy with its
 * penalty, maximum score, what a submission may hold (types of file and
 * their size), checkpoint, anonymous grading, published or a draft. The
 * server's refusals are shown beside their fields; saved, it opens the
 * assignment's page.
 */
function Form({ courseId, assignment }: Props) {
  const t = useT();
  const id = useId();
  const editing = assignment !== undefined;
  const [title, setTitle] = useState(assignment?.title ?? '');
  const [instructions, setInstructions] = useState(assignment?.instructions ?? '');
  const [activityType, setActivityType] = useState<ActivityType>(assignment?.activityType ?? 'practical');
  const [due, setDue] = useState(assignment?.dueAt ? toBogotaInputValue(assignment.dueAt) : '');
  const [mode, setMode] = useState<Mode>(assignment?.latePolicy.mode ?? 'accept');
  const [penalty, setPenalty] = useState(String(assignment?.latePolicy.penaltyPercentPerDay ?? 10));
  const [maxScore, setMaxScore] = useState(String(assignment?.maxScore ?? 100));
  const [types, setTypes] = useState<SubmissionType[]>(assignment?.submissionTypes ?? ['file', 'text', 'link']);
  const [limitFiles, setLimitFiles] = useState(Boolean(assignment?.allowedFileTypes));
  const [fileTypes, setFileTypes] = useState<SubmissionFileType[]>(assignment?.allowedFileTypes ?? ['pdf']);
  const [maxFileMb, setMaxFileMb] = useState(String(assignment?.maxFileMb ?? 25));
  const [isCheckpoint, setIsCheckpoint] = useState(assignment?.isCheckpoint ?? false);
  const [anonymous, setAnonymous] = useState(assignment?.anonymousGrading ?? false);
  const [published, setPublished] = useState(assignment?.published ?? true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Problem | null>(null);
  const fieldError = (name: string) => error?.fields[name] ?? Object.entries(error?.fields ?? {}).find(([key]) => key.startsWith(`${name}.`))?.[1];

  async function save() {
    setBusy(true);
    setError(null);
    const settings = {
      title,
      instructions,
      activityType,
      isCheckpoint,
      maxScore: decimal(maxScore),
      latePolicy: mode === 'penalize' ? { mode, penaltyPercentPerDay: decimal(penalty) } : { mode },
      submissionTypes: types,
      ...(types.includes('file') ? { maxFileMb: decimal(maxFileMb) } : {}),
      anonymousGrading: anonymous,
      ...(anonymous ? { gradeRelease: 'manual' as const } : {}),
      published,
    };
    try {
      const saved = editing
        ? await updateAssignment(assignment.id, {
            ...settings,
            dueAt: due ? (fromBogotaInputValue(due) ?? due) : null,
            allowedFileTypes: limitFiles ? fileTypes : null,
          })
        : await createAssignment({ courseId, ...settings, ...(due ? { dueAt: fromBogotaInputValue(due) ?? due } : {}), ...(limitFiles ? { allowedFileTypes: fileTypes } : {}) });
      window.location.assign(`/assignments/${saved.id}`);
    } catch (failure) {
      setError(await readApiProblem(failure, t(editing ? 'assignments.form.saveFailed' : 'assignments.form.failed')));
      setBusy(false);
    }
  }

  const errorOf = (name: string) =>
    fieldError(name) && (
      <span className="field__error" id={`${id}-${name}-error`}>
        {fieldError(name)}
      </span>
    );
  const invalid = (name: string) => (fieldError(name) ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {});
  return (
    <form
      className="assignment-form"
      aria-label={t(editing ? 'assignments.form.editHeading' : 'assignments.form.heading')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label className="field">
        <span>{t('assignments.form.title')}</span>
        <input value={title} onChange={(event) => setTitle(event.target.value)} {...invalid('title')} />
        {errorOf('title')}
      </label>
      <label className="field">
        <span>{t('assignments.form.instructions')}</span>
        <textarea rows={8} value={instructions} onChange={(event) => setInstructions(event.target.value)} aria-describedby={`${id}-md`} {...(fieldError('instructions') ? { 'aria-invalid': true } : {})} />
        <span id={`${id}-md`} className="muted">
          {t('assignments.form.markdown')}
        </span>
        {errorOf('instructions')}
      </label>
      <label className="field">
        <span>{t('assignments.form.activityType')}</span>
        <select value={activityType} onChange={(event) => setActivityType(ACTIVITY_TYPES.find((type) => type === event.target.value) ?? 'practical')}>
          {(['practical', 'evaluation', 'nivelation'] as const).map((type) => (
            <option key={type} value={type}>
              {t(`home.activity.${type}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('assignments.form.due')}</span>
        <input type="datetime-local" value={due} onChange={(event) => setDue(event.target.value)} {...(editing ? { 'aria-describedby': `${id}-due-hint` } : {})} {...invalid('dueAt')} />
        {errorOf('dueAt')}
      </label>
      {editing && (
        <p className="muted" id={`${id}-due-hint`}>
          {t('assignments.form.dueHint')}
        </p>
      )}
      <fieldset className="field">
        <legend>{t('assignments.form.latePolicy')}</legend>
        {(['accept', 'penalize', 'refuse'] as const).map((value) => (
          <label key={value} className="checkbox">
            <input type="radio" name={`${id}-mode`} value={value} checked={mode === value} onChange={() => setMode(value)} /> {t(`assignments.form.mode.${value}`)}
          </label>
        ))}
      </fieldset>
      {mode === 'penalize' && (
        <label className="field">
          <span>{t('assignments.form.penalty')}</span>
          <input inputMode="decimal" value={penalty} onChange={(event) => setPenalty(event.target.value)} {...invalid('latePolicy')} />
          {errorOf('latePolicy')}
        </label>
      )}
      <label className="field">
        <span>{t('assignments.form.maxScore')}</span>
        <input inputMode="decimal" value={maxScore} onChange={(event) => setMaxScore(event.target.value)} {...invalid('maxScore')} />
        {errorOf('maxScore')}
      </label>
      <fieldset className="field">
        <legend>{t('assignments.form.submissionTypes')}</legend>
        {SUBMISSION_TYPES.map((type) => (
          <label key={type} className="checkbox">
            <input type="checkbox" checked={types.includes(type)} onChange={(event) => setTypes(event.target.checked ? [...types, type] : types.filter((other) => other !== type))} />{' '}
            {t(`assignments.form.type.${type}`)}
          </label>
        ))}
        {errorOf('submissionTypes')}
      </fieldset>
      {types.includes('file') && (
        <>
          <label className="field">
            <span>{t('assignments.form.maxFileMb', { max: ASSIGNMENT_MAX_FILE_MB_LIMIT })}</span>
            <input inputMode="numeric" value={maxFileMb} onChange={(event) => setMaxFileMb(event.target.value)} {...invalid('maxFileMb')} />
            {errorOf('maxFileMb')}
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={limitFiles} onChange={(event) => setLimitFiles(event.target.checked)} /> {t('assignments.form.limitFileTypes')}
          </label>
          {limitFiles && (
            <fieldset className="field assignment-form__file-types">
              <legend>{t('assignments.form.fileTypes')}</legend>
              {SUBMISSION_FILE_TYPES.map((type) => (
                <label key={type} className="checkbox">
                  <input
                    type="checkbox"
                    checked={fileTypes.includes(type)}
                    onChange={(event) => setFileTypes(event.target.checked ? [...fileTypes, type] : fileTypes.filter((other) => other !== type))}
                  />{' '}
                  {type.toUpperCase()}
                </label>
              ))}
              {errorOf('allowedFileTypes')}
            </fieldset>
          )}
        </>
      )}
      <label className="checkbox">
        <input type="checkbox" checked={isCheckpoint} onChange={(event) => setIsCheckpoint(event.target.checked)} /> {t('assignments.form.checkpoint')}
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={anonymous} onChange={(event) => setAnonymous(event.target.checked)} /> {t('assignments.form.anonymous')}
      </label>
      {errorOf('anonymousGrading') || errorOf('gradeRelease')}
      <label className="checkbox">
        <input type="checkbox" checked={published} onChange={(event) => setPublished(event.target.checked)} /> {t('assignments.form.published')}
      </label>
      {error && (
        <p className="notice notice--error" role="alert">
          {error.message}
        </p>
      )}
      <div className="grading-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {t(editing ? 'assignments.form.save' : 'assignments.form.create')}
        </button>
        {editing && (
          <a className="button button--ghost" href={`/assignments/${assignment.id}`}>
            {t('assignments.form.cancel')}
          </a>
        )}
      </div>
    </form>
  );
}

export default function AssignmentForm({ lang, messages, ...props }: Props & { lang: Language; messages: Messages }) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Form {...props} />
    </IslandI18n>
  );
}
