import { useState } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import type { News } from '~/lib/shared/schemas/news';
import { notify } from '~/islands/shell/notify';
import { DeleteButton } from '~/islands/admin/common/DeleteButton';
import { FormError } from '~/islands/admin/common/FormError';
import { Pager } from '~/islands/admin/common/Pager';
import { useListChanges } from '~/islands/admin/common/use-list-changes';
import { withItemReplaced } from '~/islands/common/list-updates';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { createNews, deleteNews, listNews, updateNews } from '~/lib/client/api/cohorts';
import { NewsForm, type NewsDraft } from './news/NewsForm';
import { formatDateTime } from '~/lib/shared/format';
import '~/styles/admin-cohort-content.css';

export interface CohortNewsProps {
  lang: Language;
  messages: Messages;
  cohortId: number;
  canManage: boolean;
}

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
  const [page, setPage] = useState(1);
  const loader = useLoader((signal) => listNews(cohortId, page, signal), [cohortId, page]);
  const { state } = loader;
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const changes = useListChanges();

  /** Shows `next` (read again if it is the page shown). */
  const show = (next: number) => (next === page ? loader.reload() : setPage(next));

  async function create(draft: NewsDraft) {
    await createNews(cohortId, draft);
    setCreating(false);
    notify({ status: 'success', message: t('admin.news.created', { title: draft.title }) });
    // Newest first: the new item opens the first page.
    show(1);
  }

  async function update(item: News, draft: NewsDraft) {
    const saved = await updateNews(item.id, draft);
    setEditing(null);
    loader.update((data) => ({ ...data, results: withItemReplaced(data.results, saved) }));
    notify({ status: 'success', message: t('admin.common.saved') });
  }

  const remove = (item: News, onlyOnPage: boolean) =>
    changes.change(
      item.id,
      async () => {
        await deleteNews(item.id);
        notify({ status: 'success', message: t('admin.news.deleted', { title: item.title }) });
        show(onlyOnPage && page > 1 ? page - 1 : page);
      },
      t('admin.common.confirmDelete', { name: item.title }),
    );

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
      {canManage && creating && <NewsForm draftKey={`news:new:${cohortId}`} submitLabel={t('admin.news.publish')} formLabel={t('admin.news.new')} onSave={create} onCancel={() => setCreating(false)} />}
      <FormError message={changes.error} />
      <LoadStatus loader={loader} />
      {state.status === 'ready' && state.data.results.length === 0 && <p className="empty">{t('admin.news.empty')}</p>}
      {state.status === 'ready' && state.data.results.length > 0 && (
        <ul className="admin-list" aria-label={t('admin.news.listLabel')} data-testid="cohort-news">
          {state.data.results.map((item) => (
            <li key={item.id} className="admin-list__item news-admin" aria-label={item.title}>
              {editing === item.id ? (
                <div className="admin-list__main">
                  <NewsForm
                    draftKey={`news:${item.id}`}
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
                    <p className="muted">{t('admin.news.publishedAt', { date: formatDateTime(lang, item.publishedAt, 'long') })}</p>
                    {item.body && <p className="news-admin__excerpt">{excerptOf(item.body)}</p>}
                  </div>
                  {canManage && (
                    <span className="admin-actions">
                      <button type="button" className="button button--ghost button--small" aria-label={t('admin.news.editLabel', { title: item.title })} onClick={() => setEditing(item.id)}>
                        {t('admin.common.edit')}
                      </button>
                      <DeleteButton label={t('admin.news.deleteLabel', { title: item.title })} busy={changes.busyId === item.id} onDelete={() => void remove(item, state.data.results.length === 1)} />
                    </span>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {state.status === 'ready' && (
        <Pager
          page={state.data}
          label={t('admin.news.pages')}
          previousLabel={t('admin.news.newer')}
          nextLabel={t('admin.news.older')}
          onPrevious={() => setPage(page - 1)}
          onNext={() => setPage(page + 1)}
        />
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
