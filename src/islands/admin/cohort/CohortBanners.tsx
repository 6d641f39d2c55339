import { useState } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { DEFAULT_BANNER_COUNT, type Language } from '~/lib/shared/constants';
import type { CohortBanner } from '~/lib/shared/schemas/banners';
import { notify } from '~/islands/shell/notify';
import { FormError } from '~/islands/admin/common/FormError';
import { DeleteButton } from '~/islands/admin/common/DeleteButton';
import { SortableList, StaticList } from '~/islands/admin/common/SortableList';
import { useListChanges } from '~/islands/admin/common/use-list-changes';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { deleteBanner, listBanners, renameBanner, reorderBanners } from '~/lib/client/api/cohorts';
import { BannerTitleForm } from './banners/BannerTitleForm';
import { BannerUploadForm } from './banners/BannerUploadForm';
import '~/styles/admin-cohort-content.css';

export interface CohortBannersProps {
  lang: Language;
  messages: Messages;
  cohortId: number;
  canManage: boolean;
}

/** A banner as the sortable list needs it: an id and a name to announce. */
interface BannerItem {
  id: number;
  name: string;
  banner: CohortBanner;
}

function Banners({ lang, cohortId, canManage }: { lang: Language; cohortId: number; canManage: boolean }) {
  const t = useT();
  const loader = useLoader((signal) => listBanners(cohortId, signal), [cohortId]);
  const { state, reload, update } = loader;
  const [editing, setEditing] = useState<number | null>(null);
  const changes = useListChanges();

  if (state.status !== 'ready') return <LoadStatus loader={loader} />;

  const items: BannerItem[] = state.data.map((banner) => ({ id: banner.idBanner, name: banner.title ?? t('admin.banners.untitled', { id: banner.idBanner }), banner }));

  async function saveTitle(item: BannerItem, title: string) {
    const saved = await renameBanner(item.id, title);
    update((banners) => banners.map((banner) => (banner.idBanner === saved.idBanner ? saved : banner)));
    setEditing(null);
    notify({ status: 'success', message: t('admin.common.saved') });
  }

  const remove = (item: BannerItem) =>
    changes.change(
      item.id,
      async () => {
        await deleteBanner(item.id);
        update((banners) => banners.filter((banner) => banner.idBanner !== item.id));
        notify({ status: 'success', message: t('admin.banners.deleted', { name: item.name }) });
      },
      t('admin.common.confirmDelete', { name: item.name }),
    );

  // The banners changed meanwhile (someone else added or removed one): show them as saved.
  const reorder = (order: number[]) =>
    changes.reorder(async () => {
      const banners = await reorderBanners(cohortId, order);
      update(() => banners);
    }, reload);

  function onUploaded(banner: CohortBanner) {
    update((banners) => [...banners, banner]);
    notify({ status: 'success', message: t('admin.banners.uploaded') });
  }

  const renderBanner = (item: BannerItem) => (
    <>
      <img className="banner-admin__preview" src={item.banner.bannerImage} alt={t('admin.banners.previewAlt', { name: item.name })} loading="lazy" />
      <div className="admin-list__main">
        {editing === item.id ? (
          <BannerTitleForm
            initialTitle={item.banner.title ?? ''}
            formLabel={t('admin.banners.editTitleLabel', { name: item.name })}
            onSave={(title) => saveTitle(item, title)}
            onCancel={() => setEditing(null)}
          />
        ) : (
          <span className={item.banner.title ? undefined : 'muted'}>{item.name}</span>
        )}
      </div>
      {canManage && editing !== item.id && (
        <span className="admin-actions">
          <button type="button" className="button button--ghost button--small" aria-label={t('admin.banners.editTitleLabel', { name: item.name })} onClick={() => setEditing(item.id)}>
            {t('admin.banners.editTitle')}
          </button>
          <DeleteButton label={t('admin.banners.deleteLabel', { name: item.name })} busy={changes.busyId === item.id} onDelete={() => void remove(item)} />
        </span>
      )}
    </>
  );

  return (
    <div className="cohort-content">
      <p className="muted">{t('admin.banners.intro')}</p>
      <FormError message={changes.error} />
      {items.length === 0 ? (
        <p className="empty" data-testid="banners-defaults">
          {t('admin.banners.empty', { count: DEFAULT_BANNER_COUNT })}
        </p>
      ) : canManage ? (
        <SortableList items={items} onReorder={reorder} renderItem={renderBanner} disabled={editing !== null || changes.busyId !== null} label={t('admin.banners.listLabel')} testId="cohort-banners" />
      ) : (
        <StaticList items={items} renderItem={renderBanner} label={t('admin.banners.listLabel')} testId="cohort-banners" />
      )}
      {canManage && <BannerUploadForm lang={lang} cohortId={cohortId} onUploaded={onUploaded} />}
    </div>
  );
}

/** The cohort's banners: previews, upload with progress, title, delete and order (with none, students see the defaults). */
export default function CohortBanners({ lang, messages, cohortId, canManage }: CohortBannersProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Banners lang={lang} cohortId={cohortId} canManage={canManage} />
    </IslandI18n>
  );
}
