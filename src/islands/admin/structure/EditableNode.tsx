import { useState, type ReactNode } from 'react';
import { useT } from '~/i18n/islands';
import type { RecordStatus } from '~/lib/shared/constants';
import { notify } from '~/islands/shell/notify';
import { NameDescriptionForm, type NameDescription } from '~/islands/admin/common/NameDescriptionForm';
import { RowActions } from './RowActions';
import type { EditableApi } from '~/lib/client/api/structure';
import { TreeNode } from './TreeNode';

interface Editable {
  id: number;
  name: string;
  description?: string;
  status: RecordStatus;
}

interface Props<T extends Editable> {
  item: T;
  /** Edits, archives and restores the item. */
  api: EditableApi<T>;
  kind: string;
  editLabel: string;
  /** Organizations have a name only; learning paths a description too. */
  withDescription?: boolean;
  onChanged(item: T): void;
  renderChildren(): ReactNode;
}

/** A tree node edited in place (name, optional description), archived and restored through its API address. */
export function EditableNode<T extends Editable>({ item, api, kind, editLabel, withDescription = false, onChanged, renderChildren }: Props<T>) {
  const t = useT();
  const [editing, setEditing] = useState(false);

  async function save(values: NameDescription) {
    onChanged(await api.update(withDescription ? values : { name: values.name }));
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
          onEdit={() => setEditing(true)}
          onArchive={async () => onChanged(await api.archive())}
          onRestore={async () => onChanged(await api.restore())}
        />
      }
      renderChildren={renderChildren}
    />
  );
}
