import { useEffect, useState } from 'react';
import type { Messages } from '~/i18n';
import { IslandI18n, useLang, useT } from '~/i18n/islands';
import { readApiProblem } from '~/lib/client/api-problem';
import type { Language } from '~/lib/shared/constants';
import { formatNumber } from '~/lib/shared/format';
import { readFileExport, type FileExportJobs, type FileExportKind } from '~/lib/client/api/file-exports';

const POLL_MS = 1500;

type Translate = ReturnType<typeof useT>;
const percentOf = (done: number, total: number) => (total ? Math.min(100, Math.round((done / total) * 100)) : 0);

/** What each kind says (its message keys), where its file downloads with the browser session, and how far it is. */
const KINDS: { [K in FileExportKind]: { keys: string; download: string; href: (exportId: number) => string; progressOf: (job: FileExportJobs[K], t: Translate, lang: Language) => { percent: number; label: string } } } = {
  submissions_zip: {
    keys: 'assignments.zipJob',
    download: 'assignments.zipJob.download',
    href: (exportId) => `/assignments/zips/${exportId}`,
    progressOf: (job, t) => {
      const percent = percentOf(job.bytesDone, job.bytesTotal);
      return { percent, label: t('assignments.zipJob.building', { percent, files: job.filesDone, count: job.filesTotal }) };
    },
  },
  report: {
    keys: 'reports.page',
    download: 'reports.page.readyDownload',
    href: (exportId) => `/admin/reports/files/${exportId}`,
    progressOf: (job, t, lang) => {
      const percent = percentOf(job.rowsDone, job.rowsTotal);
      return { percent, label: t('reports.page.building', { done: formatNumber(lang, job.rowsDone), count: job.rowsTotal, percent }) };
    },
  },
};

/** A file being built by the job engine: its progress, read every 1.5 s, then the link to download it (or why it failed). */
export function FileExportStatus<K extends FileExportKind>({ kind, exportId }: { kind: K; exportId: number }) {
  const t = useT();
  const lang = useLang();
  const [job, setJob] = useState<FileExportJobs[K] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await readFileExport(kind, exportId);
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
  }, [kind, exportId, t]);
  const { keys, download, href, progressOf } = KINDS[kind];
  if (error) return <p className="notice notice--error" role="alert">{error}</p>;
  if (!job) return <p role="status">{t('common.loading')}</p>;
  if (job.status === 'failed') return <p className="notice notice--error" role="alert">{t(`${keys}.failed`)}</p>;
  if (job.status === 'ready') {
    return (
      <p className="notice" role="status">
        {t(`${keys}.ready`)}{' '}
        <a className="button button--primary" href={href(job.id)} download>
          {t(download)}
        </a>
      </p>
    );
  }
  const { percent, label } = (progressOf as (job: FileExportJobs[K], t: Translate, lang: Language) => { percent: number; label: string })(job, t, lang);
  return (
    <div className="progress" role="status">
      <span>{label}</span>
      <progress max={100} value={percent} aria-label={t(`${keys}.progress`)} />
    </div>
  );
}

/** The island a page mounts for a file of `kind` being built (the reports page's `?export=`); within another island use FileExportStatus. */
export default function FileExportProgress({ lang, messages, kind, exportId }: { lang: Language; messages: Messages; kind: FileExportKind; exportId: number }) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <FileExportStatus kind={kind} exportId={exportId} />
    </IslandI18n>
  );
}
