/**
 * The study assistant's chat panel (issue 16), opened from the home card's
 * "Preguntar al asistente" (chat-launcher.ts loads this module on that click
 * only). A modal dialog: first the AI policy when a model is configured and
 * the student has not accepted it, then the conversation: a question box
 * (Enter sends, Shift+Enter breaks the line), each answer with the lessons
 * and pages it rests on, and what a refusal means (the hourly limit, the
 * assistant turned off). The last answer stays in this browser under the
 * contract's `aiFeedback` key and greets the student when the panel opens again.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import { IslandI18n, useT, type IslandTranslate } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { readApiProblem } from '~/lib/client/api-problem';
import { readAiFeedback, writeAiFeedback } from '~/lib/client/storage';
import type { Language } from '~/lib/shared/constants';
// Types only: the schemas module builds zod schemas, which this panel's download must not carry.
import type { AiPolicy, JarvisChatAnswer, JarvisSource } from '~/lib/shared/schemas/jarvis';
import * as api from '~/lib/client/api/jarvis';

export interface ChatPanelProps {
  lang: Language;
  messages: Messages;
  /** The signed-in student (whose last answer this browser may show). */
  userId: number;
  /** The AI policy, in the page's language (shown before the first use of a model). */
  policy: PolicyText;
  /** The chat's bounds (CHAT_MESSAGE_MAX, CHAT_HISTORY_MAX), given by the page. */
  limits: ChatLimits;
  /** Runs once the panel has closed (Escape, the close button): the launcher unmounts it and gives focus back. */
  onClose(): void;
}

export interface ChatLimits {
  /** The longest question. */
  messageMax: number;
  /** The turns of the conversation sent back with a question. */
  historyMax: number;
}

export interface PolicyText {
  title: string;
  intro: string;
  points: string[];
  /** "Versión 1 de la política." */
  version: string;
}

/** A turn of the conversation; an answer carries where it comes from. */
type Turn = { role: 'user'; content: string } | ({ role: 'assistant'; content: string } & Pick<JarvisChatAnswer, 'source' | 'sources'>);

/** The longest turn sent back as history (the schema's bound). */
const HISTORY_TURN_MAX = 4000;

const needsAcceptance = (policy: AiPolicy) => policy.modelConfigured && !policy.accepted;

/** Only Senda's own pages are linked (a source is a path such as `/lessons/12`). */
const isOwnPath = (url: string) => url.startsWith('/') && !url.startsWith('//');

/** What a failed question means for the student, and whether the panel goes back to the policy. */
async function chatFailureOf(failure: unknown, t: IslandTranslate): Promise<{ message: string; code: string | null }> {
  if (!(failure instanceof Response)) return { message: t('jarvisUi.chat.failed'), code: null };
  const body = (await failure
    .clone()
    .json()
    .catch(() => null)) as { error?: { code?: unknown } } | null;
  const code = typeof body?.error?.code === 'string' ? body.error.code : null;
  if (failure.status === 429) return { message: t('jarvisUi.chat.rateLimited'), code: 'rate_limited' };
  if (code === 'assistant_disabled') return { message: t('jarvisUi.chat.disabled'), code };
  if (failure.status >= 500) return { message: t('jarvisUi.chat.failed'), code };
  const problem = await readApiProblem(failure, t('jarvisUi.chat.failed'));
  return { message: Object.values(problem.fields)[0] ?? problem.message, code };
}

function Sources({ sources }: { sources: JarvisSource[] }) {
  const t = useT();
  const linked = sources.filter((source) => isOwnPath(source.url));
  if (linked.length === 0) return null;
  return (
    <div className="jarvis-turn__sources">
      <p className="jarvis-turn__sources-title">{t('jarvisUi.chat.sources')}</p>
      <ul>
        {linked.map((source) => (
          <li key={`${source.kind}-${source.id}`}>
            <span className="muted">{t(`jarvisUi.chat.source.${source.kind}`)}: </span>
            <a href={source.url}>{source.title}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function PolicyStep({ text, version, onAccepted }: { text: PolicyText; version: AiPolicy['version']; onAccepted(policy: AiPolicy): void }) {
  const t = useT();
  const [isSending, setIsSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);

  async function accept() {
    setIsSending(true);
    setError(null);
    try {
      onAccepted(await api.acceptPolicy(version));
    } catch (failure) {
      setError((await readApiProblem(failure, t('jarvisUi.chat.acceptFailed'))).message);
      setIsSending(false);
    }
  }

  return (
    <section className="jarvis-policy" aria-labelledby="jarvis-policy-title">
      <h3 id="jarvis-policy-title">{text.title}</h3>
      <div className="jarvis-policy__text" tabIndex={0} aria-labelledby="jarvis-policy-title">
        <p>{text.intro}</p>
        <ul>
          {text.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        <p className="muted">{text.version}</p>
      </div>
      {error && (
        <p className="jarvis-error" role="alert">
          {error}
        </p>
      )}
      <button ref={button} type="button" className="button button--primary" disabled={isSending} aria-busy={isSending} onClick={() => void accept()}>
        {isSending ? t('jarvisUi.chat.accepting') : t('jarvisUi.chat.accept')}
      </button>
    </section>
  );
}

/** The last exchange this browser kept for this student, as the conversation's first turns. */
function restoredTurns(userId: number): Turn[] {
  const last = readAiFeedback(window.localStorage);
  if (!last || last.userId !== userId || typeof last.answer !== 'string' || typeof last.question !== 'string') return [];
  return [
    { role: 'user', content: last.question },
    {
      role: 'assistant',
      content: last.answer,
      source: last.source,
      sources: Array.isArray(last.sources) ? last.sources : [],
    },
  ];
}

function Conversation({ userId, limits, isModelConfigured, onPolicyRequired }: { userId: number; limits: ChatLimits; isModelConfigured: boolean; onPolicyRequired(): void }) {
  const t = useT();
  const [turns, setTurns] = useState<Turn[]>(() => restoredTurns(userId));
  const [restoredCount] = useState(turns.length);
  const [draft, setDraft] = useState('');
  const [isSending, setIsSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isDisabled, setIsDisabled] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => box.current?.focus(), []);

  async function send() {
    const message = draft.trim();
    if (!message || isSending || isDisabled) return;
    const history = turns.slice(-limits.historyMax).map((turn) => ({
      role: turn.role,
      content: turn.content.slice(0, HISTORY_TURN_MAX),
    }));
    setTurns((shown) => [...shown, { role: 'user', content: message }]);
    setDraft('');
    setError(null);
    setIsSending(true);
    try {
      const answer = await api.askJarvis(message, history);
      setTurns((shown) => [
        ...shown,
        {
          role: 'assistant',
          content: answer.answer,
          source: answer.source,
          sources: answer.sources,
        },
      ]);
      writeAiFeedback(window.localStorage, {
        ...answer,
        userId,
        question: message,
        answeredAt: new Date().toISOString(),
      });
    } catch (failure) {
      const { message: reason, code } = await chatFailureOf(failure, t);
      // The question goes back into the box, to send again once possible.
      setTurns((shown) => shown.slice(0, -1));
      setDraft(message);
      if (code === 'ai_policy_required') return onPolicyRequired();
      if (code === 'assistant_disabled') setIsDisabled(true);
      setError(reason);
    } finally {
      setIsSending(false);
    }
  }

  // Once an answer (or a refusal) arrives, the question box is where the student goes on.
  useEffect(() => {
    if (!isSending) box.current?.focus();
  }, [isSending]);

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void send();
  }

  return (
    <>
      <p className="muted jarvis-panel__intro">{t('jarvisUi.chat.intro')}</p>
      {!isModelConfigured && <p className="jarvis-panel__note">{t('jarvisUi.chat.offlineNote')}</p>}
      <div role="log" aria-label={t('jarvisUi.chat.conversation')}>
        <ol className="jarvis-turns">
          {turns.map((turn, index) => (
            <li key={index} className={`jarvis-turn jarvis-turn--${turn.role}`}>
              {index === 0 && restoredCount > 0 && <p className="jarvis-turn__restored muted">{t('jarvisUi.chat.lastAnswer')}</p>}
              <p className="jarvis-turn__who">{turn.role === 'user' ? t('jarvisUi.chat.you') : t('jarvisUi.chat.assistant')}</p>
              <p className="jarvis-turn__text">{turn.content}</p>
              {turn.role === 'assistant' && (
                <>
                  <Sources sources={turn.sources} />
                  <p className="jarvis-turn__origin muted">{turn.source === 'model' ? t('jarvisUi.chat.fromModel') : t('jarvisUi.chat.fromData')}</p>
                </>
              )}
            </li>
          ))}
        </ol>
      </div>
      <p className="jarvis-panel__status muted" role="status">
        {isSending ? t('jarvisUi.chat.thinking') : ''}
      </p>
      {error && (
        <p className="jarvis-error" role="alert">
          {error}
        </p>
      )}
      <form className="jarvis-ask" onSubmit={onSubmit}>
        <label htmlFor="jarvis-question">{t('jarvisUi.chat.label')}</label>
        <textarea
          ref={box}
          id="jarvis-question"
          name="message"
          rows={3}
          maxLength={limits.messageMax}
          value={draft}
          disabled={isDisabled}
          aria-describedby="jarvis-question-hint"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <small id="jarvis-question-hint" className="muted">
          {t('jarvisUi.chat.hint')}
        </small>
        <button type="submit" className="button button--primary" disabled={isSending || isDisabled || draft.trim() === ''} aria-busy={isSending}>
          {isSending ? t('jarvisUi.chat.sending') : t('jarvisUi.chat.send')}
        </button>
      </form>
    </>
  );
}

function Panel({ userId, policy: policyText, limits, onClose }: Omit<ChatPanelProps, 'lang' | 'messages'>) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const policy = useLoader((signal) => api.readPolicy(signal), []);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const close = () => dialog.current?.close();

  return (
    <dialog
      ref={dialog}
      className="jarvis-panel"
      aria-labelledby="jarvis-panel-title"
      onClose={onClose}
      onKeyDown={(event) => {
        // Escape closes (the browser's own cancel does too; this also covers a focus inside a field).
        if (event.key !== 'Escape') return;
        event.preventDefault();
        close();
      }}
    >
      <header className="jarvis-panel__head">
        <h2 id="jarvis-panel-title">{t('jarvisUi.chat.title')}</h2>
        <button type="button" className="icon-button jarvis-panel__close" onClick={close}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{t('jarvisUi.chat.close')}</span>
        </button>
      </header>
      <div className="jarvis-panel__body">
        <LoadStatus loader={policy} />
        {policy.state.status === 'ready' &&
          (needsAcceptance(policy.state.data) ? (
            <PolicyStep text={policyText} version={policy.state.data.version} onAccepted={(accepted) => policy.update(() => accepted)} />
          ) : (
            <Conversation
              userId={userId}
              limits={limits}
              isModelConfigured={policy.state.data.modelConfigured}
              onPolicyRequired={() =>
                policy.update((known) => ({
                  ...known,
                  modelConfigured: true,
                  accepted: false,
                }))
              }
            />
          ))}
      </div>
    </dialog>
  );
}

/** The chat panel, with the page's language and messages. */
export default function ChatPanel({ lang, messages, ...props }: ChatPanelProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Panel {...props} />
    </IslandI18n>
  );
}
