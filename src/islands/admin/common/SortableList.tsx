import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '~/i18n/islands';

export interface SortableItem {
  id: number;
  name: string;
}

interface Props<T extends SortableItem> {
  items: readonly T[];
  /** Saves the whole new order of ids; shows its own error and rejects on failure (the list then shows `items` again). */
  onReorder(order: number[]): Promise<void>;
  renderItem(item: T): ReactNode;
  /** Disables moving (e.g. while another save runs). */
  disabled?: boolean;
  label: string;
  testId?: string;
}

/** The list a SortableList shows, in the same order and with the same name, for those who may not reorder it. */
export function StaticList<T extends SortableItem>({ items, renderItem, label, testId }: Omit<Props<T>, 'onReorder' | 'disabled'>) {
  return (
    <ol className="admin-list" aria-label={label} data-testid={testId}>
      {items.map((item) => (
        <li key={item.id} className="admin-list__item">
          {renderItem(item)}
        </li>
      ))}
    </ol>
  );
}

/** Moves the element at `from` to `to`, returning a new array. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/**
 * A list reordered by drag and drop, with "move up"/"move down" buttons as
 * the keyboard alternative; each move is announced to screen readers.
 */
export function SortableList<T extends SortableItem>({ items, onReorder, renderItem, disabled = false, label, testId }: Props<T>) {
  const t = useT();
  const [pending, setPending] = useState<T[] | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  // Read by the drag events themselves: a fast drag fires dragover before React re-renders with `dragging`.
  const dragFrom = useRef<number | null>(null);
  // Items become draggable once the list is live (a drag in server-rendered HTML would do nothing).
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const shown = pending ?? items;
  const busy = disabled || pending !== null;

  async function move(from: number, to: number, focusButton?: 'up' | 'down') {
    if (busy || from === to || to < 0 || to >= shown.length) return;
    const next = moveItem(shown, from, to);
    const moved = shown[from]!;
    setPending(next);
    try {
      await onReorder(next.map((item) => item.id));
      setAnnouncement(t('admin.common.moved', { name: moved.name, position: to + 1 }));
    } catch {
      // onReorder tells the user what failed; the list falls back to the saved order.
    } finally {
      setPending(null);
      if (focusButton) {
        // Keep the keyboard where the item went.
        requestAnimationFrame(() => listRef.current?.querySelector<HTMLButtonElement>(`[data-move="${focusButton}"][data-id="${moved.id}"]`)?.focus());
      }
    }
  }

  return (
    <>
      <ol className="admin-list" aria-label={label} ref={listRef} data-testid={testId} aria-busy={pending !== null}>
        {shown.map((item, index) => (
          <li
            key={item.id}
            className={`admin-list__item${dragging === index ? ' admin-list__item--dragging' : ''}${target === index && dragging !== index ? ' admin-list__item--drop-target' : ''}`}
            draggable={live && !busy}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', String(item.id));
              dragFrom.current = index;
              setDragging(index);
            }}
            onDragOver={(event) => {
              if (dragFrom.current === null) return;
              event.preventDefault();
              setTarget(index);
            }}
            onDragLeave={() => setTarget((current) => (current === index ? null : current))}
            onDrop={(event) => {
              event.preventDefault();
              const from = dragFrom.current;
              dragFrom.current = null;
              setDragging(null);
              setTarget(null);
              if (from !== null) void move(from, index);
            }}
            onDragEnd={() => {
              dragFrom.current = null;
              setDragging(null);
              setTarget(null);
            }}
          >
            <span className="drag-handle" aria-hidden="true" title={t('admin.common.dragHandle', { name: item.name })}>
              ⋮⋮
            </span>
            {renderItem(item)}
            <span className="admin-actions">
              <button type="button" className="icon-button" data-move="up" data-id={item.id} disabled={busy || index === 0} aria-label={t('admin.common.moveUp', { name: item.name })} onClick={() => void move(index, index - 1, 'up')}>
                ↑
              </button>
              <button
                type="button"
                className="icon-button"
                data-move="down"
                data-id={item.id}
                disabled={busy || index === shown.length - 1}
                aria-label={t('admin.common.moveDown', { name: item.name })}
                onClick={() => void move(index, index + 1, 'down')}
              >
                ↓
              </button>
            </span>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
