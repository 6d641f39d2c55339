import { useEffect, useState, type SubmitEvent } from 'react';
import { IslandI18n, useLang, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import { FieldWithError } from '~/islands/admin/common/FieldWithError';
import { FormError } from '~/islands/admin/common/FormError';
import { useFormSubmit } from '~/islands/admin/common/use-form-submit';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useBusyAction } from '~/islands/common/use-busy-action';
import { useLoader } from '~/islands/common/use-loader';
import { notify } from '~/islands/shell/notify';
import { BOGOTA_TIME_ZONE, formatDateTime, formatDateTimeIn } from '~/lib/shared/format';
import type { Page } from '~/lib/shared/pagination';
import { SESSION_KINDS } from '~/lib/shared/attendance';
import type { LiveSession } from '~/lib/shared/schemas/live-sessions';
import * as api from '~/lib/client/api/live-sessions';

export interface LiveSessionsProps {
  lang: Language;
  messages: Messages;
  /** Sessions not yet over (live ones first), as the server rendered them. */
  initial: Page<LiveSession>;
  /** The cohorts the viewer schedules sessions in (their tutors and cohort admins). */
  managedCohorts: ManagedCohort[];
  calendarUrl: string | null;
}

/** A Bogotá wall-clock time from a `datetime-local` field, as an instant (Colombia keeps UTC−5 all year). */
const bogotaInstant = (local: string) => (local ? `${local}:00-05:00` : '');
/** An instant as a Bogotá `datetime-local` value (the edit form's starting point). */
const bogotaLocal = (instant: string) => new Date(Date.parse(instant) - 5 * 60 * 60 * 1000).toISOString().slice(0, 16);

function JoinButton({ session }: { session: LiveSession }) {
  const t = useT();
  const { busy, run } = useBusyAction(t('live.joinFailed'));
  if (session.state !== 'live') {
    return (
      <button type="button" className="button button--ghost" disabled>
        {t('live.joinOpensSoon')}
      </button>
    );
  }
  const join = () =>
    run(async () => {
      const { url } = await api.joinSession(session.id);
      notify({ status: 'success', message: t('live.joined') });
      window.open(url, '_blank', 'noopener');
    });
  return (
    <button type="button" className="button button--primary" disabled={busy} onClick={() => void join()} aria-label={t('live.joinLabel', { name: session.className })}>
      {t('live.join')}
    </button>
  );
}

/** Links that download attendance (CSV or XLSX) with the browser's session. */
function AttendanceLinks({ kind, id, name }: { kind: 'session' | 'cohort'; id: number; name: string }) {
  const t = useT();
  return (
    <>
      {(['xlsx', 'csv'] as const).map((format) => (
        <a key={format} className="button button--ghost button--small" href={`/live/attendance/${kind}/${id}?format=${format}`} download aria-label={t('live.downloadAttendance', { name, format: format.toUpperCase() })}>
          {format.toUpperCase()}
        </a>
      ))}
    </>
  );
}

function CalendarFeed({ initialUrl }: { initialUrl: string | null }) {
  const t = useT();
  const [url, setUrl] = useState(initialUrl);
  const { busy, run } = useBusyAction(t('admin.common.error'));
  return (
    <section className="live-card" aria-labelledby="calendar-title">
      <h2 id="calendar-title">{t('live.calendar.title')}</h2>
      <p className="muted">{t('live.calendar.intro')}</p>
      {url && (
        <label className="field">
          <span>{t('live.calendar.url')}</span>
          <input readOnly value={url} onFocus={(event) => event.target.select()} />
        </label>
      )}
      <div className="live-card__actions">
        <button type="button" className="button button--ghost" disabled={busy} onClick={() => void run(async () => setUrl((await api.renewCalendar()).url))}>
          {t(url ? 'live.calendar.renew' : 'live.calendar.create')}
        </button>
        {url && (
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                await api.stopCalendar();
                setUrl(null);
              })
            }
          >
            {t('live.calendar.stop')}
          </button>
        )}
      </div>
    </section>
  );
}

const FIELDS = ['cohort', 'className', 'videoLink', 'duration', 'duration.minutes', 'duration.seconds', 'startDate', 'endDate', 'repeatWeeks', 'recordingUrl', 'kind', 'place', 'plannedHours', 'course'];
type SessionKind = (typeof SESSION_KINDS)[number];

/** The planned-hours field's text for a session: empty when they are just its length (the server's default). */
function plannedHoursText(session: LiveSession): string {
  const lengthHours = (Date.parse(session.endsAt) - Date.parse(session.startsAt)) / 3_600_000;
  return Math.abs(session.plannedHours - lengthHours) < 0.005 ? '' : String(session.plannedHours);
}

/** A cohort the viewer schedules in, with the courses a session may teach. */
interface ManagedCohort {
  id: number;
  name: string;
  courses: { id: number; name: string }[];
}

interface SessionFormProps {
  cohorts: ManagedCohort[];
  /** The session to change (its cohort and series stay); without it, a new one is scheduled. */
  editing?: LiveSession;
  onSaved(): void;
  onCancel?(): void;
}

/** The live-video form: schedules a class (or a weekly series), or changes one, with the server's messages beside each field. */
function SessionForm({ cohorts, editing, onSaved, onCancel }: SessionFormProps) {
  const t = useT();
  const titleId = editing ? `edit-title-${editing.id}` : 'schedule-title';
  const [form, setForm] = useState(
    editing
      ? {
          cohort: String(editing.cohortId),
          className: editing.className,
          videoLink: editing.videoLink ?? '',
          minutes: String(Math.floor(editing.durationS / 60)),
          seconds: String(editing.durationS % 60),
          startDate: bogotaLocal(editing.startsAt),
          endDate: bogotaLocal(editing.endsAt),
          wasLive: editing.wasLive,
          repeatWeeks: '1',
          kind: editing.kind,
          place: editing.place ?? '',
          plannedHours: plannedHoursText(editing),
          course: editing.courseId === null ? '' : String(editing.courseId),
        }
      : { cohort: String(cohorts[0]?.id ?? ''), className: '', videoLink: '', minutes: '60', seconds: '0', startDate: '', endDate: '', wasLive: true, repeatWeeks: '1', kind: 'online' as SessionKind, place: '', plannedHours: '', course: '' },
  );
  const { busy, fields, formError, submit } = useFormSubmit(FIELDS);
  const set = (name: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value });
  // The courses of the session's cohort (another cohort chosen: its courses, and no course picked yet).
  const courses = cohorts.find((cohort) => String(cohort.id) === form.cohort)?.courses ?? (editing?.courseId ? [{ id: editing.courseId, name: editing.courseName ?? '' }] : []);

  async function send(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const hoursText = form.plannedHours.trim().replace(',', '.');
    const plannedHours = hoursText === '' ? null : Number(hoursText);
    const problems: Record<string, string> = plannedHours !== null && !Number.isFinite(plannedHours) ? { plannedHours: t('attendance.form.plannedHoursInvalid') } : {};
    await submit(problems, async () => {
      const details = {
        className: form.className,
        videoLink: form.videoLink,
        duration: { minutes: form.minutes, seconds: form.seconds },
        startDate: bogotaInstant(form.startDate),
        endDate: bogotaInstant(form.endDate),
        wasLive: form.wasLive,
        kind: form.kind,
        // An online class meets nowhere: a place typed before switching to online is dropped.
        place: form.kind === 'online' ? '' : form.place,
        plannedHours,
        course: form.course ? Number(form.course) : null,
      };
      if (editing) {
        await api.updateSession(editing.id, details);
        notify({ status: 'success', message: t('live.edit.done') });
      } else {
        await api.scheduleSession({ ...details, cohort: Number(form.cohort), repeatWeeks: Number(form.repeatWeeks) });
        notify({ status: 'success', message: t('live.schedule.done') });
        setForm({ ...form, className: '', videoLink: '', startDate: '', endDate: '', place: '', plannedHours: '' });
      }
      onSaved();
    });
  }

  return (
    <form className="live-card post-editor" onSubmit={send} noValidate aria-labelledby={titleId}>
      {editing ? <h4 id={titleId}>{t('live.edit.title', { name: editing.className })}</h4> : <h2 id={titleId}>{t('live.schedule.title')}</h2>}
      {!editing && (
        <FieldWithError label={t('live.schedule.cohort')} error={fields.cohort}>
          {(aria) => (
            <select value={form.cohort} {...aria} onChange={(event) => setForm({ ...form, cohort: event.target.value, course: '' })}>
              {cohorts.map((cohort) => (
                <option key={cohort.id} value={cohort.id}>
                  {cohort.name}
                </option>
              ))}
            </select>
          )}
        </FieldWithError>
      )}
      <FieldWithError label={t('live.schedule.className')} error={fields.className}>
        {(aria) => <input value={form.className} {...aria} onChange={set('className')} />}
      </FieldWithError>
      {courses.length > 0 && (
        <FieldWithError label={t('attendance.form.course')} hint={t('attendance.form.courseHint')} error={fields.course}>
          {(aria) => (
            <select value={form.course} {...aria} onChange={set('course')}>
              <option value="">{t('attendance.form.wholeCohort')}</option>
              {courses.map((course) => (
                <option key={course.id} value={course.id}>
                  {course.name}
                </option>
              ))}
            </select>
          )}
        </FieldWithError>
      )}
      <FieldWithError label={t('live.schedule.videoLink')} error={fields.videoLink}>
        {(aria) => <input type="url" inputMode="url" value={form.videoLink} {...aria} onChange={set('videoLink')} />}
      </FieldWithError>
      <FieldWithError label={t('live.schedule.minutes')} error={fields['duration.minutes'] ?? fields.duration}>
        {(aria) => <input inputMode="numeric" value={form.minutes} {...aria} onChange={set('minutes')} />}
      </FieldWithError>
      <FieldWithError label={t('live.schedule.seconds')} error={fields['duration.seconds']}>
        {(aria) => <input inputMode="numeric" value={form.seconds} {...aria} onChange={set('seconds')} />}
      </FieldWithError>
      <FieldWithError label={t('live.schedule.startDate')} hint={t('live.schedule.bogota')} error={fields.startDate}>
        {(aria) => <input type="datetime-local" value={form.startDate} {...aria} onChange={set('startDate')} />}
      </FieldWithError>
      <FieldWithError label={t('live.schedule.endDate')} error={fields.endDate}>
        {(aria) => <input type="datetime-local" value={form.endDate} {...aria} onChange={set('endDate')} />}
      </FieldWithError>
      <FieldWithError label={t('attendance.form.kind')} error={fields.kind}>
        {(aria) => (
          <select value={form.kind} {...aria} onChange={(event) => setForm({ ...form, kind: event.target.value as SessionKind })}>
            {SESSION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`attendance.kind.${kind}`)}
              </option>
            ))}
          </select>
        )}
      </FieldWithError>
      {form.kind !== 'online' && (
        <FieldWithError label={t('attendance.form.place')} hint={t('attendance.form.placeHint')} error={fields.place}>
          {(aria) => <input value={form.place} maxLength={200} {...aria} onChange={set('place')} />}
        </FieldWithError>
      )}
      <FieldWithError label={t('attendance.form.plannedHours')} hint={t('attendance.form.plannedHoursHint')} error={fields.plannedHours}>
        {(aria) => <input inputMode="decimal" value={form.plannedHours} {...aria} onChange={set('plannedHours')} />}
      </FieldWithError>
      <label className="checkbox">
        <input type="checkbox" checked={form.wasLive} onChange={(event) => setForm({ ...form, wasLive: event.target.checked })} /> {t('live.schedule.wasLive')}
      </label>
      {!editing && (
        <FieldWithError label={t('live.schedule.repeatWeeks')} error={fields.repeatWeeks}>
          {(aria) => <input inputMode="numeric" value={form.repeatWeeks} {...aria} onChange={set('repeatWeeks')} />}
        </FieldWithError>
      )}
      <FormError message={formError} />
      <div className="admin-actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('admin.common.saving') : t(editing ? 'live.edit.submit' : 'live.schedule.submit')}
        </button>
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t('admin.common.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

function Sessions({ initial, managedCohorts, calendarUrl }: Omit<LiveSessionsProps, 'lang' | 'messages'>) {
  const t = useT();
  const lang = useLang();
  const loader = useLoader<Page<LiveSession>>((signal) => api.listUpcoming(signal), [], { initial, keepData: true });
  const [editingId, setEditingId] = useState<number | null>(null);
  // Times are Bogotá's; a viewer elsewhere also sees their own (known only in the browser, after the first render).
  const [viewerZone, setViewerZone] = useState<string | null>(null);
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && zone !== BOGOTA_TIME_ZONE) setViewerZone(zone);
  }, []);
  return (
    <>
      <section aria-labelledby="upcoming-title" className="forums-page">
        <h2 id="upcoming-title">{t('live.upcoming')}</h2>
        {loader.state.status !== 'ready' ? (
          <LoadStatus loader={loader} />
        ) : loader.state.data.results.length === 0 ? (
          <p className="muted">{t('live.noUpcoming')}</p>
        ) : (
          <ul className="live-list">
            {loader.state.data.results.map((session) => (
              <li key={session.id} className="live-card">
                <p>{session.state === 'live' ? <span className="badge">{t('live.liveNow')}</span> : <span className="badge">{t('live.soon')}</span>}</p>
                <h3>{session.className}</h3>
                <p className="muted">
                  {session.cohortName} · <time dateTime={session.startsAt}>{t('live.when', { start: formatDateTime(lang, session.startsAt), end: formatDateTime(lang, session.endsAt) })}</time>
                  {viewerZone && <> · {t('live.yourTime', { time: formatDateTimeIn(lang, session.startsAt, viewerZone) })}</>}
                </p>
                {session.description && <p>{session.description}</p>}
                <div className="live-card__actions">
                  {session.canManage ? (
                    <>
                      {session.videoLink && (
                        <a className="button button--ghost" href={session.videoLink} target="_blank" rel="noopener noreferrer">
                          {t('live.openRoom')}
                        </a>
                      )}
                      <span className="muted">{t('live.attendance', { count: session.attendanceCount ?? 0 })}</span>
                      <a className="button button--ghost button--small" href={`/live/${session.id}`} aria-label={t('attendance.page.openLabel', { name: session.className })}>
                        {t('attendance.page.open')}
                      </a>
                      <AttendanceLinks kind="session" id={session.id} name={session.className} />
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        aria-expanded={editingId === session.id}
                        aria-label={t('live.edit.label', { name: session.className })}
                        onClick={() => setEditingId(editingId === session.id ? null : session.id)}
                      >
                        {t('live.edit.button')}
                      </button>
                    </>
                  ) : (
                    <>
                      {session.attended && session.state !== 'live' ? <span className="muted">{t('live.attended')}</span> : <JoinButton session={session} />}
                      <a className="button button--ghost button--small" href={`/live/${session.id}`} aria-label={t('attendance.page.detailsLabel', { name: session.className })}>
                        {t('attendance.page.details')}
                      </a>
                    </>
                  )}
                </div>
                {session.canManage && editingId === session.id && (
                  <SessionForm
                    cohorts={managedCohorts}
                    editing={session}
                    onSaved={() => {
                      setEditingId(null);
                      loader.reload();
                    }}
                    onCancel={() => setEditingId(null)}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {managedCohorts.length > 0 && <SessionForm cohorts={managedCohorts} onSaved={loader.reload} />}
      {managedCohorts.length > 0 && (
        <section className="live-card" aria-labelledby="attendance-title">
          <h2 id="attendance-title">{t('live.cohortAttendance')}</h2>
          <ul className="live-list">
            {managedCohorts.map((cohort) => (
              <li key={cohort.id} className="live-card__actions">
                <span>{cohort.name}</span>
                <AttendanceLinks kind="cohort" id={cohort.id} name={cohort.name} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <CalendarFeed initialUrl={calendarUrl} />
    </>
  );
}

/** The live sessions of the viewer's cohorts: join inside the window, schedule (staff), and the calendar feed. */
export default function LiveSessions({ lang, messages, ...props }: LiveSessionsProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Sessions {...props} />
    </IslandI18n>
  );
}
