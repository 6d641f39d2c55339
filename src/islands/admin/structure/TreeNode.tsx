import { useId, useState, type ReactNode } from 'react';
import type { RecordStatus } from '~/lib/shared/constants';
import { StatusBadge } from './StatusBadge';

interface Props {
  name: string;
  status: RecordStatus;
  /** What kind of node this is ("Organization"), shown small before the name. */
  kind: string;
  /** The edit form while editing; it replaces the row. */
  editor: ReactNode | null;
  actions: ReactNode;
  /** The branch below, created on first expansion and kept (hidden) after collapsing. */
  renderChildren(): ReactNode;
}

/** One expandable node of the structure tree: a disclosure button (aria-expanded), its status and actions, and its branch. */
export function TreeNode({ name, status, kind, editor, actions, renderChildren }: Props) {
  const branchId = useId();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);

  return (
    <li className="structure-node">
      {editor ?? (
        <div className="admin-list__item structure-node__row">
          <button
            type="button"
            className="structure-node__toggle"
            aria-expanded={open}
            aria-controls={branchId}
            onClick={() => {
              setOpen(!open);
              setOpened(true);
            }}
          >
            <span className="structure-node__chevron" aria-hidden="true">
              ▸
            </span>
            <span className="structure-node__kind" aria-hidden="true">
              {kind}
            </span>
            <span className="structure-node__name">{name}</span>
          </button>
          <StatusBadge status={status} />
          {actions}
        </div>
      )}
      <div id={branchId} className="structure-node__branch" hidden={!open}>
        {opened && renderChildren()}
      </div>
    </li>
  );
}
