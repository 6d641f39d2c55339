import { useEffect, useState } from 'react';
import { IslandI18n, useLang, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import { notify } from '~/islands/shell/notify';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { readApiProblem } from '~/lib/client/api-problem';
import { formatDateTime, formatNumber } from '~/lib/shared/format';
import type { Comment, LikeState, Reply, ThreadPage } from '~/lib/shared/schemas/forums';
import { OUTBOX_SENT_EVENT, type OutboxSentDetail } from '~/lib/client/outbox/replay-outbox';
import { submitWrite } from '~/lib/client/outbox/submit-write';
import { appendThreadPage, applyThreadEvent, remainingComments, upsertComment, type LiveThreadPage } from './apply-forum-event';
import { CommentItem } from './CommentItem';
import { FollowControl } from './FollowControl';
import * as api from '~/lib/client/api/forums';
import { LikeButton } from './LikeButton';
import { PostActions, isEditableBy } from './PostActions';
import { PostEditor } from './PostEditor';
import { ReportButton } from './ReportButton';
import { useLiveEvents } from './use-live-events';

export interface ThreadViewProps {
  lang: Language;
  messages: Messages;
  /** The page the server rendered (page 1, or the one asked for). */
  initial: ThreadPage;
  meId: number;
}

/** A like's answer applied to the page: the count for everyone, "liked" for this reader. */
function withLike(page: LiveThreadPage, state: LikeState): LiveThreadPage {
  const change = <T extends { id: number; likeCount: number; likedByMe: boolean }>(post: T): T => (post.id === state.targetId ? { ...post, likeCount: state.likeCount, likedByMe: state.liked } : post);
  if (state.targetType === 'thread') return { ...page, thread: change(page.thread) };
  return { ...page, comments: page.comments.map((comment) => ({ ...change(comment), replies: comment.replies.map(change) })) };
}

function Thread({ initial, meId }: Omit<ThreadViewProps, 'lang' | 'messages'>) {
  const t = useT();
  const lang = useLang();
  const threadId = initial.thread.id;
  const [editing, setEditing] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  // After "Ver más comentarios", the first comment it brought takes the focus (keyboard and screen-reader users land on it).
  const [focusId, setFocusId] = useState<number | null>(null);
  // The page the server rendered (a reload after a `reset` starts from it again); later pages are appended.
  const loader = useLoader<LiveThreadPage>((signal) => api.readThreadPage(threadId, initial.page, signal), [threadId], { initial, keepData: true });

  useEffect(() => {
    if (focusId === null) return;
    document.getElementById(`comment-${focusId}`)?.focus();
    setFocusId(null);
  }, [focusId]);

  // A reply written offline that the outbox sent once the connection returned: it shows here like any other.
  const [queued, setQueued] = useState(0);
  useEffect(() => {
    const onSent = (event: Event) => {
      const { entry, answer } = (event as CustomEvent<OutboxSentDetail>).detail;
      if (entry.write.kind !== 'forum-comment' || entry.write.thread !== threadId) return;
      loader.update((current) => upsertComment(current, answer as Comment | Reply));
      setQueued((count) => Math.max(0, count - 1));
    };
    window.addEventListener(OUTBOX_SENT_EVENT, onSent);
    return () => window.removeEventListener(OUTBOX_SENT_EVENT, onSent);
  }, [threadId]);

  /** Posts through the outbox: offline, the reply waits on this device and the page says so. */
  async function postComment(draft: { parent?: number; body: string }): Promise<void> {
    const outcome = await submitWrite({ title: initial.thread.title, href: `${window.location.pathname}${window.location.search}`, write: { kind: 'forum-comment', thread: threadId, ...draft } });
    if (outcome.status === 'queued') {
      setQueued((count) => count + 1);
      notify({ status: 'warning', message: t('outbox.queued') });
      return;
    }
    loader.update((current) => upsertComment(current, outcome.answer as Comment | Reply));
    notify({ status: 'success', message: t('thread.sent') });
  }

  useLiveEvents((message) => {
    if (message.type === 'reset') return loader.reload();
    if (message.type === 'notifications') return;
    loader.update((page) => applyThreadEvent(page, message));
  });

  async function run(id: number, action: () => Promise<void>) {
    setBusyId(id);
    try {
      await action();
    } catch (failure) {
      notify({ status: 'error', message: (await readApiProblem(failure, t('forums.loadFailed'))).message });
    } finally {
      setBusyId(null);
    }
  }

  if (loader.state.status !== 'ready') return <LoadStatus loader={loader} />;
  const page = loader.state.data;
  const { thread } = page;
  if (page.removed) return <p className="notice">{t('thread.removed')}</p>;
  const author = thread.author?.name ?? t('forum.someone');
  const what = t('forum.threadOf', { name: author });
  const remaining = remainingComments(page);
  const firstPage = page.firstPage ?? page.page;

  async function loadMore(current: LiveThreadPage) {
    setLoadingMore(true);
    try {
      const next = await api.readThreadPage(threadId, current.page + 1);
      const shown = new Set(current.comments.map((comment) => comment.id));
      loader.update((latest) => appendThreadPage(latest, next));
      setFocusId(next.comments.find((comment) => !shown.has(comment.id))?.id ?? null);
    } catch (failure) {
      notify({ status: 'error', message: (await readApiProblem(failure, t('forums.loadFailed'))).message });
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <div className="thread">
      <article className={`thread__post${thread.hidden ? ' comment--hidden' : ''}`} aria-labelledby="thread-title">
        <header>
          <p className="thread__badges">
            {thread.pinned && <span className="badge">{t('forums.pinned')}</span>}
            {thread.locked && <span className="badge">{t('forums.locked')}</span>}
            {thread.hidden && <span className="badge badge--hidden">{thread.hiddenInfo ? t('forum.hiddenBy', { name: thread.hiddenInfo.by?.name ?? t('forum.someone'), date: formatDateTime(lang, thread.hiddenInfo.at) }) : t('forum.hidden')}</span>}
          </p>
          <h1 id="thread-title">{thread.title}</h1>
          <p className="muted">
            {t('forums.by', { name: author })} · <time dateTime={thread.createdAt}>{formatDateTime(lang, thread.createdAt)}</time>
            {thread.editedAt && <> · {t('forum.edited')}</>}
          </p>
        </header>
        {editing ? (
          <PostEditor
            forumId={page.forum.id}
            label={t('forum.editLabel', { what })}
            submitLabel={t('forum.editor.save')}
            withTitle
            initial={{ title: thread.title, body: thread.bodyMd }}
            onSubmit={async (draft) => {
              const saved = await api.updateThread(threadId, draft);
              loader.update((current) => ({ ...current, thread: { ...saved, likedByMe: current.thread.likedByMe } }));
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <div className="post-body" dangerouslySetInnerHTML={{ __html: thread.bodyHtml }} />
        )}
        <footer className="comment__actions">
          <LikeButton targetType="thread" targetId={thread.id} liked={thread.likedByMe} likeCount={thread.likeCount} what={what} onChange={(state) => loader.update((current) => withLike(current, state))} />
          <PostActions
            what={what}
            canEdit={isEditableBy(thread, meId) && !editing}
            canModerate={page.canModerate}
            hidden={thread.hidden}
            busy={busyId === -thread.id}
            onEdit={() => setEditing(true)}
            onDelete={() => {
              if (!window.confirm(t('forum.deleteConfirm'))) return;
              void run(-thread.id, async () => {
                await api.deleteThread(threadId);
                notify({ status: 'success', message: t('thread.deleted') });
                window.location.assign(`/forums/${page.forum.id}`);
              });
            }}
            onHide={(hidden) => void run(-thread.id, async () => {
              const saved = await api.updateThread(threadId, { hidden });
              loader.update((current) => ({ ...current, thread: { ...saved, likedByMe: current.thread.likedByMe } }));
            })}
          />
          {thread.author?.id !== meId && <ReportButton targetType="thread" targetId={thread.id} what={what} />}
        </footer>
        {page.canModerate && (
          <div className="thread__moderation" role="group" aria-label={t('thread.moderation')}>
            {(['pinned', 'locked'] as const).map((flag) => (
              <button
                key={flag}
                type="button"
                className="button button--ghost button--small"
                aria-pressed={thread[flag]}
                disabled={busyId === -thread.id}
                onClick={() =>
                  void run(-thread.id, async () => {
                    const saved = await api.updateThread(threadId, { [flag]: !thread[flag] });
                    loader.update((current) => ({ ...current, thread: { ...saved, likedByMe: current.thread.likedByMe } }));
                  })
                }
              >
                {flag === 'pinned' ? t(thread.pinned ? 'thread.unpin' : 'thread.pin') : t(thread.locked ? 'thread.unlock' : 'thread.lock')}
              </button>
            ))}
          </div>
        )}
        <FollowControl targetType="thread" targetId={thread.id} following={page.following} followId={page.followId} />
      </article>

      <section className="thread__comments" aria-labelledby="comments-title">
        <h2 id="comments-title">
          {t('thread.comments')} <span className="muted">({formatNumber(lang, thread.commentCount)})</span>
        </h2>
        {firstPage > 1 && (
          <p>
            <a href={`?page=${firstPage - 1}`}>{t('thread.earlier')}</a>
          </p>
        )}
        {page.comments.length === 0 ? (
          <p className="muted">{t('thread.noComments')}</p>
        ) : (
          <ul className="comment-list">
            {page.comments.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                forumId={page.forum.id}
                meId={meId}
                canModerate={page.canModerate}
                canPost={page.canPost}
                busyId={busyId}
                onLike={(state) => loader.update((current) => withLike(current, state))}
                onReply={(parentId, body) => postComment({ parent: parentId, body })}
                onEdit={async (commentId, body) => {
                  const saved = await api.updateComment(commentId, { body });
                  loader.update((current) => upsertComment(current, saved));
                }}
                onDelete={(target: Reply) => {
                  if (!window.confirm(t('forum.deleteConfirm'))) return;
                  void run(target.id, async () => {
                    await api.deleteComment(target.id);
                    loader.reload();
                  });
                }}
                onHide={(commentId, hidden) =>
                  void run(commentId, async () => {
                    const saved = await api.updateComment(commentId, { hidden });
                    loader.update((current) => upsertComment(current, saved));
                  })
                }
              />
            ))}
          </ul>
        )}
        {remaining > 0 && (
          <div className="thread__more">
            <p className="muted" role="status">
              {t('thread.shownOf', { shown: (firstPage - 1) * page.pageSize + page.comments.length, count: page.topLevelCount })}
            </p>
            {page.newElsewhere ? (
              <p className="notice" role="status">
                {t('thread.newElsewhere', { count: page.newElsewhere })}
              </p>
            ) : null}
            <button type="button" className="button button--ghost" aria-busy={loadingMore} disabled={loadingMore} onClick={() => void loadMore(page)}>
              {loadingMore ? t('thread.loadingMore') : t('thread.loadMore')}
            </button>
          </div>
        )}
        {queued > 0 && (
          <p className="notice notice--warning" role="status">
            {t('outbox.queued')}
          </p>
        )}
        {page.canPost && thread.locked && <p className="notice">{t('thread.lockedStaffNotice')}</p>}
        {page.canPost ? (
          <PostEditor
            forumId={page.forum.id}
            label={t('thread.addComment')}
            submitLabel={t('thread.send')}
            onSubmit={({ body }) => postComment({ body })}
          />
        ) : (
          <p className="notice">{t('thread.lockedNotice')}</p>
        )}
      </section>
    </div>
  );
}

/** A thread: its post, its comments and replies, likes, follows and moderation, kept current by the page's live events. */
export default function ThreadView({ lang, messages, ...props }: ThreadViewProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Thread {...props} />
    </IslandI18n>
  );
}
