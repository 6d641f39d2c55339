import { useState } from 'react';
import { useLang, useT } from '~/i18n/islands';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { notify } from '~/islands/shell/notify';
import { readApiProblem } from '~/lib/client/api-problem';
import { formatDateTime } from '~/lib/shared/format';
import type { Page } from '~/lib/shared/pagination';
import type { Report } from '~/lib/shared/schemas/forums';
import { listOpenReports, resolveReport } from '~/lib/client/api/forums';

/** A forum's open reports, for its moderators: what was reported, by whom and why, a link to it, and "reviewed". */
export function ReportsQueue({ forumId }: { forumId: number }) {
  const t = useT();
  const lang = useLang();
  const [busyId, setBusyId] = useState<number | null>(null);
  const loader = useLoader<Page<Report>>((signal) => listOpenReports(forumId, signal), [forumId]);
  if (loader.state.status !== 'ready') return <LoadStatus loader={loader} />;
  const reports = loader.state.data.results;
  if (reports.length === 0) return null;
  async function resolve(id: number) {
    setBusyId(id);
    try {
      await resolveReport(id);
      loader.update((page) => ({ ...page, count: page.count - 1, results: page.results.filter((report) => report.id !== id) }));
    } catch (failure) {
      notify({ status: 'error', message: (await readApiProblem(failure, t('admin.common.error'))).message });
    } finally {
      setBusyId(null);
    }
  }
  return (
    <section className="live-card" aria-labelledby="reports-title">
      <h2 id="reports-title">{t('forums.reports', { count: loader.state.data.count })}</h2>
      <ul className="search-results">
        {reports.map((report) => (
          <li key={report.id}>
            <a href={`/forums/threads/${report.threadId}${report.targetType === 'comment' ? `#comment-${report.targetId}` : ''}`}>{report.threadTitle}</a>
            <p className="muted">{report.excerpt}</p>
            <p>
              {t('forums.reportedBy', { name: report.reporter?.name ?? t('forum.someone'), date: formatDateTime(lang, report.createdAt) })}
              {report.reason && <> — «{report.reason}»</>}
            </p>
            <button type="button" className="button button--ghost button--small" disabled={busyId === report.id} onClick={() => void resolve(report.id)}>
              {t('forums.reviewed')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
