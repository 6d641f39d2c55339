import { useCallback, useRef, useState, type KeyboardEvent } from 'react';

/** A cell's place in the grid: its row (0 is the header) and column. */
export interface CellPosition {
  row: number;
  col: number;
}

/**
 * A roving tabindex over a table (WAI-ARIA grid pattern): one cell (or the
 * control inside it) is in the tab order; arrow keys move by one, Home and
 * End to the row's ends, Ctrl+Home and Ctrl+End to the grid's corners.
 * Focus targets carry `data-row` and `data-col`; a click moves the roving
 * position too, so Tab comes back where the person left off.
 */
export function useGridKeys(rowCount: number, colCount: number) {
  const [active, setActive] = useState<CellPosition>({ row: 0, col: 0 });
  const gridRef = useRef<HTMLTableElement>(null);

  const focusCell = useCallback((position: CellPosition) => {
    setActive(position);
    gridRef.current?.querySelector<HTMLElement>(`[data-row="${position.row}"][data-col="${position.col}"]`)?.focus();
  }, []);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLTableElement>) => {
      const target = (event.target as HTMLElement).closest<HTMLElement>('[data-row][data-col]');
      if (!target || event.altKey || event.metaKey) return;
      const row = Number(target.dataset.row);
      const col = Number(target.dataset.col);
      const lastRow = rowCount - 1;
      const lastCol = colCount - 1;
      const moves: Record<string, CellPosition | undefined> = {
        ArrowRight: { row, col: Math.min(lastCol, col + 1) },
        ArrowLeft: { row, col: Math.max(0, col - 1) },
        ArrowDown: { row: Math.min(lastRow, row + 1), col },
        ArrowUp: { row: Math.max(0, row - 1), col },
        Home: event.ctrlKey ? { row: 0, col: 0 } : { row, col: 0 },
        End: event.ctrlKey ? { row: lastRow, col: lastCol } : { row, col: lastCol },
      };
      const next = moves[event.key];
      if (!next) return;
      event.preventDefault();
      focusCell(next);
    },
    [rowCount, colCount, focusCell],
  );

  const onFocus = useCallback((event: { target: EventTarget }) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>('[data-row][data-col]');
    if (target) setActive({ row: Number(target.dataset.row), col: Number(target.dataset.col) });
  }, []);

  /** The props of a cell's focus target. */
  const cellProps = (row: number, col: number) => ({ 'data-row': row, 'data-col': col, tabIndex: active.row === row && active.col === col ? 0 : -1 });

  return { gridRef, onKeyDown, onFocus, cellProps };
}
