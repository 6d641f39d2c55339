import { useState, type ReactNode } from 'react';
import { useT } from '~/i18n/islands';
import { getApi } from '~/lib/client/app-client';
import type { RecordStatus } from '~/lib/shared/constants';
import { notify } from '~/islands/shell/notify';
import { NameDescriptionForm, type NameDescription } from '~/islands/admin/common/NameDescriptionForm';
import { RowActions } from './RowActions';
import { TreeNode } from './TreeNode';

interface Editable {
  id: number;
  name: string;
  description?: string;
  status: RecordStatus;
}

interface Props<T extends Editable> {
  item: T;
  /** The item's API address: PATCH edits and restores, DELETE archives. */
  route: string;
  kind: string;
  editLabel: string;
  /** Organizations have a name only; learning paths a description too. */
  withDescription?: boolean;
  disabled?: boolean;
  onChanged(item: T): void;
  renderChildren(): ReactNode;
}

/** A tree node edited in place (name, optional description), archived and restored through its API address. */
export function EditableNode<T extends Editable>({ item, route, kind, editLabel, withDescription = false, disabled = false, onChanged, renderChildren }: Props<T>) {
  const t = useT();
  const [editing, setEditing] = useState(false);

  async function save(values: NameDescription) {
    onChanged(await getApi().patch<T>(route, withDescription ? { ...values } : { name: values.name }));
    setEditing(false);
    notify({ status: 'success', message: t('admin.common.saved') });
  }

  return (
    <TreeNode
      name={item.name}
      status={item.status}
      kind={kind}
      editor={
        editing ? (
          <NameDescriptionForm label={editLabel} initial={item} withDescription={withDescription} submitLabel={t('admin.common.save')} onSubmit={save} onCancel={() => setEditing(false)} />
        ) : null
      }
      actions={
        <RowActions
          name={item.name}
          status={item.status}
          disabled={disabled}
          onEdit={() => setEditing(true)}
          onArchive={async () => onChanged(await getApi().delete<T>(route))}
          onRestore={async () => onChanged(await getApi().patch<T>(route, { status: 'ACTIVE' }))}
        />
      }
      renderChildren={renderChildren}
    />
  );
}
