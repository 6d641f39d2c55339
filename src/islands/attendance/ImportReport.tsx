import { useId, useState } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import { PARTICIPANT_REPORT_MAX_LABEL } from '~/lib/shared/attendance';
import type { ImportMinutesResult } from '~/lib/shared/schemas/attendance';
import { importParticipantReport } from '~/lib/client/api/attendance';
import { readApiProblem } from '~/lib/client/api-problem';
import { FieldWithError } from '~/islands/admin/common/FieldWithError';
import { FilePicker } from '~/islands/admin/common/FilePicker';
import { FormError } from '~/islands/admin/common/FormError';
import { UploadProgress } from '~/islands/admin/common/UploadProgress';
import { markAttendanceChanged } from './attendance-changes';
import '~/styles/admin.css';
import '~/styles/attendance-import.css';

interface Props {
  lang: Language;
  messages: Messages;
  sessionId: number;
  /** When the session ends: changes after it go to the audit, with a reason. */
  endsAt: string;
}

const ACCEPTED_TYPES = '.csv,.txt,text/csv,text/plain';

type Phase =
  | { kind: 'idle' }
  | { kind: 'reading'; share: number }
  | { kind: 'preview'; file: File; result: ImportMinutesResult }
  | { kind: 'saving'; file: File; result: ImportMinutesResult; share: number }
  | { kind: 'saved'; changed: number }
  | { kind: 'failed'; message: string };

/** The preview of what saving the report would do: unmatched rows first, then the students matched and those it does not name. */
function Preview({ result }: { result: ImportMinutesResult }) {
  const t = useT();
  const ids = useId();
  return (
    <>
      <h3>{t('attendance.import.previewTitle')}</h3>
      <p>
        <strong>{t('attendance.import.recognised', { provider: t(`attendance.import.provider.${result.provider}`), count: result.sessionMinutes })}</strong>
      </p>
      <p className="muted">{t('attendance.import.thresholds')}</p>

      {result.unmatched.length > 0 && (
        <section className="import-report__unmatched" aria-labelledby={`${ids}-unmatched`}>
          <h4 id={`${ids}-unmatched`}>{t('attendance.import.unmatchedTitle', { count: result.unmatched.length })}</h4>
          <p>{t('attendance.import.unmatchedHelp')}</p>
          <table className="admin-table admin-table--cards">
            <thead>
              <tr>
                <th scope="col">{t('attendance.import.column.name')}</th>
                <th scope="col">{t('attendance.import.column.email')}</th>
                <th scope="col">{t('attendance.import.column.minutes')}</th>
              </tr>
            </thead>
            <tbody>
              {result.unmatched.map((row, index) => (
                <tr key={`${row.email ?? row.name}-${index}`}>
                  <th scope="row">{row.name}</th>
                  <td data-label={t('attendance.import.column.email')} className="import-report__email">
                    {row.email ?? t('attendance.import.noEmail')}
                  </td>
                  <td data-label={t('attendance.import.column.minutes')}>{row.minutes}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      <section aria-labelledby={`${ids}-matched`}>
        <h4 id={`${ids}-matched`}>{t('attendance.import.matchedTitle', { count: result.matched.length })}</h4>
        {result.matched.length === 0 ? (
          <p className="muted">{t('attendance.import.noneMatched')}</p>
        ) : (
          <table className="admin-table admin-table--cards">
            <thead>
              <tr>
                <th scope="col">{t('attendance.import.column.student')}</th>
                <th scope="col">{t('attendance.import.column.email')}</th>
                <th scope="col">{t('attendance.import.column.minutes')}</th>
                <th scope="col">{t('attendance.import.column.status')}</th>
              </tr>
            </thead>
            <tbody>
              {result.matched.map((row) => (
                <tr key={row.userId}>
                  <th scope="row">{row.name}</th>
                  <td data-label={t('attendance.import.column.email')} className="import-report__email">
                    {row.email}
                  </td>
                  <td data-label={t('attendance.import.column.minutes')}>{row.minutes}</td>
                  <td data-label={t('attendance.import.column.status')}>
                    <span className={`badge import-report__status import-report__status--${row.status}`}>{t(`attendance.status.${row.status}`)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      {result.missing.length > 0 && (
        <section aria-labelledby={`${ids}-missing`}>
          <h4 id={`${ids}-missing`}>{t('attendance.import.missingTitle', { count: result.missing.length })}</h4>
          <ul className="import-report__missing">
            {result.missing.map((student) => (
              <li key={student.userId}>
                {student.name} <span className="muted import-report__email">{student.email}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function Import({ sessionId, endsAt }: Omit<Props, 'lang' | 'messages'>) {
  const t = useT();
  const ids = useId();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [inputKey, setInputKey] = useState(0);
  const [reason, setReason] = useState('');
  const [saveError, setSaveError] = useState<{ message: string | null; reason: string | null }>({ message: null, reason: null });
  // Read when the preview shows: a page left open past the end asks for the reason too.
  const isOver = Date.now() > Date.parse(endsAt);

  const reset = () => {
    setPhase({ kind: 'idle' });
    setReason('');
    setSaveError({ message: null, reason: null });
    // A new input, so the same file (perhaps corrected) can be chosen again.
    setInputKey((value) => value + 1);
  };

  async function read(file: File) {
    setPhase({ kind: 'reading', share: 0 });
    try {
      const result = await importParticipantReport(sessionId, file, true, (share) => setPhase({ kind: 'reading', share }));
      setPhase({ kind: 'preview', file, result });
    } catch (failure) {
      const problem = await readApiProblem(failure, t('admin.common.error'));
      setInputKey((value) => value + 1);
      setPhase({ kind: 'failed', message: problem.fields.file ?? problem.message });
    }
  }

  async function save(file: File, result: ImportMinutesResult) {
    setSaveError({ message: null, reason: null });
    setPhase({ kind: 'saving', file, result, share: 0 });
    try {
      const saved = await importParticipantReport(sessionId, file, false, (share) => setPhase({ kind: 'saving', file, result, share }), isOver ? reason.trim() : undefined);
      setPhase({ kind: 'saved', changed: saved.changed });
      setReason('');
      if (saved.changed > 0) markAttendanceChanged();
    } catch (failure) {
      const problem = await readApiProblem(failure, t('admin.common.error'));
      setSaveError({ message: problem.fields.reason ? null : (problem.fields.file ?? problem.message), reason: problem.fields.reason ?? null });
      setPhase({ kind: 'preview', file, result });
    }
  }

  const isBusy = phase.kind === 'reading' || phase.kind === 'saving';
  return (
    <div className="import-report">
      <p className="muted">{t('attendance.import.intro', { size: PARTICIPANT_REPORT_MAX_LABEL })}</p>
      {(phase.kind === 'idle' || phase.kind === 'reading' || phase.kind === 'failed') && (
        <div className="field">
          <label htmlFor={`${ids}-file`}>{t('attendance.import.file')}</label>
          <FilePicker
            key={inputKey}
            id={`${ids}-file`}
            accept={ACCEPTED_TYPES}
            disabled={isBusy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void read(file);
            }}
          />
        </div>
      )}

      {phase.kind === 'reading' && <UploadProgress share={phase.share} label={(percent) => (percent < 100 ? t('attendance.import.uploading', { percent }) : t('attendance.import.reading'))} />}
      {phase.kind === 'failed' && <FormError message={phase.message} />}

      {(phase.kind === 'preview' || phase.kind === 'saving') && (
        <div className="import-report__preview">
          <Preview result={phase.result} />
          {isOver && (
            <FieldWithError label={t('attendance.import.reason')} hint={t('attendance.import.reasonHint')} error={saveError.reason}>
              {(aria) => <textarea {...aria} className="import-report__reason" maxLength={500} rows={2} value={reason} disabled={isBusy} onChange={(event) => setReason(event.target.value)} />}
            </FieldWithError>
          )}
          {phase.kind === 'saving' && <UploadProgress share={phase.share} label={(percent) => (percent < 100 ? t('attendance.import.saving', { percent }) : t('attendance.import.writing'))} />}
          <FormError message={saveError.message} />
          <div className="admin-actions">
            <button type="button" className="button button--primary" disabled={isBusy} onClick={() => phase.kind === 'preview' && void save(phase.file, phase.result)}>
              {t('attendance.import.save')}
            </button>
            <button type="button" className="button button--ghost" disabled={isBusy} onClick={reset}>
              {t('attendance.import.cancel')}
            </button>
          </div>
        </div>
      )}

      {phase.kind === 'saved' && (
        <div className="notice notice--success" role="status">
          <p>
            <strong>{phase.changed === 0 ? t('attendance.import.noChanges') : t('attendance.import.saved', { count: phase.changed })}</strong>
          </p>
          <button type="button" className="button button--ghost" onClick={reset}>
            {t('attendance.import.another')}
          </button>
        </div>
      )}
    </div>
  );
}

/** An online session's participant report (Meet, Zoom, Teams): a preview of who matched and what status their minutes give, then saved on confirmation. */
export default function ImportReport({ lang, messages, ...props }: Props) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Import {...props} />
    </IslandI18n>
  );
}
