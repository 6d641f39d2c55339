import { useT } from '~/i18n/islands';

/** A row's "Delete" button, named after the row for screen readers; disabled while that row is busy. */
export function DeleteButton({ label, busy, onDelete }: { label: string; busy: boolean; onDelete(): void }) {
  const t = useT();
  return (
    <button type="button" className="button button--danger button--small" disabled={busy} aria-label={label} onClick={onDelete}>
      {t('admin.common.delete')}
    </button>
  );
}
