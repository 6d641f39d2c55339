import { useEffect, useState } from 'react';
import type { Messages } from '~/i18n';
import { IslandI18n, useLang, useT } from '~/i18n/islands';
import { formatNumber } from '~/lib/shared/format';
import { readApiProblem } from '~/lib/client/api-problem';
import type { Language } from '~/lib/shared/constants';
import type { ReportExport } from '~/lib/shared/schemas/reports';
import { readReportExport } from './reports-api';

const POLL_MS = 1500;

/** A report being built by the job engine: its progress, read every 1.5 s, then the link to download it. */
function Progress({ exportId }: { exportId: number }) {
  const t = useT();
  const lang = useLang();
  const [job, setJob] = useState<ReportExport | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await readReportExport(exportId);
        if (!live) return;
        setJob(next);
        if (next.status === 'queued' || next.status === 'running') timer = setTimeout(() => void poll(), POLL_MS);
      } catch (failure) {
        if (live) setError((await readApiProblem(failure, t('common.loadError'))).message);
      }
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [exportId, t]);
  if (error) return <p className="notice notice--error" role="alert">{error}</p>;
  if (!job) return <p role="status">{t('common.loading')}</p>;
  if (job.status === 'failed') return <p className="notice notice--error" role="alert">{t('reports.page.failed')}</p>;
  if (job.status === 'ready') {
    return (
      <p className="notice" role="status">
        {t('reports.page.ready')}{' '}
        <a className="button button--primary" href={`/admin/reports/files/${job.id}`} download>
          {t('reports.page.readyDownload')}
        </a>
      </p>
    );
  }
  const percent = job.rowsTotal ? Math.min(100, Math.round((job.rowsDone / job.rowsTotal) * 100)) : 0;
  return (
    <div className="upload-progress" role="status">
      <span>{t('reports.page.building', { done: formatNumber(lang, job.rowsDone), total: formatNumber(lang, job.rowsTotal), percent })}</span>
      <progress max={100} value={percent} aria-label={t('reports.page.progress')} />
    </div>
  );
}

export default function ReportProgress({ lang, messages, exportId }: { lang: Language; messages: Messages; exportId: number }) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Progress exportId={exportId} />
    </IslandI18n>
  );
}
