import { useId } from 'react';
import { useT } from '~/i18n/islands';
import { QUESTION_TYPES, type QuestionType } from '~/lib/shared/quizzes';
import { blankQuestion, type QuestionDraft } from './quiz-draft';

interface Props {
  question: QuestionDraft;
  index: number;
  total: number;
  /** Field errors of this question from the API (`options`, `prompt`, …). */
  errors: Record<string, string>;
  onChange(question: QuestionDraft): void;
  onMove(offset: -1 | 1): void;
  onRemove(): void;
}

/** One question of the quiz editor: its type, prompt, points, what is right (by type), feedback and tags; moved up or down, or removed. */
export function QuestionEditor({ question, index, total, errors, onChange, onMove, onRemove }: Props) {
  const t = useT();
  const id = useId();
  const set = (changes: Partial<QuestionDraft>) => onChange({ ...question, ...changes });
  const isChoice = question.type === 'single' || question.type === 'multiple' || question.type === 'true_false';
  const labels = { true: t('admin.quizzes.trueOption'), false: t('admin.quizzes.falseOption') };

  function changeType(type: QuestionType) {
    const blank = blankQuestion(type, labels);
    // Choices keep their options between single and multiple; anything else starts as its type starts.
    const keepOptions = (type === 'single' || type === 'multiple') && (question.type === 'single' || question.type === 'multiple');
    set({ type, options: keepOptions ? question.options : blank.options });
  }

  function setCorrect(optionIndex: number, correct: boolean) {
    // One right option for single choice and true/false; any number for multiple.
    const single = question.type !== 'multiple';
    set({ options: question.options.map((option, i) => ({ ...option, correct: i === optionIndex ? correct : single ? false : option.correct })) });
  }

  const errorOf = (field: string) => errors[field];
  const fieldClass = (field: string) => `field${errorOf(field) ? ' field--invalid' : ''}`;
  const error = (field: string) =>
    errorOf(field) && (
      <span className="field__error" id={`${id}-${field}-error`}>
        {errorOf(field)}
      </span>
    );
  const described = (field: string) => (errorOf(field) ? `${id}-${field}-error` : undefined);

  return (
    <li className="quiz-editor__question">
      <fieldset>
        <legend>
          {t('admin.quizzes.questionNumber', { number: index + 1 })}
          {question.version && question.version > 1 && <span className="badge badge--inactive"> {t('admin.quizzes.version', { version: question.version })}</span>}
        </legend>
        <div className="quiz-editor__row">
          <label className={fieldClass('type')}>
            <span>{t('admin.quizzes.type')}</span>
            <select value={question.type} onChange={(event) => changeType(event.target.value as QuestionType)}>
              {QUESTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`admin.quizzes.types.${type}`)}
                </option>
              ))}
            </select>
            {error('type')}
          </label>
          <label className={`${fieldClass('points')} quiz-editor__points`}>
            <span>{t('admin.quizzes.points')}</span>
            <input inputMode="decimal" value={question.points} aria-invalid={Boolean(errorOf('points'))} aria-describedby={described('points')} onChange={(event) => set({ points: event.target.value })} />
            {error('points')}
          </label>
        </div>
        <label className={fieldClass('prompt')}>
          <span>{t('admin.quizzes.prompt')}</span>
          <textarea
            rows={3}
            value={question.prompt}
            className="quiz-editor__prompt"
            aria-invalid={Boolean(errorOf('prompt'))}
            aria-describedby={described('prompt')}
            onChange={(event) => set({ prompt: event.target.value })}
          />
          {error('prompt')}
        </label>
        {isChoice && (
          <fieldset className="quiz-editor__options" aria-describedby={described('options')}>
            <legend>{question.type === 'multiple' ? t('admin.quizzes.optionsMultiple') : t('admin.quizzes.optionsSingle')}</legend>
            <ol>
              {question.options.map((option, optionIndex) => (
                <li key={optionIndex} className="quiz-editor__option">
                  <label className="quiz-editor__correct">
                    <input
                      type={question.type === 'multiple' ? 'checkbox' : 'radio'}
                      name={`${id}-correct`}
                      checked={option.correct}
                      onChange={(event) => setCorrect(optionIndex, event.target.checked)}
                    />
                    <span className="visually-hidden">{t('admin.quizzes.optionCorrect', { number: optionIndex + 1 })}</span>
                  </label>
                  <label className="field quiz-editor__option-text">
                    <span className="visually-hidden">{t('admin.quizzes.optionText', { number: optionIndex + 1 })}</span>
                    <input
                      value={option.text}
                      readOnly={question.type === 'true_false'}
                      placeholder={t('admin.quizzes.optionPlaceholder', { number: optionIndex + 1 })}
                      onChange={(event) => set({ options: question.options.map((item, i) => (i === optionIndex ? { ...item, text: event.target.value } : item)) })}
                    />
                  </label>
                  {question.type !== 'true_false' && question.options.length > 2 && (
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      aria-label={t('admin.quizzes.removeOption', { number: optionIndex + 1 })}
                      onClick={() => set({ options: question.options.filter((_, i) => i !== optionIndex) })}
                    >
                      ×
                    </button>
                  )}
                </li>
              ))}
            </ol>
            {question.type !== 'true_false' && (
              <button type="button" className="button button--ghost button--small" onClick={() => set({ options: [...question.options, { text: '', correct: false }] })}>
                {t('admin.quizzes.addOption')}
              </button>
            )}
            {error('options')}
          </fieldset>
        )}
        {question.type === 'short_text' && (
          <label className={fieldClass('answers')}>
            <span>{t('admin.quizzes.acceptedAnswers')}</span>
            <textarea rows={3} value={question.answers} className="quiz-editor__short" aria-describedby={`${id}-answers-hint ${described('answers') ?? ''}`} onChange={(event) => set({ answers: event.target.value })} />
            <small className="muted" id={`${id}-answers-hint`}>
              {t('admin.quizzes.acceptedAnswersHint')}
            </small>
            {error('answers')}
          </label>
        )}
        {question.type === 'numeric' && (
          <div className="quiz-editor__row">
            <label className={fieldClass('answer')}>
              <span>{t('admin.quizzes.numericAnswer')}</span>
              <input inputMode="decimal" value={question.answer} aria-invalid={Boolean(errorOf('answer'))} aria-describedby={described('answer')} onChange={(event) => set({ answer: event.target.value })} />
              {error('answer')}
            </label>
            <label className={fieldClass('tolerance')}>
              <span>{t('admin.quizzes.tolerance')}</span>
              <input inputMode="decimal" value={question.tolerance} aria-invalid={Boolean(errorOf('tolerance'))} aria-describedby={described('tolerance')} onChange={(event) => set({ tolerance: event.target.value })} />
              {error('tolerance')}
            </label>
          </div>
        )}
        {question.type === 'open' && <p className="muted">{t('admin.quizzes.openHint')}</p>}
        <div className="quiz-editor__row">
          <label className={fieldClass('feedback')}>
            <span>{t('admin.quizzes.feedback')}</span>
            <input value={question.feedback} onChange={(event) => set({ feedback: event.target.value })} />
            {error('feedback')}
          </label>
          <label className={fieldClass('tags')}>
            <span>{t('admin.quizzes.tags')}</span>
            <input value={question.tags} placeholder={t('admin.quizzes.tagsPlaceholder')} onChange={(event) => set({ tags: event.target.value })} />
            {error('tags')}
          </label>
        </div>
        {errorOf('id') && <p className="field__error">{errorOf('id')}</p>}
        <div className="admin-actions">
          <button type="button" className="button button--ghost button--small" disabled={index === 0} onClick={() => onMove(-1)} aria-label={t('admin.quizzes.moveUp', { number: index + 1 })}>
            ↑
          </button>
          <button type="button" className="button button--ghost button--small" disabled={index === total - 1} onClick={() => onMove(1)} aria-label={t('admin.quizzes.moveDown', { number: index + 1 })}>
            ↓
          </button>
          <button type="button" className="button button--danger button--small" onClick={onRemove}>
            {t('admin.quizzes.removeQuestion')}
          </button>
        </div>
      </fieldset>
    </li>
  );
}
