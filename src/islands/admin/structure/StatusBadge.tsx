import { useT } from '~/i18n/islands';
import type { RecordStatus } from '~/lib/shared/constants';

/** "Active" or "Archived" (status INACTIVE). */
export function StatusBadge({ status }: { status: RecordStatus }) {
  const t = useT();
  return status === 'ACTIVE' ? <span className="badge">{t('admin.common.active')}</span> : <span className="badge badge--inactive">{t('admin.common.archived')}</span>;
}
