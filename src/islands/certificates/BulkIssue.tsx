import { useEffect, useState } from 'react';
import { useLang, useT } from '~/i18n/islands';
import { readApiProblem } from '~/lib/client/api-problem';
import { readBulkIssueRun, startBulkIssue } from '~/lib/client/api/certificates';
import { formatNumber } from '~/lib/shared/format';
import type { CertificateRun } from '~/lib/shared/schemas/certificates';

const POLL_MS = 1500;

/** "Issue to whoever passed": starts the cohort's bulk issue, then shows its progress until it ends (and tells the list to read again). */
export function BulkIssue({ cohortId, onDone }: { cohortId: number; onDone(): void }) {
  const t = useT();
  const lang = useLang();
  const [run, setRun] = useState<CertificateRun | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const runId = run?.id;
  const isWorking = run?.status === 'queued' || run?.status === 'running';
  useEffect(() => {
    if (runId === undefined || !isWorking) return;
    let live = true;
    const timer = setTimeout(async () => {
      try {
        const next = await readBulkIssueRun(cohortId, runId);
        if (!live) return;
        setRun(next);
        if (next.status === 'done') onDone();
      } catch (failure) {
        if (live) setError((await readApiProblem(failure, t('common.loadError'))).message);
      }
    }, POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [cohortId, runId, isWorking, run, onDone, t]);

  async function start() {
    setError(null);
    setBusy(true);
    try {
      setRun(await startBulkIssue(cohortId));
    } catch (failure) {
      setError((await readApiProblem(failure, t('admin.common.error'))).message);
    } finally {
      setBusy(false);
    }
  }

  const percent = run && run.itemsTotal ? Math.min(100, Math.round((run.itemsDone / run.itemsTotal) * 100)) : 0;
  return (
    <div className="certificates-issue">
      <button type="button" className="button button--primary" onClick={() => void start()} disabled={busy || isWorking}>
        {t('admin.certificates.issue')}
      </button>
      {error && <p className="form-error" role="alert">{error}</p>}
      {run && isWorking && run.itemsTotal === 0 && (
        <div className="progress" role="status">
          {/* The job is still counting who approved: an indeterminate bar until it knows. */}
          <span>{t('admin.certificates.counting')}</span>
          <progress aria-label={t('admin.certificates.progress')} />
        </div>
      )}
      {run && isWorking && run.itemsTotal > 0 && (
        <div className="progress" role="status">
          <span>{t('admin.certificates.issuing', { done: formatNumber(lang, run.itemsDone), total: formatNumber(lang, run.itemsTotal), percent })}</span>
          <progress max={100} value={percent} aria-label={t('admin.certificates.progress')} />
        </div>
      )}
      {run?.status === 'done' && <p role="status">{t('admin.certificates.done', { count: run.issuedCount })}</p>}
      {run?.status === 'failed' && <p className="form-error" role="alert">{t('admin.certificates.failed')}</p>}
    </div>
  );
}
