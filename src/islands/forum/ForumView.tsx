import { useState, type SubmitEvent } from 'react';
import { IslandI18n, useLang, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import { notify } from '~/islands/shell/notify';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { formatDateTime } from '~/lib/shared/format';
import { FORUM_SEARCH_MAX, type SubscriptionEmail } from '~/lib/shared/forums';
import { PAGE_SIZE, type Page } from '~/lib/shared/pagination';
import type { SearchResult, ThreadSummary } from '~/lib/shared/schemas/forums';
import { applyForumEvent } from './apply-forum-event';
import { FollowControl } from './FollowControl';
import * as api from '~/lib/client/api/forums';
import { PostEditor } from './PostEditor';
import { ReportsQueue } from './ReportsQueue';
import { useLiveEvents } from './use-live-events';

export interface ForumViewProps {
  lang: Language;
  messages: Messages;
  forumId: number;
  /** The first page of threads, as the server rendered it. */
  initial: Page<ThreadSummary>;
  following: SubscriptionEmail | null;
  followId: number | null;
  /** Moderators see the open reports. */
  canModerate: boolean;
}

/** A search result's snippet, its matches (between U+E000 and U+E001) marked. */
function Snippet({ text }: { text: string }) {
  const parts = text.split(/([\uE000][^\uE001]*[\uE001])/u);
  return <>{parts.map((part, index) => (part.startsWith('\uE000') ? <mark key={index}>{part.slice(1, -1)}</mark> : part))}</>;
}

function Search({ forumId }: { forumId: number }) {
  const t = useT();
  const [draft, setDraft] = useState('');
  const [terms, setTerms] = useState('');
  const loader = useLoader<SearchResult[]>(terms ? (signal) => api.searchForum(forumId, terms, signal) : null, [forumId, terms]);
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTerms(draft.trim());
  };
  return (
    <section className="forum-search" aria-label={t('forums.search')}>
      <form role="search" onSubmit={submit} className="forum-search__form">
        <label>
          <span className="visually-hidden">{t('forums.search')}</span>
          <input type="search" value={draft} maxLength={FORUM_SEARCH_MAX} placeholder={t('forums.search')} onChange={(event) => setDraft(event.target.value)} />
        </label>
        <button type="submit" className="button button--ghost">
          {t('forums.searchButton')}
        </button>
      </form>
      {loader.state.status === 'ready' ? (
        <div role="status">
          <p className="muted">{loader.state.data.length ? t('forums.searchResults', { count: loader.state.data.length }) : t('forums.searchNone')}</p>
          <ul className="search-results">
            {loader.state.data.map((result) => (
              <li key={`${result.threadId}-${result.commentId ?? 0}`}>
                <a href={`/forums/threads/${result.threadId}${result.commentId ? `#comment-${result.commentId}` : ''}`}>{result.threadTitle}</a>
                <p>
                  <Snippet text={result.snippet} />
                </p>
              </li>
            ))}
          </ul>
        </div>
      ) : loader.state.status !== 'idle' ? (
        <LoadStatus loader={loader} />
      ) : null}
    </section>
  );
}

function Forum({ forumId, initial, following, followId, canModerate }: Omit<ForumViewProps, 'lang' | 'messages'>) {
  const t = useT();
  const lang = useLang();
  const [pageNumber, setPageNumber] = useState(1);
  const [writing, setWriting] = useState(false);
  const loader = useLoader<Page<ThreadSummary>>((signal) => api.listThreads(forumId, pageNumber, signal), [forumId, pageNumber], { initial, keepData: true });

  useLiveEvents((message) => {
    if (message.type === 'reset') return loader.reload();
    if (message.type === 'notifications') return;
    loader.update((page) => applyForumEvent(page, message, pageNumber));
  });

  const pages = loader.state.status === 'ready' ? Math.max(1, Math.ceil(loader.state.data.count / PAGE_SIZE)) : 1;

  return (
    <div className="forum">
      <div className="forum__tools">
        {writing ? (
          <PostEditor
            forumId={forumId}
            label={t('forums.newThread')}
            submitLabel={t('forums.publish')}
            withTitle
            autoFocus
            onSubmit={async (draft) => {
              const thread = await api.createThread(forumId, draft);
              notify({ status: 'success', message: t('forums.threadCreated') });
              setWriting(false);
              window.location.assign(`/forums/threads/${thread.id}`);
            }}
            onCancel={() => setWriting(false)}
          />
        ) : (
          <button type="button" className="button button--primary" onClick={() => setWriting(true)}>
            {t('forums.newThread')}
          </button>
        )}
        <FollowControl targetType="forum" targetId={forumId} following={following} followId={followId} />
      </div>
      {canModerate && <ReportsQueue forumId={forumId} />}
      <Search forumId={forumId} />
      {loader.state.status !== 'ready' ? (
        <LoadStatus loader={loader} />
      ) : loader.state.data.results.length === 0 ? (
        <p className="muted">{t('forums.noThreads')}</p>
      ) : (
        <ul className="thread-list" aria-label={t('forums.threadList')}>
          {loader.state.data.results.map((thread) => (
            <li key={thread.id} className={`thread-card${thread.hidden ? ' comment--hidden' : ''}`}>
              <h2>
                <a href={`/forums/threads/${thread.id}`}>{thread.title}</a>
              </h2>
              <p className="thread-card__badges">
                {thread.pinned && <span className="badge">{t('forums.pinned')}</span>}
                {thread.locked && <span className="badge">{t('forums.locked')}</span>}
                {thread.hidden && <span className="badge badge--hidden">{t('forum.hidden')}</span>}
              </p>
              <p className="muted">{thread.excerpt}</p>
              <p className="thread-card__meta muted">
                <span>{t('forums.by', { name: thread.author?.name ?? t('forum.someone') })}</span>
                <span>{t('forums.comments', { count: thread.commentCount })}</span>
                <span>{t('forum.likes', { count: thread.likeCount })}</span>
                <span>{t('forums.lastActivity', { date: formatDateTime(lang, thread.lastActivityAt) })}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="pager" aria-label={t('forums.pageOf', { page: pageNumber, pages })}>
          <button type="button" className="button button--ghost button--small" disabled={pageNumber <= 1} onClick={() => setPageNumber(pageNumber - 1)}>
            {t('forums.previous')}
          </button>
          <span>{t('forums.pageOf', { page: pageNumber, pages })}</span>
          <button type="button" className="button button--ghost button--small" disabled={pageNumber >= pages} onClick={() => setPageNumber(pageNumber + 1)}>
            {t('forums.next')}
          </button>
        </nav>
      )}
    </div>
  );
}

/** A forum's threads (pinned first), a new thread, search and follow, kept current by the page's live events. */
export default function ForumView({ lang, messages, ...props }: ForumViewProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Forum {...props} />
    </IslandI18n>
  );
}
