import { useT } from '~/i18n/islands';
import type { RecordStatus } from '~/lib/shared/constants';
import { notify } from '~/islands/shell/notify';
import { useListChanges } from '~/islands/admin/common/use-list-changes';

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

interface ButtonProps {
  text: string;
  label: string;
  kind: 'ghost' | 'danger';
  disabled: boolean;
  onClick(): void;
}

const ActionButton = ({ text, label, kind, disabled, onClick }: ButtonProps) => (
  <button type="button" className={`button button--${kind} button--small`} disabled={disabled} aria-label={label} onClick={onClick}>
    {text}
  </button>
);

/**
 * Edit, archive (confirmed first) and restore buttons of one row, named
 * after the row for screen readers; a failure shows beside them.
 */
export function RowActions({ name, status, onEdit, onArchive, onRestore, disabled = false }: Props) {
  const t = useT();
  const changes = useListChanges();
  const isDisabled = disabled || changes.busyId !== null;

  /** Runs the action (after `confirm`, when given) and says it is done. */
  const run = (action: () => Promise<void>, done: string, confirm?: string) =>
    void changes.change(
      0,
      async () => {
        await action();
        notify({ status: 'success', message: done });
      },
      confirm,
    );

  return (
    <span className="admin-actions">
      {onEdit && <ActionButton kind="ghost" text={t('admin.common.edit')} label={t('admin.structure.editNamed', { name })} disabled={isDisabled} onClick={onEdit} />}
      {onArchive && status === 'ACTIVE' && (
        <ActionButton
          kind="danger"
          text={t('admin.common.archive')}
          label={t('admin.structure.archiveNamed', { name })}
          disabled={isDisabled}
          onClick={() => run(onArchive, t('admin.structure.archived', { name }), t('admin.common.confirmArchive', { name }))}
        />
      )}
      {onRestore && status !== 'ACTIVE' && (
        <ActionButton
          kind="ghost"
          text={t('admin.common.restore')}
          label={t('admin.structure.restoreNamed', { name })}
          disabled={isDisabled}
          onClick={() => run(onRestore, t('admin.structure.restored', { name }))}
        />
      )}
      {changes.error && (
        <span className="form-error" role="alert">
          {changes.error}
        </span>
      )}
    </span>
  );
}
