import { useId, useState, type SubmitEvent } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { isTransientFailure, readApiProblem, type ApiProblem } from '~/lib/client/api-problem';
import { ACTIVITY_TYPES, type Language } from '~/lib/shared/constants';
import { QUESTION_TYPES, SHOW_RESULTS, type ActivityType, type QuestionType, type ShowResults } from '~/lib/shared/quizzes';
import type { BankQuestion, StaffQuiz } from '~/lib/shared/schemas/quizzes';
import { FormError } from '~/islands/admin/common/FormError';
import { KeptDraftNotice } from '~/islands/admin/common/KeptDraftNotice';
import { useEditorKeys } from '~/islands/admin/common/use-editor-keys';
import { useKeptDraft } from '~/islands/admin/common/use-kept-draft';
import { BankPicker } from './BankPicker';
import { QuestionEditor } from './QuestionEditor';
import { QuestionImport } from './QuestionImport';
import { blankQuestion, parseNumber, questionDraftOf, quizBodyOf, quizDraftOf, sameQuizDraft, type QuestionDraft, type QuizDraft } from './quiz-draft';
import { createQuiz, deleteQuiz, listBankTags, updateQuiz } from '~/lib/client/api/quizzes';
import { useLoader } from '~/islands/common/use-loader';
import '~/styles/admin-quizzes.css';

export interface QuizEditorProps {
  lang: Language;
  messages: Messages;
  courseId: number;
  /** The quiz to edit (staff view), or null for a new one. */
  quiz: StaffQuiz | null;
}

/** The API names fields as the body does; the form's time limit is in minutes. */
const formFieldOf = (field: string) => (field === 'timeLimitS' ? 'timeLimitMin' : field);

/** The form's own checks before sending (the server checks everything again). */
function checkDraft(draft: QuizDraft, t: (key: string, params?: Record<string, unknown>) => string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!draft.title.trim()) problems.title = t('admin.common.required');
  const minutes = parseNumber(draft.timeLimitMin);
  if (minutes !== null && (Number.isNaN(minutes) || minutes < 1)) problems.timeLimitMin = t('admin.quizzes.timeLimitInvalid');
  return problems;
}

function Editor({ courseId, quiz }: Omit<QuizEditorProps, 'lang' | 'messages'>) {
  const t = useT();
  const ids = { settings: useId(), questions: useId(), draws: useId(), tags: useId() };
  // The bank's tags, suggested where draws name one.
  const tags = useLoader((signal) => listBankTags(courseId, signal), [courseId]);
  const [saved, setSaved] = useState<QuizDraft>(() => quizDraftOf(quiz));
  const [draft, setDraft] = useState<QuizDraft>(saved);
  const [current, setCurrent] = useState<StaffQuiz | null>(quiz);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [status, setStatus] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const kept = useKeptDraft(`quiz:${quiz?.id ?? `new:${courseId}`}`, draft, sameQuizDraft);
  const isDirty = !sameQuizDraft(saved, draft);
  const labels = { true: t('admin.quizzes.trueOption'), false: t('admin.quizzes.falseOption') };

  const set = (changes: Partial<QuizDraft>) => setDraft((now) => ({ ...now, ...changes }));
  const setQuestions = (change: (questions: QuestionDraft[]) => QuestionDraft[]) => setDraft((now) => ({ ...now, questions: change(now.questions) }));
  const fieldError = (field: string) => problem?.fields[field];
  const questionErrors = (index: number) =>
    Object.fromEntries(
      Object.entries(problem?.fields ?? {})
        .filter(([field]) => field.startsWith(`questions.${index}.`))
        .map(([field, message]) => [field.slice(`questions.${index}.`.length).split('.')[0]!, message]),
    );

  async function save() {
    if (saving) return;
    const own = checkDraft(draft, t);
    if (Object.keys(own).length > 0) {
      setProblem({ message: t('admin.quizzes.fixFields'), fields: own });
      return;
    }
    const sent = draft;
    setSaving(true);
    setProblem(null);
    setStatus('');
    try {
      const body = quizBodyOf(sent);
      const result = current ? await updateQuiz(current.id, body) : await createQuiz(courseId, body);
      kept.forget();
      if (!current) {
        window.location.assign(`/admin/quizzes/${result.id}`);
        return;
      }
      const fresh = quizDraftOf(result);
      setCurrent(result);
      setSaved(fresh);
      setDraft((now) => (now === sent ? fresh : now));
      setStatus(t('admin.quizzes.saved'));
    } catch (failure) {
      if (isTransientFailure(failure)) kept.keep();
      const found = await readApiProblem(failure, t('admin.common.error'));
      setProblem({ message: found.message, fields: Object.fromEntries(Object.entries(found.fields).map(([field, message]) => [formFieldOf(field), message])) });
    } finally {
      setSaving(false);
    }
  }

  useEditorKeys(save, isDirty);

  function submit(event: SubmitEvent) {
    event.preventDefault();
    void save();
  }

  function addQuestion(type: QuestionType) {
    setQuestions((questions) => [...questions, blankQuestion(type, labels)]);
  }

  function addFromBank(questions: BankQuestion[]) {
    setQuestions((now) => {
      const present = new Set(now.map((question) => question.id));
      return [...now, ...questions.filter((question) => !present.has(question.id)).map(questionDraftOf)];
    });
  }

  function move(index: number, offset: -1 | 1) {
    setQuestions((questions) => {
      const next = [...questions];
      const [item] = next.splice(index, 1);
      next.splice(index + offset, 0, item!);
      return next;
    });
  }

  async function remove() {
    if (!current) return;
    setSaving(true);
    try {
      await deleteQuiz(current.id);
      kept.forget();
      window.location.assign(`/admin/courses/${courseId}`);
    } catch (failure) {
      setProblem({ message: (await readApiProblem(failure, t('admin.common.error'))).message, fields: {} });
      setConfirmDelete(false);
      setSaving(false);
    }
  }

  function restore() {
    const restored = kept.restore();
    if (restored) setDraft(restored);
  }

  const inQuiz = new Set(draft.questions.flatMap((question) => (question.id ? [question.id] : [])));
  const statusText = saving ? t('admin.common.saving') : kept.keeping && isDirty ? t('admin.common.drafts.keptHere') : isDirty ? t('admin.quizzes.unsaved') : status;
  const input = (field: keyof QuizDraft, label: string, extra: { type?: string; inputMode?: 'numeric' | 'decimal'; hint?: string } = {}) => (
    <label className={`field${fieldError(field) ? ' field--invalid' : ''}`}>
      <span>{label}</span>
      <input
        type={extra.type ?? 'text'}
        inputMode={extra.inputMode}
        value={String(draft[field])}
        aria-invalid={Boolean(fieldError(field))}
        onChange={(event) => set({ [field]: event.target.value } as Partial<QuizDraft>)}
      />
      {extra.hint && <small className="muted">{extra.hint}</small>}
      {fieldError(field) && <span className="field__error">{fieldError(field)}</span>}
    </label>
  );

  return (
    <form className="quiz-editor" aria-label={t('admin.quizzes.editorLabel')} onSubmit={submit} noValidate>
      {kept.offer && <KeptDraftNotice keptAt={kept.offer.keptAt} onRestore={restore} onDiscard={kept.forget} />}
      <section className="admin-panel" aria-labelledby={ids.settings}>
        <h2 id={ids.settings}>{t('admin.quizzes.settings')}</h2>
        <div className="quiz-editor__grid">
          {input('title', t('admin.quizzes.title'))}
          <label className="field">
            <span>{t('admin.quizzes.activityType')}</span>
            <select value={draft.activityType} onChange={(event) => set({ activityType: event.target.value as ActivityType })}>
              {ACTIVITY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`home.activity.${type}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className={`field${fieldError('description') ? ' field--invalid' : ''}`}>
          <span>{t('admin.quizzes.description')}</span>
          <textarea rows={2} className="quiz-editor__short" value={draft.description} onChange={(event) => set({ description: event.target.value })} />
          {fieldError('description') && <span className="field__error">{fieldError('description')}</span>}
        </label>
        <div className="quiz-editor__grid">
          {input('timeLimitMin', t('admin.quizzes.timeLimit'), { inputMode: 'numeric', hint: t('admin.quizzes.timeLimitHint') })}
          {input('maxAttempts', t('admin.quizzes.maxAttempts'), { inputMode: 'numeric' })}
          {input('passPercent', t('admin.quizzes.passPercent'), { inputMode: 'decimal' })}
          {input('opensAt', t('admin.quizzes.opensAt'), { type: 'datetime-local', hint: t('admin.quizzes.bogotaTime') })}
          {input('closesAt', t('admin.quizzes.closesAt'), { type: 'datetime-local', hint: t('admin.quizzes.bogotaTime') })}
          <label className="field">
            <span>{t('admin.quizzes.showResults')}</span>
            <select value={draft.showResults} onChange={(event) => set({ showResults: event.target.value as ShowResults })}>
              {SHOW_RESULTS.map((value) => (
                <option key={value} value={value}>
                  {t(`admin.quizzes.showResultsOptions.${value}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="quiz-editor__checks">
          <label>
            <input type="checkbox" checked={draft.shuffleQuestions} onChange={(event) => set({ shuffleQuestions: event.target.checked })} /> {t('admin.quizzes.shuffleQuestions')}
          </label>
          <label>
            <input type="checkbox" checked={draft.shuffleOptions} onChange={(event) => set({ shuffleOptions: event.target.checked })} /> {t('admin.quizzes.shuffleOptions')}
          </label>
          <label>
            <input type="checkbox" checked={draft.published} onChange={(event) => set({ published: event.target.checked })} /> {t('admin.quizzes.published')}
          </label>
        </div>
        {current && current.attemptsCount > 0 && <p className="muted">{t('admin.quizzes.versionsNote', { count: current.attemptsCount })}</p>}
      </section>

      <section className="admin-panel" aria-labelledby={ids.questions}>
        <h2 id={ids.questions}>{t('admin.quizzes.questionsTitle', { count: draft.questions.length })}</h2>
        {fieldError('questions') && <p className="field__error">{fieldError('questions')}</p>}
        {draft.questions.length === 0 ? (
          <p className="empty">{t('admin.quizzes.noQuestions')}</p>
        ) : (
          <ol className="quiz-editor__questions">
            {draft.questions.map((question, index) => (
              <QuestionEditor
                key={question.key}
                question={question}
                index={index}
                total={draft.questions.length}
                errors={questionErrors(index)}
                onChange={(changed) => setQuestions((questions) => questions.map((item) => (item.key === changed.key ? changed : item)))}
                onMove={(offset) => move(index, offset)}
                onRemove={() => setQuestions((questions) => questions.filter((item) => item.key !== question.key))}
              />
            ))}
          </ol>
        )}
        <div className="quiz-editor__add" role="group" aria-label={t('admin.quizzes.addQuestion')}>
          <span className="muted">{t('admin.quizzes.addQuestion')}</span>
          {QUESTION_TYPES.map((type) => (
            <button key={type} type="button" className="button button--ghost button--small" onClick={() => addQuestion(type)}>
              + {t(`admin.quizzes.types.${type}`)}
            </button>
          ))}
        </div>
        <details className="quiz-editor__more">
          <summary>{t('admin.quizzes.fromBank')}</summary>
          <BankPicker courseId={courseId} inQuiz={inQuiz} onAdd={(question) => addFromBank([question])} />
        </details>
        <details className="quiz-editor__more">
          <summary>{t('admin.quizzes.importTitle')}</summary>
          <QuestionImport courseId={courseId} onImported={addFromBank} />
        </details>
      </section>

      <section className="admin-panel" aria-labelledby={ids.draws}>
        <h2 id={ids.draws}>{t('admin.quizzes.drawsTitle')}</h2>
        <p className="muted">{t('admin.quizzes.drawsHint')}</p>
        {draft.draws.map((draw, index) => (
          <div key={index} className="quiz-editor__row">
            <label className={`field${fieldError(`draws.${index}.tag`) ? ' field--invalid' : ''}`}>
              <span>{t('admin.quizzes.drawTag')}</span>
              <input list={ids.tags} value={draw.tag} onChange={(event) => set({ draws: draft.draws.map((item, i) => (i === index ? { ...item, tag: event.target.value } : item)) })} />
              {fieldError(`draws.${index}.tag`) && <span className="field__error">{fieldError(`draws.${index}.tag`)}</span>}
            </label>
            <label className={`field${fieldError(`draws.${index}.count`) ? ' field--invalid' : ''}`}>
              <span>{t('admin.quizzes.drawCount')}</span>
              <input inputMode="numeric" value={draw.count} onChange={(event) => set({ draws: draft.draws.map((item, i) => (i === index ? { ...item, count: event.target.value } : item)) })} />
              {fieldError(`draws.${index}.count`) && <span className="field__error">{fieldError(`draws.${index}.count`)}</span>}
            </label>
            {current?.draws[index] && current.draws[index]!.tag === draw.tag && <span className="muted">{t('admin.quizzes.drawAvailable', { count: current.draws[index]!.available })}</span>}
            <button type="button" className="button button--ghost button--small" onClick={() => set({ draws: draft.draws.filter((_, i) => i !== index) })}>
              {t('admin.quizzes.removeDraw')}
            </button>
          </div>
        ))}
        <datalist id={ids.tags}>
          {tags.state.status === 'ready' &&
            tags.state.data.map((item) => (
              <option key={item.tag} value={item.tag}>
                {t('admin.quizzes.drawAvailable', { count: item.count })}
              </option>
            ))}
        </datalist>
        <div>
          <button type="button" className="button button--ghost button--small" onClick={() => set({ draws: [...draft.draws, { tag: '', count: '1' }] })}>
            {t('admin.quizzes.addDraw')}
          </button>
        </div>
      </section>

      <div className="quiz-editor__bar">
        <FormError message={problem?.message} />
        <div className="admin-actions">
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? t('admin.common.saving') : current ? t('admin.quizzes.save') : t('admin.quizzes.create')}
          </button>
          {current && (
            <a className="button button--ghost" href={`/quizzes/${current.id}`}>
              {t('admin.quizzes.preview')}
            </a>
          )}
          {current &&
            (confirmDelete ? (
              <span className="admin-actions" role="group" aria-label={t('admin.quizzes.deleteConfirm')}>
                <span>{t('admin.quizzes.deleteConfirm')}</span>
                <button type="button" className="button button--danger button--small" onClick={() => void remove()}>
                  {t('admin.quizzes.deleteYes')}
                </button>
                <button type="button" className="button button--ghost button--small" onClick={() => setConfirmDelete(false)}>
                  {t('admin.common.cancel')}
                </button>
              </span>
            ) : (
              <button type="button" className="button button--danger button--small" onClick={() => setConfirmDelete(true)}>
                {t('admin.quizzes.delete')}
              </button>
            ))}
          <span className="muted" role="status">
            {statusText}
          </span>
        </div>
      </div>
    </form>
  );
}

/** The quiz editor: settings, questions of every type (reorder, reuse from the bank, import GIFT/Aiken/spreadsheet), random draws, save (Ctrl+S), preview, delete. */
export default function QuizEditor({ lang, messages, ...props }: QuizEditorProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Editor {...props} />
    </IslandI18n>
  );
}
