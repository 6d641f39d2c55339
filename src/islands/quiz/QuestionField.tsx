import { useEffect, useId, useState } from 'react';
import { useLang, useT } from '~/i18n/islands';
import { formatNumber } from '~/lib/shared/format';
import type { Answer, TakingQuestion } from '~/lib/shared/schemas/quizzes';
import type { SaveState } from './use-answer-sync';

/** Typing is sent once it pauses this long (every keystroke is kept in the browser at once). */
export const TYPING_DELAY_MS = 700;

interface Props {
  question: TakingQuestion;
  /** 1-based position in the attempt. */
  number: number;
  total: number;
  answer: Answer | undefined;
  state: SaveState | undefined;
  disabled: boolean;
  onAnswer(answer: Answer, delayMs?: number): void;
  /** Leaving a text field: send what it holds now instead of after the typing pause. */
  onCommit(): void;
}

/** A number as people type it: `3.5` or `3,5`; null for an empty field, NaN for anything else. */
function parseTypedNumber(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '');
  if (trimmed === '') return null;
  return /^[-+]?(\d+([.,]\d+)?|[.,]\d+)$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

function SaveStatus({ state }: { state: SaveState | undefined }) {
  const t = useT();
  const lang = useLang();
  if (!state) return null;
  const time = (iso: string) => new Intl.DateTimeFormat(lang === 'es' ? 'es-CO' : 'en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' }).format(new Date(iso));
  switch (state.kind) {
    case 'saving':
      return <span className="answer-state answer-state--saving">{t('quiz.player.saving')}</span>;
    case 'saved':
      return <span className="answer-state answer-state--saved">✓ {t('quiz.player.savedAt', { time: time(state.savedAt) })}</span>;
    case 'queued':
      return <span className="answer-state answer-state--queued">⏳ {t('quiz.player.queued')}</span>;
    case 'error':
      return (
        <span className="answer-state answer-state--error" role="alert">
          {state.message}
        </span>
      );
  }
}

/** One question of the attempt with the inputs of its type and the state of its answer (saved, waiting, refused). */
export function QuestionField({ question, number, total, answer, state, disabled, onAnswer, onCommit }: Props) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const titleId = `${id}-title`;
  const promptId = `${id}-prompt`;
  const [numberText, setNumberText] = useState(answer?.number !== undefined ? String(answer.number).replace('.', lang === 'es' ? ',' : '.') : '');
  const [numberProblem, setNumberProblem] = useState(false);
  // An answer the server keeps from another device replaces what this field shows.
  useEffect(() => {
    if (question.type !== 'numeric') return;
    const shown = parseTypedNumber(numberText);
    const kept = answer?.number ?? null;
    if (shown !== kept && !(Number.isNaN(shown) && kept === null)) setNumberText(kept === null ? '' : String(kept).replace('.', lang === 'es' ? ',' : '.'));
    // Only when the answer changes from outside, not on every keystroke.
  }, [answer?.number]);

  const chosen = new Set(answer?.optionIds ?? []);
  const choose = (optionId: number) => onAnswer({ questionId: question.id, optionIds: [optionId] });
  const toggle = (optionId: number) => {
    const next = new Set(chosen);
    if (next.has(optionId)) next.delete(optionId);
    else next.add(optionId);
    onAnswer({ questionId: question.id, optionIds: [...next].sort((a, b) => a - b) });
  };
  const isAnswered =
    (answer?.optionIds?.length ?? 0) > 0 || (answer?.text ?? '').trim() !== '' || (answer?.number !== undefined && answer.number !== null);

  return (
    <section className={`quiz-question${isAnswered ? ' quiz-question--answered' : ''}`} aria-labelledby={`${titleId} ${promptId}`} data-question-id={question.id}>
      <header className="quiz-question__head">
        <h3 id={titleId}>{t('quiz.player.questionOf', { number, total })}</h3>
        <span className="muted">{t('quiz.player.points', { count: question.points })}</span>
      </header>
      {/* Sanitized by the server (the lessons' Markdown rules). */}
      <div id={promptId} className="quiz-question__prompt lesson-content" dangerouslySetInnerHTML={{ __html: question.promptHtml }} />
      {(question.type === 'single' || question.type === 'true_false') && (
        <div role="radiogroup" aria-labelledby={promptId} className="quiz-options">
          {question.options?.map((option) => (
            <label key={option.id} className="quiz-option">
              <input type="radio" name={`q-${question.id}`} value={option.id} checked={chosen.has(option.id)} disabled={disabled} onChange={() => choose(option.id)} />
              <span>{option.text}</span>
            </label>
          ))}
          {chosen.size > 0 && !disabled && (
            <button type="button" className="button button--ghost button--small quiz-question__clear" onClick={() => onAnswer({ questionId: question.id, optionIds: [] })}>
              {t('quiz.player.clearChoice')}
            </button>
          )}
        </div>
      )}
      {question.type === 'multiple' && (
        <div role="group" aria-labelledby={promptId} className="quiz-options">
          <p className="muted quiz-options__hint">{t('quiz.player.chooseAll')}</p>
          {question.options?.map((option) => (
            <label key={option.id} className="quiz-option">
              <input type="checkbox" value={option.id} checked={chosen.has(option.id)} disabled={disabled} onChange={() => toggle(option.id)} />
              <span>{option.text}</span>
            </label>
          ))}
        </div>
      )}
      {question.type === 'short_text' && (
        <label className="field quiz-field">
          <span>{t('quiz.player.yourAnswer')}</span>
          <input
            type="text"
            value={answer?.text ?? ''}
            maxLength={500}
            autoComplete="off"
            disabled={disabled}
            aria-describedby={promptId}
            onChange={(event) => onAnswer({ questionId: question.id, text: event.target.value }, TYPING_DELAY_MS)}
            onBlur={onCommit}
          />
        </label>
      )}
      {question.type === 'open' && (
        <label className="field quiz-field">
          <span>{t('quiz.player.yourAnswer')}</span>
          <textarea
            rows={6}
            value={answer?.text ?? ''}
            maxLength={20_000}
            disabled={disabled}
            aria-describedby={promptId}
            onChange={(event) => onAnswer({ questionId: question.id, text: event.target.value }, TYPING_DELAY_MS)}
            onBlur={onCommit}
          />
        </label>
      )}
      {question.type === 'numeric' && (
        <label className={`field quiz-field quiz-field--number${numberProblem ? ' field--invalid' : ''}`}>
          <span>{t('quiz.player.yourNumber')}</span>
          <input
            type="text"
            inputMode="decimal"
            value={numberText}
            autoComplete="off"
            disabled={disabled}
            aria-invalid={numberProblem || undefined}
            aria-describedby={numberProblem ? `${id}-number-error` : promptId}
            placeholder={formatNumber(lang, 3.5)}
            onChange={(event) => {
              setNumberText(event.target.value);
              const parsed = parseTypedNumber(event.target.value);
              setNumberProblem(Number.isNaN(parsed));
              if (!Number.isNaN(parsed)) onAnswer({ questionId: question.id, number: parsed }, TYPING_DELAY_MS);
            }}
            onBlur={onCommit}
          />
          {numberProblem && (
            <span className="field__error" id={`${id}-number-error`}>
              {t('quiz.player.notANumber')}
            </span>
          )}
        </label>
      )}
      <p className="quiz-question__state">
        <SaveStatus state={state} />
      </p>
    </section>
  );
}
