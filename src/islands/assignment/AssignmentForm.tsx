import { useId, useState } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { readApiProblem } from '~/lib/client/api-problem';
import type { Language } from '~/lib/shared/constants';
import { fromBogotaInputValue } from '~/lib/shared/bogota-time';
import { SUBMISSION_TYPES, type SubmissionType } from '~/lib/shared/assignments';
import { createAssignment } from './assignment-api';

interface Props {
  courseId: number;
}

type Mode = 'accept' | 'penalize' | 'refuse';

/**
 * A new assignment of a course: title, instructions (Markdown), type, due
 * date (Bogotá time), late policy with its penalty, maximum score, what a
 * submission may hold, anonymous grading, published or a draft. Saved, it
 * opens the assignment's page.
 */
function Form({ courseId }: Props) {
  const t = useT();
  const id = useId();
  const [title, setTitle] = useState('');
  const [instructions, setInstructions] = useState('');
  const [activityType, setActivityType] = useState('practical');
  const [due, setDue] = useState('');
  const [mode, setMode] = useState<Mode>('accept');
  const [penalty, setPenalty] = useState('10');
  const [maxScore, setMaxScore] = useState('100');
  const [types, setTypes] = useState<SubmissionType[]>(['file', 'text', 'link']);
  const [pdfOnly, setPdfOnly] = useState(false);
  const [isCheckpoint, setIsCheckpoint] = useState(false);
  const [anonymous, setAnonymous] = useState(false);
  const [published, setPublished] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const fieldError = (name: string) => error?.fields[name] ?? Object.entries(error?.fields ?? {}).find(([key]) => key.startsWith(`${name}.`))?.[1];

  async function save() {
    setBusy(true);
    setError(null);
    try {
      const created = await createAssignment({
        courseId,
        title,
        instructions,
        activityType,
        isCheckpoint,
        maxScore: Number(maxScore.replace(',', '.')),
        ...(due ? { dueAt: fromBogotaInputValue(due) ?? due } : {}),
        latePolicy: mode === 'penalize' ? { mode, penaltyPercentPerDay: Number(penalty.replace(',', '.')) } : { mode },
        submissionTypes: types,
        ...(pdfOnly ? { allowedFileTypes: ['pdf'] } : {}),
        anonymousGrading: anonymous,
        published,
      });
      window.location.assign(`/assignments/${created.id}`);
    } catch (failure) {
      setError(await readApiProblem(failure, t('assignments.form.failed')));
      setBusy(false);
    }
  }

  const errorOf = (name: string) => fieldError(name) && <span className="field__error">{fieldError(name)}</span>;
  return (
    <form
      className="assignment-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label className="field">
        <span>{t('assignments.form.title')}</span>
        <input value={title} onChange={(event) => setTitle(event.target.value)} required aria-invalid={Boolean(fieldError('title'))} />
        {errorOf('title')}
      </label>
      <label className="field">
        <span>{t('assignments.form.instructions')}</span>
        <textarea rows={8} value={instructions} onChange={(event) => setInstructions(event.target.value)} aria-describedby={`${id}-md`} />
        <span id={`${id}-md`} className="muted">{t('assignments.form.markdown')}</span>
      </label>
      <label className="field">
        <span>{t('assignments.form.activityType')}</span>
        <select value={activityType} onChange={(event) => setActivityType(event.target.value)}>
          {(['practical', 'evaluation', 'nivelation'] as const).map((type) => (
            <option key={type} value={type}>
              {t(`home.activity.${type}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('assignments.form.due')}</span>
        <input type="datetime-local" value={due} onChange={(event) => setDue(event.target.value)} aria-invalid={Boolean(fieldError('dueAt'))} />
        {errorOf('dueAt')}
      </label>
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
          <input inputMode="decimal" value={penalty} onChange={(event) => setPenalty(event.target.value)} aria-invalid={Boolean(fieldError('latePolicy'))} />
          {errorOf('latePolicy')}
        </label>
      )}
      <label className="field">
        <span>{t('assignments.form.maxScore')}</span>
        <input inputMode="decimal" value={maxScore} onChange={(event) => setMaxScore(event.target.value)} aria-invalid={Boolean(fieldError('maxScore'))} />
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
      <label className="checkbox">
        <input type="checkbox" checked={pdfOnly} onChange={(event) => setPdfOnly(event.target.checked)} /> {t('assignments.form.pdfOnly')}
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={isCheckpoint} onChange={(event) => setIsCheckpoint(event.target.checked)} /> {t('assignments.form.checkpoint')}
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={anonymous} onChange={(event) => setAnonymous(event.target.checked)} /> {t('assignments.form.anonymous')}
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={published} onChange={(event) => setPublished(event.target.checked)} /> {t('assignments.form.published')}
      </label>
      {error && (
        <p className="notice notice--error" role="alert">
          {error.message}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={busy}>
        {t('assignments.form.create')}
      </button>
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
