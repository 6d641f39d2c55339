import { useState } from 'react';
import { useT } from '~/i18n/islands';
import { readApiProblem } from '~/lib/client/api-problem';
import type { RecordStatus } from '~/lib/shared/constants';
import { notify } from '~/islands/shell/notify';

interface Props {
  name: string;
  status: RecordStatus;
  /** Opens the edit form; omitted when the caller may not edit. */
  onEdit?(): void;
  /** Archives (after the person confirms); omitted when the caller may not. */
  onArchive?(): Promise<void>;
  /** Makes an archived item ACTIVE again. */
  onRestore?(): Promise<void>;
  disabled?: boolean;
}

/**
 * Edit, archive (confirmed first) and restore buttons of one row, named
 * after the row for screen readers; a failure shows beside them.
 */
export function RowActions({ name, status, onEdit, onArchive, onRestore, disabled = false }: Props) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<void>, done: string) {
    setBusy(true);
    setError(null);
    try {
      await action();
      notify({ status: 'success', message: done });
    } catch (failure) {
      setError((await readApiProblem(failure, t('admin.common.error'))).message);
    } finally {
      setBusy(false);
    }
  }

  const archive = onArchive && status === 'ACTIVE' ? onArchive : undefined;
  const restore = onRestore && status !== 'ACTIVE' ? onRestore : undefined;
  return (
    <span className="admin-actions">
      {onEdit && (
        <button type="button" className="button button--ghost button--small" disabled={disabled || busy} aria-label={t('admin.structure.editNamed', { name })} onClick={onEdit}>
          {t('admin.common.edit')}
        </button>
      )}
      {archive && (
        <button
          type="button"
          className="button button--danger button--small"
          disabled={disabled || busy}
          aria-label={t('admin.structure.archiveNamed', { name })}
          onClick={() => {
            if (window.confirm(t('admin.common.confirmArchive', { name }))) void run(archive, t('admin.structure.archived', { name }));
          }}
        >
          {t('admin.common.archive')}
        </button>
      )}
      {restore && (
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={disabled || busy}
          aria-label={t('admin.structure.restoreNamed', { name })}
          onClick={() => void run(restore, t('admin.structure.restored', { name }))}
        >
          {t('admin.common.restore')}
        </button>
      )}
      {error && (
        <span className="form-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
