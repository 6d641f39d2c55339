import { useLang, useT } from '~/i18n/islands';
import { formatDateTime } from '~/lib/shared/format';

/** Offers back what was typed in this browser and not saved: restore it into the form, or discard it. */
export function KeptDraftNotice({ keptAt, onRestore, onDiscard }: { keptAt: number; onRestore(): void; onDiscard(): void }) {
  const t = useT();
  const lang = useLang();
  return (
    <div className="notice notice--warning kept-draft" role="alert">
      <p>{t('admin.common.drafts.found', { when: formatDateTime(lang, new Date(keptAt)) })}</p>
      <span className="admin-actions">
        <button type="button" className="button button--primary button--small" onClick={onRestore}>
          {t('admin.common.drafts.restore')}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={onDiscard}>
          {t('admin.common.drafts.discard')}
        </button>
      </span>
    </div>
  );
}
