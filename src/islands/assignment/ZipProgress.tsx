import { useEffect, useState } from 'react';
import { useT } from '~/i18n/islands';
import { readApiProblem } from '~/lib/client/api-problem';
import type { SubmissionExport } from '~/lib/shared/schemas/assignments';
import { readZipExport } from './assignment-api';

const POLL_MS = 1500;

/** A zip being built by the job engine: its progress, read every 1.5 s, then the link to download it. */
export function ZipProgress({ exportId }: { exportId: number }) {
  const t = useT();
  const [job, setJob] = useState<SubmissionExport | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await readZipExport(exportId);
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
  if (!job) return null;
  if (job.status === 'failed') return <p className="notice notice--error" role="alert">{t('assignments.zipJob.failed')}</p>;
  if (job.status === 'ready') {
    return (
      <p className="notice" role="status">
        {t('assignments.zipJob.ready')}{' '}
        <a className="button button--primary" href={`/assignments/zips/${job.id}`} download>
          {t('assignments.zipJob.download')}
        </a>
      </p>
    );
  }
  const percent = job.bytesTotal ? Math.round((job.bytesDone / job.bytesTotal) * 100) : 0;
  return (
    <div className="progress" role="status">
      <span>{t('assignments.zipJob.building', { percent, files: job.filesDone, total: job.filesTotal })}</span>
      <progress max={100} value={percent} aria-label={t('assignments.zipJob.progress')} />
    </div>
  );
}
