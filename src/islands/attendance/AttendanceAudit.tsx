import { useStore } from '@nanostores/react';
import { IslandI18n, useLang, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import { formatDateTime } from '~/lib/shared/format';
import type { AttendanceAuditEntry } from '~/lib/shared/schemas/attendance';
import { listAttendanceAudit } from '~/lib/client/api/attendance';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { $attendanceChanges } from './attendance-changes';
import '~/styles/attendance-import.css';

interface Props {
  lang: Language;
  messages: Messages;
  sessionId: number;
}

function Audit({ sessionId }: { sessionId: number }) {
  const t = useT();
  const lang = useLang();
  // Read again when the page's other islands change the session's attendance, keeping the table shown meanwhile.
  const changes = useStore($attendanceChanges);
  const loader = useLoader<AttendanceAuditEntry[]>((signal) => listAttendanceAudit(sessionId, signal), [sessionId, changes], { keepData: true });
  if (loader.state.status !== 'ready') return <LoadStatus loader={loader} />;
  const entries = loader.state.data;
  if (entries.length === 0) return <p className="muted">{t('attendance.audit.empty')}</p>;
  const minutes = (value: number | null) => (value === null ? t('attendance.audit.noMinutes') : String(value));
  return (
    <div className="table-scroll">
      <table className="admin-table admin-table--cards attendance-audit">
        <caption className="visually-hidden">{t('attendance.audit.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('attendance.audit.column.student')}</th>
            <th scope="col">{t('attendance.audit.column.when')}</th>
            <th scope="col">{t('attendance.audit.column.status')}</th>
            <th scope="col">{t('attendance.audit.column.minutes')}</th>
            <th scope="col">{t('attendance.audit.column.by')}</th>
            <th scope="col">{t('attendance.audit.column.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <th scope="row">{entry.name}</th>
              <td data-label={t('attendance.audit.column.when')}>
                <time dateTime={entry.changedAt}>{formatDateTime(lang, entry.changedAt)}</time>
              </td>
              <td data-label={t('attendance.audit.column.status')}>
                {t('attendance.audit.change', { from: t(`attendance.status.${entry.fromStatus ?? 'none'}`), to: t(`attendance.status.${entry.toStatus}`) })}
              </td>
              <td data-label={t('attendance.audit.column.minutes')}>{t('attendance.audit.change', { from: minutes(entry.fromMinutes), to: minutes(entry.toMinutes) })}</td>
              <td data-label={t('attendance.audit.column.by')}>{entry.changedByName ?? t('attendance.audit.unknownChanger')}</td>
              <td data-label={t('attendance.audit.column.reason')}>{entry.reason ?? t('attendance.audit.noReason')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What changed in a session's attendance after it ended: who, when, from what to what, and why (cohort admins and admins). */
export default function AttendanceAudit({ lang, messages, sessionId }: Props) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Audit sessionId={sessionId} />
    </IslandI18n>
  );
}
