import { useCallback, useState } from 'react';
import { readApiProblem } from '~/lib/client/api-problem';
import { notify } from '~/islands/shell/notify';

/**
 * Runs a control's action: `busy` while it runs (to disable the control);
 * a failure becomes an error notice with the server's message, or
 * `fallback` when it gave none.
 */
export function useBusyAction(fallback: string): { busy: boolean; run: (action: () => Promise<void>) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (action: () => Promise<void>) => {
      setBusy(true);
      try {
        await action();
      } catch (failure) {
        notify({ status: 'error', message: (await readApiProblem(failure, fallback)).message });
      } finally {
        setBusy(false);
      }
    },
    [fallback],
  );
  return { busy, run };
}
