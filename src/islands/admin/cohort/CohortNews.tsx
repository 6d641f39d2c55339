import { useCallback, useEffect, useState } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { readApiProblem } from '~/lib/client/api-problem';
import { getApi } from '~/lib/client/app-client';
import type { Language } from '~/lib/shared/constants';
import type { News } from '~/lib/shared/schemas/news';
import { notify } from '~/islands/shell/notify';
import { FormError } from '~/islands/admin/common/FormError';
import { LoadState } from '~/islands/admin/common/LoadState';
import { NewsForm, type NewsDraft } from './news/NewsForm';
import { formatBogotaDateTime } from './releases/bogota-time';
import '~/styles/admin-cohort-content.css';

export interface CohortNewsProps {
  lang: Language;
  messages: Messages;
  cohortId: number;
  canManage: boolean;
}

interface NewsPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: News[];
}

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; page: number; data: NewsPage };

/** The first words of a Markdown body, without its markup, for the list. */
const EXCERPT_LENGTH = 240;
function excerptOf(body: string): string {
  const plain = body
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > EXCERPT_LENGTH ? `${plain.slice(0, EXCERPT_LENGTH).trimEnd()}…` : plain;
}

function NewsSection({ lang, cohortId, canManage }: { lang: Language; cohortId: number; canManage: boolean }) {
  const t = useT();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    (page: number) => {
      setState({ status: 'loading' });
      getApi()
        .get<NewsPage>(`/api/v2/news/?cohort=${cohortId}&page=${page}`)
        .then(
          (data) => setState({ status: 'ready', page, data }),
          () => setState({ status: 'error' }),
        );
    },
    [cohortId],
  );

  useEffect(() => load(1), [load]);

  const page = state.status === 'ready' ? state.page : 1;

  async function create(draft: NewsDraft) {
    await getApi().post<News>('/api/v2/news/', { cohort: cohortId, ...draft });
    setCreating(false);
    notify({ status: 'success', message: t('admin.news.created', { title: draft.title }) });
    // Newest first: the new item opens the first page.
    load(1);
  }

  async function update(item: News, draft: NewsDraft) {
    const saved = await getApi().patch<News>(`/api/v2/news/${item.id}/`, { ...draft });
    setEditing(null);
    setState((current) =>
      current.status === 'ready' ? { ...current, data: { ...current.data, results: current.data.results.map((row) => (row.id === saved.id ? saved : row)) } } : current,
    );
    notify({ status: 'success', message: t('admin.common.saved') });
  }

  async function remove(item: News, onlyOnPage: boolean) {
    if (!window.confirm(t('admin.common.confirmDelete', { name: item.title }))) return;
    setError(null);
    setDeleting(item.id);
    try {
      await getApi().delete(`/api/v2/news/${item.id}/`);
      notify({ status: 'success', message: t('admin.news.deleted', { title: item.title }) });
      load(onlyOnPage && page > 1 ? page - 1 : page);
    } catch (failure) {
      setError((await readApiProblem(failure, t('admin.common.error'))).message);
    } finally {
      setDeleting(null);
    }
  }

  return (
    <div className="cohort-content">
      <p className="muted">{t('admin.news.intro')}</p>
      <div className="admin-actions">
        {canManage && !creating && (
          <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
            {t('admin.news.new')}
          </button>
        )}
        <a href={`/cohorts/${cohortId}/news`}>{t('admin.news.studentView')}</a>
      </div>
      {canManage && creating && <NewsForm submitLabel={t('admin.news.publish')} formLabel={t('admin.news.new')} onSave={create} onCancel={() => setCreating(false)} />}
      <FormError message={error} />
      <LoadState status={state.status} onRetry={() => load(page)} />
      {state.status === 'ready' && state.data.results.length === 0 && <p className="empty">{t('admin.news.empty')}</p>}
      {state.status === 'ready' && state.data.results.length > 0 && (
        <ul className="admin-list" aria-label={t('admin.news.listLabel')} data-testid="cohort-news">
          {state.data.results.map((item) => (
            <li key={item.id} className="admin-list__item news-admin" aria-label={item.title}>
              {editing === item.id ? (
                <div className="admin-list__main">
                  <NewsForm
                    initial={{ title: item.title, body: item.body }}
                    submitLabel={t('admin.common.save')}
                    formLabel={t('admin.news.editLabel', { title: item.title })}
                    onSave={(draft) => update(item, draft)}
                    onCancel={() => setEditing(null)}
                  />
                </div>
              ) : (
                <>
                  <div className="admin-list__main">
                    <h3 className="news-admin__title">{item.title}</h3>
                    <p className="muted">{t('admin.news.publishedAt', { date: formatBogotaDateTime(item.publishedAt, lang) })}</p>
                    {item.body && <p className="news-admin__excerpt">{excerptOf(item.body)}</p>}
                  </div>
                  {canManage && (
                    <span className="admin-actions">
                      <button type="button" className="button button--ghost button--small" aria-label={t('admin.news.editLabel', { title: item.title })} onClick={() => setEditing(item.id)}>
                        {t('admin.common.edit')}
                      </button>
                      <button
                        type="button"
                        className="button button--danger button--small"
                        disabled={deleting === item.id}
                        aria-label={t('admin.news.deleteLabel', { title: item.title })}
                        onClick={() => void remove(item, state.data.results.length === 1)}
                      >
                        {t('admin.common.delete')}
                      </button>
                    </span>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {state.status === 'ready' && (state.data.previous || state.data.next) && (
        <nav className="pager" aria-label={t('admin.news.pages')}>
          {state.data.previous && (
            <button type="button" className="button button--ghost button--small" onClick={() => load(page - 1)}>
              {t('admin.news.newer')}
            </button>
          )}
          {state.data.next && (
            <button type="button" className="button button--ghost button--small" onClick={() => load(page + 1)}>
              {t('admin.news.older')}
            </button>
          )}
        </nav>
      )}
    </div>
  );
}

/** The cohort's news: read, write, edit and delete, with a link to what students see. */
export default function CohortNews({ lang, messages, cohortId, canManage }: CohortNewsProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <NewsSection lang={lang} cohortId={cohortId} canManage={canManage} />
    </IslandI18n>
  );
}
