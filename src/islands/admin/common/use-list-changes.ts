import { useState } from 'react';
import { useT } from '~/i18n/islands';
import { readApiProblem } from '~/lib/client/api-problem';

/**
 * The changes made from a list's rows (delete, archive, save a role, a new
 * order): which row is busy, and the last failure in the caller's language.
 */
export function useListChanges() {
  const t = useT();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const messageOf = async (failure: unknown) => (await readApiProblem(failure, t('admin.common.error'))).message;

  /** Runs a change on the row `id` (once the person accepts `confirm`, when given); a failure shows as `error`. */
  async function change(id: number, action: () => Promise<void>, confirm?: string): Promise<void> {
    if (confirm && !window.confirm(confirm)) return;
    setError(null);
    setBusyId(id);
    try {
      await action();
    } catch (failure) {
      setError(await messageOf(failure));
    } finally {
      setBusyId(null);
    }
  }

  /**
   * Saves a new order. A failure shows why, calls `onConflict` when the list
   * changed meanwhile (someone else added or removed a row: a 400), and
   * rejects, so the sortable list puts the rows back.
   */
  async function reorder(save: () => Promise<void>, onConflict?: () => void): Promise<void> {
    setError(null);
    try {
      await save();
    } catch (failure) {
      setError(await messageOf(failure));
      if (onConflict && failure instanceof Response && failure.status === 400) onConflict();
      throw failure;
    }
  }

  return { busyId, error, change, reorder, clearError: () => setError(null) };
}
