import { useEffect, useId, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import { ATTENDANCE_STATUSES, type AttendanceStatus } from '~/lib/shared/attendance';
import type { RosterRow } from '~/lib/shared/schemas/attendance';
import { SearchField } from '~/islands/admin/common/SearchField';
import { ErrorNotice } from '~/islands/common/ErrorNotice';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { getRoster } from '~/lib/client/api/attendance';
import type { QueuedMark } from './roll-call-queue';
import { useRollCallSync, type SyncState } from './use-roll-call-sync';
import { $attendanceChanges, markAttendanceChanged } from './attendance-changes';
import '~/styles/attendance-roll-call.css';

/** The roster as read, and when (the unrecorded students' default "present" is as old as what the tutor saw). */
export interface ReadRoster {
  roster: RosterRow[];
  readAt: string;
}

export interface RollCallProps {
  lang: Language;
  messages: Messages;
  sessionId: number;
  /** The signed-in staff member: the marks kept on this device are theirs alone. */
  userId: number;
  /** After it, a change needs a reason (kept in the audit). */
  endsAt: string;
  /** The roster the server rendered, shown at once. */
  initial?: ReadRoster;
}

/** A name as searched: no accents, any case ("maria" finds "María"). */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase('es');

/** Every word of the search is in the student's name or e-mail. */
function matches(row: RosterRow, words: readonly string[]): boolean {
  const haystack = folded(`${row.name} ${row.email}`);
  return words.every((word) => haystack.includes(word));
}

interface Shown {
  row: RosterRow;
  status: AttendanceStatus;
  /** Nothing recorded, nothing marked: present by default. */
  isDefault: boolean;
  /** Tapped, not yet saved. */
  isUnsaved: boolean;
  /** What the student goes back to when the tap is undone: the outbox's mark, else the server's status, else present. */
  base: AttendanceStatus;
}

function showRoster(roster: readonly RosterRow[], draft: readonly QueuedMark[], outbox: readonly QueuedMark[]): Shown[] {
  const drafted = new Map(draft.map((mark) => [mark.userId, mark.status]));
  const queued = new Map(outbox.map((mark) => [mark.userId, mark.status]));
  return roster.map((row) => {
    const base = queued.get(row.userId) ?? row.status ?? 'present';
    const tapped = drafted.get(row.userId);
    return { row, status: tapped ?? base, isDefault: tapped === undefined && !queued.has(row.userId) && row.status === null, isUnsaved: tapped !== undefined, base };
  });
}

function StudentRow({ shown, onPick }: { shown: Shown; onPick(status: AttendanceStatus): void }) {
  const t = useT();
  const nameId = useId();
  const { row, status, isDefault, isUnsaved } = shown;
  return (
    <li className={`roll-call__row${isUnsaved ? ' roll-call__row--unsaved' : ''}`}>
      <span className="roll-call__name" id={nameId} title={row.name}>
        {row.name}
      </span>
      {isUnsaved && <span className="visually-hidden">{t('attendance.rollCall.unsaved')}</span>}
      <div className="roll-call__choices" role="radiogroup" aria-labelledby={nameId}>
        {ATTENDANCE_STATUSES.map((choice) => (
          <label key={choice} className={`roll-call__choice roll-call__choice--${choice}${status === choice ? ` roll-call__choice--on${isDefault ? ' roll-call__choice--default' : ''}` : ''}`}>
            <input type="radio" name={`roll-call-${row.userId}`} value={choice} checked={status === choice} onChange={() => onPick(choice)} aria-label={t(`attendance.status.${choice}`)} />
            <span aria-hidden="true">{t(`attendance.rollCall.short.${choice}`)}</span>
          </label>
        ))}
      </div>
    </li>
  );
}

/** What the save bar says about the marks' trip to the server. */
function SyncLine({ sync, unsaved, queued }: { sync: SyncState; unsaved: number; queued: number }) {
  const t = useT();
  if (sync.kind === 'sending') return <>{t('attendance.rollCall.sending')}</>;
  if (sync.kind === 'queued') return <>{t(sync.offline ? 'attendance.rollCall.offline' : 'attendance.rollCall.serverDown', { count: queued })}</>;
  if (sync.kind === 'saved' && unsaved === 0) return <>{t('attendance.rollCall.saved', { count: sync.changed })}</>;
  if (unsaved > 0) return <>{t('attendance.rollCall.unsavedCount', { count: unsaved })}</>;
  return null;
}

function RollCallSheet({ sessionId, userId, endsAt, initial }: Omit<RollCallProps, 'lang' | 'messages'>) {
  const t = useT();
  const loader = useLoader<ReadRoster>(
    async (signal) => {
      const readAt = new Date().toISOString();
      return { roster: await getRoster(sessionId, signal), readAt };
    },
    [sessionId],
    initial ? { initial } : {},
  );
  // Another island of the page changed the session's attendance (an import, an excuse accepted): read the roster again.
  // A change this roll call announced itself is already in its roster.
  const announced = useRef(0);
  useEffect(
    () =>
      $attendanceChanges.listen((count) => {
        if (count !== announced.current) loader.reload();
      }),
    [loader],
  );
  const { queue, sync, pick, save, discard } = useRollCallSync({
    sessionId,
    userId,
    onSaved: (roster) => {
      loader.update(() => ({ roster, readAt: new Date().toISOString() }));
      announced.current = $attendanceChanges.get() + 1;
      markAttendanceChanged();
    },
  });
  const [search, setSearch] = useState('');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasonId = useId();

  const data = loader.state.status === 'ready' ? loader.state.data : null;
  const shown = useMemo(() => (data ? showRoster(data.roster, queue.draft, queue.outbox) : []), [data, queue]);
  const words = folded(search).split(/\s+/).filter(Boolean);
  const visible = words.length > 0 ? shown.filter((item) => matches(item.row, words)) : shown;
  const counts = Object.fromEntries(ATTENDANCE_STATUSES.map((status) => [status, shown.filter((item) => item.status === status).length])) as Record<AttendanceStatus, number>;
  const defaults = shown.filter((item) => item.isDefault);
  const hasEnded = Date.now() > Date.parse(endsAt);
  const toSend = queue.draft.length + defaults.length;
  const names = new Map(shown.map((item) => [item.row.userId, item.row.name]));

  if (!data) return <LoadStatus loader={loader} />;
  if (data.roster.length === 0) return <p className="empty">{t('attendance.rollCall.empty')}</p>;

  const onSave = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (toSend > 0 && hasEnded && !reason.trim()) {
      setReasonError(t('attendance.rollCall.reasonRequired'));
      return;
    }
    setReasonError(null);
    save(
      defaults.map((item) => ({ userId: item.row.userId, markedAt: data.readAt })),
      reason.trim(),
    );
  };
  const refused = sync.kind === 'refused' ? sync : null;
  const discardRefused = () => {
    if (!refused) return;
    const students = refused.marks.length > 0 ? refused.marks.map((mark) => mark.userId) : queue.outbox.map((mark) => mark.userId);
    if (!window.confirm(t('attendance.rollCall.confirmDiscard', { count: students.length }))) return;
    discard(students);
  };
  const parts = ATTENDANCE_STATUSES.filter((status) => status !== 'excused' || counts.excused > 0).map((status) => t(`attendance.rollCall.count.${status}`, { count: counts[status] }));

  return (
    <div className="roll-call">
      <p className="roll-call__counts" data-testid="roll-call-counts">
        {parts.join(' · ')}
      </p>
      {defaults.length > 0 && (
        <p className="muted roll-call__hint">
          {t('attendance.rollCall.defaultHint', { count: defaults.length })}
        </p>
      )}
      <SearchField className="roll-call__search" label={t('attendance.rollCall.search')} value={search} onChange={setSearch} />
      {visible.length === 0 ? (
        <p className="empty">{t('attendance.rollCall.noMatch')}</p>
      ) : (
        <ul className="roll-call__list" aria-label={t('attendance.rollCall.students')}>
          {visible.map((item) => (
            <StudentRow key={item.row.userId} shown={item} onPick={(status) => pick(item.row.userId, status, item.base)} />
          ))}
        </ul>
      )}
      <form className="roll-call__bar" onSubmit={onSave} noValidate>
        {refused && (
          <div className="roll-call__refused">
            <ErrorNotice error={{ message: refused.message, details: refused.marks.map((mark) => t('attendance.rollCall.refusedMark', { name: names.get(mark.userId) ?? String(mark.userId), message: mark.message })) }} />
            {/* A refused reason is fixed in its field; refused marks may have to go. */}
            {(refused.marks.length > 0 || !refused.reasonError) && (
              <button type="button" className="button button--danger button--small" onClick={discardRefused}>
                {t('attendance.rollCall.discard', { count: refused.marks.length > 0 ? refused.marks.length : queue.outbox.length })}
              </button>
            )}
          </div>
        )}
        {hasEnded && (toSend > 0 || queue.outbox.length > 0) && (
          <div className="field-with-error">
            <label className={`field${reasonError ?? refused?.reasonError ? ' field--invalid' : ''}`}>
              <span>{t('attendance.rollCall.reason')}</span>
              <input
                value={reason}
                maxLength={500}
                onChange={(event) => setReason(event.target.value)}
                aria-invalid={reasonError ?? refused?.reasonError ? true : undefined}
                aria-describedby={reasonError ?? refused?.reasonError ? `${reasonId}-error` : undefined}
              />
            </label>
            {(reasonError ?? refused?.reasonError) && (
              <small className="field__error" id={`${reasonId}-error`}>
                {reasonError ?? refused?.reasonError}
              </small>
            )}
          </div>
        )}
        <div className="roll-call__actions">
          <p className="roll-call__status" role="status">
            <SyncLine sync={sync} unsaved={queue.draft.length} queued={queue.outbox.length} />
          </p>
          <button type="submit" className="button button--primary roll-call__save" disabled={sync.kind === 'sending' || (toSend === 0 && queue.outbox.length === 0)}>
            {t('attendance.rollCall.save')}
          </button>
        </div>
      </form>
    </div>
  );
}

/** The staff's roll call on a phone (issue 32): everyone present by default, one tap per exception, saved in one request, offline too. */
export default function RollCall({ lang, messages, ...props }: RollCallProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <RollCallSheet {...props} />
    </IslandI18n>
  );
}
