import { useCallback, useEffect, useRef, useState } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { readApiProblem } from '~/lib/client/api-problem';
import { readUserInfo } from '~/lib/client/storage';
import type { Language } from '~/lib/shared/constants';
import type { Answer, StartAttemptResult, TakingQuestion } from '~/lib/shared/schemas/quizzes';
import { completeQuiz, readDownloadedQuiz, startQuiz } from '~/lib/client/api/quiz-player';
import { QuestionField } from './QuestionField';
import { OfflineAttempt } from './OfflineAttempt';
import { createOfflineAttempt, readOfflineAttempt, type OfflineAttempt as OfflineAttemptRecord } from './offline-attempt';
import { forgetStartedAttempt, keepStartedAttempt, readStartedAttempt } from './started-attempt';
import { formatClock, useCountdown } from './use-countdown';
import { useAnswerSync } from './use-answer-sync';
import '~/styles/quiz.css';

export interface QuizPlayerProps {
  lang: Language;
  messages: Messages;
  quizId: number;
  /** The attempt under way, if any: it is resumed at once. */
  openAttemptId: number | null;
  /** False when the student has nothing to start (the quiz is closed, or no attempt is left): only an offline attempt the server refused is shown. */
  canStart?: boolean;
  /** Staff preview: these questions, answered in the page only; nothing is saved. */
  preview?: TakingQuestion[];
}

type View = 'all' | 'one';
const VIEW_KEY = 'quizView';

const isAnswered = (answer: Answer | undefined) =>
  Boolean(answer && ((answer.optionIds?.length ?? 0) > 0 || (answer.text ?? '').trim() !== '' || (answer.number !== undefined && answer.number !== null)));

/** Where the student goes once the attempt is closed: its result, as much as the quiz shows. */
const resultUrl = (quizId: number, attemptId: number) => `/quizzes/${quizId}/attempts/${attemptId}`;

/**
 * The page's intro counts the attempts left (server-rendered, outside this
 * island): once an attempt is under way it says so, as it would after a reload,
 * instead of still offering every attempt (issue 35).
 */
function showAttemptInProgress(): void {
  const line = document.querySelector<HTMLElement>('[data-attempts-line]');
  if (line?.dataset.inProgress) line.textContent = line.dataset.inProgress;
}

function useView(): [View, (view: View) => void] {
  const [view, setView] = useState<View>('all');
  useEffect(() => {
    if (window.localStorage.getItem(VIEW_KEY) === 'one') setView('one');
  }, []);
  return [
    view,
    (next) => {
      setView(next);
      window.localStorage.setItem(VIEW_KEY, next);
    },
  ];
}

interface AttemptProps {
  quizId: number;
  taking: StartAttemptResult;
  preview: boolean;
}

/** An attempt being taken: its questions, its clock, its answers kept and sent, the submit. */
function Attempt({ quizId, taking, preview }: AttemptProps) {
  const t = useT();
  const { attempt, questions } = taking;
  const [view, setView] = useView();
  const [current, setCurrent] = useState(0);
  const [answers, setAnswers] = useState<Map<number, Answer>>(() => new Map(attempt.answers.map((answer) => [answer.questionId, answer])));
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [closedNotice, setClosedNotice] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const finish = useCallback(
    async (notice: string | null) => {
      if (preview) return;
      setClosedNotice(notice);
      setSubmitting(true);
      try {
        await completeQuiz(quizId, attempt.id);
        const userId = currentUserId();
        if (userId !== null) forgetStartedAttempt(window.localStorage, quizId, userId);
        window.location.assign(resultUrl(quizId, attempt.id));
      } catch (failure) {
        setProblem((await readApiProblem(failure, t('quiz.player.submitFailed'))).message);
        setSubmitting(false);
      }
    },
    [attempt.id, preview, quizId, t],
  );

  const sync = useAnswerSync({
    quizId,
    attemptId: preview ? -1 : attempt.id,
    onClosed: () => void finish(t('quiz.player.closedElsewhere')),
    onKept: (kept) => setAnswers((map) => new Map(map).set(kept.questionId, kept)),
  });

  // What this browser still holds is newer than what the server answered: show it (it is being sent).
  useEffect(() => {
    if (preview) return;
    const queued = sync.queued();
    if (queued.length === 0) return;
    setAnswers((map) => {
      const next = new Map(map);
      for (const { clientSavedAt: _, ...answer } of queued) next.set(answer.questionId, answer);
      return next;
    });
  }, []);

  const timeUp = async () => {
    if (preview) return;
    await sync.flush();
    await finish(t('quiz.player.timeUp'));
  };
  const { left, warning } = useCountdown(preview ? null : attempt.deadline, preview ? null : taking.serverNow, () => void timeUp());

  const answer = (given: Answer, delayMs?: number) => {
    setAnswers((map) => new Map(map).set(given.questionId, given));
    if (!preview) sync.give(given, delayMs);
  };

  const unanswered = questions.filter((question) => !isAnswered(answers.get(question.id))).length;
  const answeredCount = questions.length - unanswered;
  const locked = submitting || closedNotice !== null || left === 0;

  async function submit() {
    setProblem(null);
    setSubmitting(true);
    if (!(await sync.flush())) {
      setProblem(t('quiz.player.submitOffline', { count: sync.pending }));
      setSubmitting(false);
      return;
    }
    await finish(null);
  }

  const go = (index: number) => {
    setCurrent(index);
    window.requestAnimationFrame(() => headingRef.current?.focus());
  };

  const shown = view === 'one' ? [questions[current]!] : questions;
  return (
    <div className="quiz-attempt">
      <div className="quiz-bar" role="region" aria-label={t('quiz.player.statusLabel')}>
        {left !== null && (
          <p className={`quiz-timer${left <= 60 ? ' quiz-timer--urgent' : ''}`}>
            <span>{t('quiz.player.timeLeft')}</span> <strong role="timer" aria-live="off">{formatClock(left)}</strong>
          </p>
        )}
        <p className="quiz-progress">
          <progress max={questions.length} value={answeredCount} aria-label={t('quiz.player.progressLabel')} />
          <span>{t('quiz.player.answered', { count: answeredCount, total: questions.length })}</span>
        </p>
        <p className={`quiz-connection${sync.offline ? ' quiz-connection--offline' : ''}`} role="status">
          {preview
            ? t('quiz.player.previewNote')
            : sync.offline
              ? t('quiz.player.offline', { count: sync.pending })
              : sync.pending > 0
                ? t('quiz.player.sending', { count: sync.pending })
                : t('quiz.player.allSaved')}
        </p>
      </div>
      {warning !== null && left !== null && left > 0 && (
        <p className="notice notice--warning" role="alert">
          {t(warning >= 300 ? 'quiz.player.warnFive' : 'quiz.player.warnOne')}
        </p>
      )}
      {closedNotice && (
        <p className="notice notice--warning" role="alert">
          {closedNotice}
        </p>
      )}
      <div className="quiz-view-switch">
        <button type="button" className="button button--ghost button--small" onClick={() => setView(view === 'all' ? 'one' : 'all')}>
          {view === 'all' ? t('quiz.player.viewOne') : t('quiz.player.viewAll')}
        </button>
      </div>
      {view === 'one' && (
        <nav className="quiz-nav" aria-label={t('quiz.player.navLabel')}>
          <ol>
            {questions.map((question, index) => (
              <li key={question.id}>
                <button
                  type="button"
                  className={`quiz-nav__item${isAnswered(answers.get(question.id)) ? ' quiz-nav__item--answered' : ''}`}
                  aria-current={index === current ? 'step' : undefined}
                  aria-label={t(isAnswered(answers.get(question.id)) ? 'quiz.player.goToAnswered' : 'quiz.player.goTo', { number: index + 1 })}
                  onClick={() => go(index)}
                >
                  {index + 1}
                </button>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <h2 className="visually-hidden" tabIndex={-1} ref={headingRef}>
        {view === 'one' ? t('quiz.player.questionOf', { number: current + 1, total: questions.length }) : t('quiz.player.questionsTitle')}
      </h2>
      {shown.map((question) => {
        const index = questions.indexOf(question);
        return (
          <QuestionField
            key={question.id}
            question={question}
            number={index + 1}
            total={questions.length}
            answer={answers.get(question.id)}
            state={sync.states.get(question.id)}
            disabled={locked}
            onAnswer={answer}
            onCommit={() => {
              if (!preview) void sync.flush();
            }}
          />
        );
      })}
      {view === 'one' && (
        <div className="quiz-steps">
          <button type="button" className="button button--ghost" disabled={current === 0} onClick={() => go(current - 1)}>
            {t('quiz.player.previous')}
          </button>
          <button type="button" className="button button--ghost" disabled={current === questions.length - 1} onClick={() => go(current + 1)}>
            {t('quiz.player.next')}
          </button>
        </div>
      )}
      {!preview && (
        <div className="quiz-submit">
          {problem && (
            <p className="notice notice--error" role="alert">
              {problem}
            </p>
          )}
          {confirming ? (
            <div className="quiz-confirm" role="group" aria-labelledby="quiz-confirm-text">
              <p id="quiz-confirm-text">
                {unanswered > 0 ? `${t('quiz.player.unanswered', { count: unanswered })} ` : ''}
                {t('quiz.player.confirmSubmit')}
              </p>
              <div className="admin-actions">
                <button type="button" className="button button--primary" disabled={submitting} onClick={() => void submit()}>
                  {submitting ? t('quiz.player.submitting') : t('quiz.player.confirmYes')}
                </button>
                <button type="button" className="button button--ghost" disabled={submitting} onClick={() => setConfirming(false)}>
                  {t('quiz.player.keepAnswering')}
                </button>
              </div>
            </div>
          ) : (
            <button type="button" className="button button--primary" disabled={locked} onClick={() => setConfirming(true)}>
              {submitting ? t('quiz.player.submitting') : t('quiz.player.submit')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

type Phase =
  | { kind: 'intro' }
  | { kind: 'starting' }
  | { kind: 'error'; message: string }
  | { kind: 'taking'; taking: StartAttemptResult; resumedOffline?: boolean }
  /** Answered offline from the downloaded quiz, sent when the connection returns. */
  | { kind: 'offline'; attempt: OfflineAttemptRecord; userId: number }
  /** Offline, and this quiz cannot be started here (timed, not downloaded, not open): why. */
  | { kind: 'needsOnline'; message: string };

/** Who is signed in on this browser, as the session left it in storage (offline, nobody can ask the server). */
const currentUserId = (): number | null => readUserInfo(window.localStorage)?.idUser ?? null;

/**
 * Without the network (issue 34, ADR 038): the attempt this person started online and this browser kept, else
 * their offline attempt, else (when `create`) a new offline attempt from the downloaded read of an untimed quiz.
 * A timed quiz is never started here: its clock starts on the server. Null: nothing to offer offline.
 */
async function openWithoutNetwork(quizId: number, userId: number | null, create: boolean, t: ReturnType<typeof useT>): Promise<Phase | null> {
  if (userId === null) return null;
  const kept = readStartedAttempt(window.localStorage, quizId, userId);
  if (kept) return { kind: 'taking', taking: kept, resumedOffline: true };
  const mine = readOfflineAttempt(window.localStorage, quizId, userId);
  if (mine) return { kind: 'offline', attempt: mine, userId };
  const read = await readDownloadedQuiz(quizId);
  if (read?.timeLimitS) return { kind: 'needsOnline', message: t('quiz.player.offlineAttempt.timed') };
  if (!create) return null;
  if (!read) return { kind: 'needsOnline', message: t('quiz.player.offlineAttempt.notDownloaded') };
  if (!read.offlineQuestions?.length) return { kind: 'needsOnline', message: t('quiz.player.offlineAttempt.unavailable') };
  return { kind: 'offline', attempt: createOfflineAttempt(window.localStorage, quizId, userId, read.offlineQuestions), userId };
}

function Player({ quizId, openAttemptId, preview, canStart = true }: Omit<QuizPlayerProps, 'lang' | 'messages'>) {
  const t = useT();
  const [phase, setPhase] = useState<Phase>(() =>
    preview ? { kind: 'taking', taking: { attempt: { id: 0, status: 'in_progress', startedAt: '', deadline: null, answers: [] }, questions: preview, serverNow: '' } } : openAttemptId !== null
        ? { kind: 'starting' }
        : { kind: 'intro' },
  );

  const start = useCallback(async () => {
    setPhase({ kind: 'starting' });
    const userId = currentUserId();
    try {
      const taking = await startQuiz(quizId);
      if (userId !== null) keepStartedAttempt(window.localStorage, quizId, userId, taking);
      setPhase({ kind: 'taking', taking });
      showAttemptInProgress();
    } catch (failure) {
      // No answer at all (offline): what this device holds, or the downloaded quiz.
      const offline = failure instanceof Response ? null : await openWithoutNetwork(quizId, userId, true, t);
      setPhase(offline ?? { kind: 'error', message: (await readApiProblem(failure, t('quiz.player.startFailed'))).message });
    }
  }, [quizId, t]);

  // This person's offline attempt is shown (and sent) first; an attempt under way (another tab, another device, a
  // reload) is resumed at once; offline, the attempt kept from an online start is resumed.
  useEffect(() => {
    if (preview) return;
    const userId = currentUserId();
    const mine = userId !== null ? readOfflineAttempt(window.localStorage, quizId, userId) : null;
    if (mine && userId !== null) setPhase({ kind: 'offline', attempt: mine, userId });
    else if (!canStart) return;
    else if (openAttemptId !== null) void start();
    else if (!navigator.onLine) void openWithoutNetwork(quizId, userId, false, t).then((offline) => offline && setPhase(offline));
    // Online with no attempt under way: a kept one has closed.
    else if (userId !== null) forgetStartedAttempt(window.localStorage, quizId, userId);
  }, []);

  switch (phase.kind) {
    case 'intro':
      if (!canStart) return null;
      return (
        <div className="quiz-start">
          <button type="button" className="button button--primary" onClick={() => void start()}>
            {t('quiz.player.start')}
          </button>
        </div>
      );
    case 'starting':
      return (
        <p className="muted" aria-busy="true">
          {openAttemptId !== null ? t('quiz.player.resuming') : t('quiz.player.starting')}
        </p>
      );
    case 'error':
      return (
        <div role="alert" className="load-error">
          <p className="form-error">{phase.message}</p>
          <button type="button" className="button button--ghost button--small" onClick={() => void start()}>
            {t('common.retry')}
          </button>
        </div>
      );
    case 'needsOnline':
      return (
        <div className="load-error">
          <p className="notice notice--warning" role="status">
            {phase.message}
          </p>
          <button type="button" className="button button--ghost button--small" onClick={() => void start()}>
            {t('common.retry')}
          </button>
        </div>
      );
    case 'offline':
      return (
        <OfflineAttempt
          quizId={quizId}
          userId={phase.userId}
          initial={phase.attempt}
          onContinueOnline={(taking) => {
            setPhase({ kind: 'taking', taking });
            showAttemptInProgress();
          }}
          onDismissed={() => setPhase({ kind: 'intro' })}
        />
      );
    case 'taking':
      return (
        <>
          {phase.resumedOffline && <p className="notice notice--warning">{t('quiz.player.offlineAttempt.resumed')}</p>}
          <Attempt quizId={quizId} taking={phase.taking} preview={Boolean(preview)} />
        </>
      );
  }
}

/** The quiz player: starts or resumes the attempt, keeps every answer (offline too) and submits it; or, for staff, a preview that saves nothing. */
export default function QuizPlayer({ lang, messages, ...props }: QuizPlayerProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Player {...props} />
    </IslandI18n>
  );
}
