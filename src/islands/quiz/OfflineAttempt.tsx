import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '~/i18n/islands';
import type { Answer, StartAttemptResult } from '~/lib/shared/schemas/quizzes';
import { completeQuiz, saveQuizAnswer, startQuiz } from '~/lib/client/api/quiz-player';
import { QuestionField } from './QuestionField';
import type { SaveState } from './use-answer-sync';
import {
  forgetOfflineAttempt,
  giveOfflineAnswer,
  isAnswerable,
  pendingAnswers,
  replayOfflineAttempt,
  submitOfflineAttempt,
  type OfflineAttempt as OfflineAttemptRecord,
  type ReplayCalls,
} from './offline-attempt';
import { keepStartedAttempt } from './started-attempt';

/** After a failed try with the browser online (the server was unreachable), the next one comes this much later. */
const RETRY_MS = 5000;

const replayCalls: ReplayCalls = {
  start: startQuiz,
  save: (quizId, attemptId, { questionId, optionIds, text, number, clientSavedAt }) =>
    saveQuizAnswer(quizId, attemptId, { questionId, clientSavedAt, ...(optionIds !== undefined && { optionIds }), ...(text !== undefined && { text }), ...(number !== undefined && { number }) }),
  complete: completeQuiz,
};

type Status = { kind: 'offline' } | { kind: 'sending' } | { kind: 'sent'; attemptId: number | null } | { kind: 'conflict'; message: string };

interface Props {
  quizId: number;
  userId: number;
  initial: OfflineAttemptRecord;
  /** The answers arrived and the attempt was not submitted: it goes on online, as the server has it. */
  onContinueOnline(taking: StartAttemptResult): void;
  /** The student read the conflict and let the answers go. */
  onDismissed(): void;
}

const resultUrl = (quizId: number, attemptId: number) => `/quizzes/${quizId}/attempts/${attemptId}`;

/**
 * An attempt answered offline from the downloaded quiz (offline-attempt.ts):
 * every answer is kept on this device at once, the submit can be queued, and
 * when the connection returns it is sent once; the bar says what is waiting,
 * and a refusal (the quiz closed meanwhile, no attempt left) is explained with
 * the answers the student gave.
 */
export function OfflineAttempt({ quizId, userId, initial, onContinueOnline, onDismissed }: Props) {
  const t = useT();
  const [attempt, setAttempt] = useState(initial);
  const [status, setStatus] = useState<Status>(initial.conflict !== null ? { kind: 'conflict', message: initial.conflict } : { kind: 'offline' });
  const [confirming, setConfirming] = useState(false);
  const retryTimer = useRef<number | undefined>(undefined);
  const callbacks = useRef({ onContinueOnline });
  callbacks.current = { onContinueOnline };

  const replay = useCallback(async () => {
    if (!navigator.onLine) return;
    window.clearTimeout(retryTimer.current);
    setStatus({ kind: 'sending' });
    const outcome = await replayOfflineAttempt(window.localStorage, quizId, userId, replayCalls, t('quiz.player.offlineAttempt.conflictFallback'));
    switch (outcome.kind) {
      case 'conflict':
        setAttempt(outcome.attempt);
        setStatus({ kind: 'conflict', message: outcome.message });
        return;
      case 'waiting':
        setStatus({ kind: 'offline' });
        if (navigator.onLine) retryTimer.current = window.setTimeout(() => void replay(), RETRY_MS);
        return;
      case 'none':
        // Another tab sent it.
        setStatus({ kind: 'sent', attemptId: null });
        return;
      case 'sent':
        setAttempt((current) => ({ ...current, acknowledged: Object.fromEntries(current.answers.map((answer) => [answer.questionId, answer.clientSavedAt])) }));
        setStatus({ kind: 'sent', attemptId: outcome.attemptId });
        if (!outcome.submitted) {
          // Not submitted: the attempt goes on online (the start resumes it, with the answers just sent).
          try {
            const taking = await startQuiz(quizId);
            keepStartedAttempt(window.localStorage, quizId, userId, taking);
            callbacks.current.onContinueOnline(taking);
          } catch {
            // It stays "sent"; a reload resumes it.
          }
        }
    }
  }, [quizId, t, userId]);

  useEffect(() => {
    if (initial.conflict === null) void replay();
    const onOnline = () => void replay();
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      window.clearTimeout(retryTimer.current);
    };
  }, []);

  // Answering goes on while a replay runs (it reads each next answer from storage); once sent, the online attempt takes over.
  const answerable = isAnswerable(attempt) && (status.kind === 'offline' || status.kind === 'sending');
  const answer = (given: Answer) => {
    const next = giveOfflineAnswer(window.localStorage, quizId, userId, given);
    if (next) setAttempt(next);
  };
  const submit = () => {
    const next = submitOfflineAttempt(window.localStorage, quizId, userId);
    if (next) setAttempt(next);
    setConfirming(false);
    void replay();
  };
  const dismiss = () => {
    forgetOfflineAttempt(window.localStorage, quizId, userId);
    onDismissed();
  };

  const answers = new Map(attempt.answers.map(({ clientSavedAt: _, ...given }) => [given.questionId, given]));
  const pending = pendingAnswers(attempt);
  const stateOf = (questionId: number): SaveState | undefined => {
    const given = attempt.answers.find((answer) => answer.questionId === questionId);
    if (!given) return undefined;
    return attempt.acknowledged[questionId] === given.clientSavedAt ? { kind: 'saved', savedAt: given.clientSavedAt } : { kind: 'queued' };
  };
  const total = attempt.questions.length;
  const unanswered = total - answers.size;

  return (
    <div className="quiz-attempt">
      {status.kind === 'conflict' ? (
        <div className="notice notice--error quiz-conflict" role="alert">
          <p>
            <strong>{t('quiz.player.offlineAttempt.conflictTitle')}</strong>
          </p>
          <p>{status.message}</p>
          <p>{t('quiz.player.offlineAttempt.conflictAnswers')}</p>
        </div>
      ) : (
        <div className="quiz-bar" role="region" aria-label={t('quiz.player.statusLabel')}>
          <p className="quiz-progress">
            <progress max={total} value={answers.size} aria-label={t('quiz.player.progressLabel')} />
            <span>{t('quiz.player.answered', { count: answers.size, total })}</span>
          </p>
          <p className={`quiz-connection${status.kind === 'offline' ? ' quiz-connection--offline' : ''}`} role="status">
            {status.kind === 'sent'
              ? t('quiz.player.offlineAttempt.sent')
              : status.kind === 'sending'
                ? t('quiz.player.sending', { count: pending.length })
                : pending.length > 0
                  ? t('quiz.player.offlineAttempt.pending', { count: pending.length })
                  : t('quiz.player.offlineAttempt.nothingPending')}
          </p>
        </div>
      )}
      {status.kind !== 'conflict' && status.kind !== 'sent' && <p className="notice notice--warning">{t('quiz.player.offlineAttempt.notice')}</p>}
      {attempt.submitted && status.kind !== 'sent' && status.kind !== 'conflict' && (
        <p className="notice notice--warning" role="status">
          {t('quiz.player.offlineAttempt.submitWaiting')}
        </p>
      )}
      {status.kind === 'sent' && attempt.submitted && (
        <p className="notice notice--success" role="status">
          {t('quiz.player.offlineAttempt.sentSubmitted')}{' '}
          {status.attemptId !== null && <a href={resultUrl(quizId, status.attemptId)}>{t('quiz.player.offlineAttempt.seeResult')}</a>}
        </p>
      )}
      <h2 className="visually-hidden">{t('quiz.player.questionsTitle')}</h2>
      {attempt.questions.map((question, index) => (
        <QuestionField
          key={question.id}
          question={question}
          number={index + 1}
          total={total}
          answer={answers.get(question.id)}
          state={status.kind === 'conflict' ? undefined : stateOf(question.id)}
          disabled={!answerable}
          onAnswer={answer}
          onCommit={() => undefined}
        />
      ))}
      {status.kind === 'conflict' ? (
        <div className="quiz-submit">
          <button type="button" className="button button--ghost" onClick={dismiss}>
            {t('quiz.player.offlineAttempt.dismiss')}
          </button>
        </div>
      ) : (
        answerable && (
          <div className="quiz-submit">
            {confirming ? (
              <div className="quiz-confirm" role="group" aria-labelledby="quiz-offline-confirm-text">
                <p id="quiz-offline-confirm-text">
                  {unanswered > 0 ? `${t('quiz.player.unanswered', { count: unanswered })} ` : ''}
                  {t('quiz.player.offlineAttempt.confirmSubmit')}
                </p>
                <div className="admin-actions">
                  <button type="button" className="button button--primary" onClick={submit}>
                    {t('quiz.player.confirmYes')}
                  </button>
                  <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
                    {t('quiz.player.keepAnswering')}
                  </button>
                </div>
              </div>
            ) : (
              <button type="button" className="button button--primary" onClick={() => setConfirming(true)}>
                {t('quiz.player.submit')}
              </button>
            )}
          </div>
        )
      )}
    </div>
  );
}
