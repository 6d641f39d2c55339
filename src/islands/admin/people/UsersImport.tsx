import { useId, useState } from 'react';
import { IslandI18n, useLang, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import { USERS_IMPORT_MAX_LABEL, USERS_IMPORT_MAX_ROWS, type UsersImportResult } from '~/lib/shared/schemas/users-import';
import { FilePicker } from '~/islands/admin/common/FilePicker';
import { FormError } from '~/islands/admin/common/FormError';
import { notify } from '~/islands/shell/notify';
import { columnLabelOf, rowErrorsCsv, uploadFailureOf, type RowError } from '~/islands/admin/common/row-errors';
import { RowErrorsTable } from '~/islands/admin/common/RowErrorsTable';
import { downloadFile } from '~/islands/common/download-file';
import { importUsersFile, previewUsersFile } from '~/lib/client/api/people';

const ACCEPTED_TYPES = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Phase =
  | { kind: 'idle' }
  | { kind: 'checking'; share: number }
  | { kind: 'ready'; file: File; preview: UsersImportResult }
  | { kind: 'importing'; share: number; done: number; total: number }
  | { kind: 'done'; result: UsersImportResult }
  | { kind: 'invalid'; message: string; rows: RowError[] }
  | { kind: 'failed'; message: string };

/** A bar with a name and a percentage; without a share it is indeterminate (the server is working). */
function Progress({ label, share }: { label: string; share: number | null }) {
  const id = useId();
  const lang = useLang();
  return (
    <div className="upload-progress" role="status">
      <span id={id}>
        {label}
        {share !== null && ` ${new Intl.NumberFormat(lang, { style: 'percent' }).format(share)}`}
      </span>
      <progress max={1} value={share ?? undefined} aria-labelledby={id} />
    </div>
  );
}

function Import() {
  const t = useT();
  const lang = useLang();
  const ids = useId();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [invite, setInvite] = useState(true);
  const [inputKey, setInputKey] = useState(0);

  const reset = () => {
    setPhase({ kind: 'idle' });
    setInputKey((value) => value + 1);
  };

  const columnLabel = columnLabelOf(t, 'people.import.column.');

  async function showFailure(failure: unknown) {
    // Empty the input so the corrected file (often with the same name) can be chosen again.
    setInputKey((value) => value + 1);
    setPhase(await uploadFailureOf(failure, t('admin.common.error')));
  }

  async function check(file: File) {
    setPhase({ kind: 'checking', share: 0 });
    try {
      const preview = await previewUsersFile(file, (share) => setPhase({ kind: 'checking', share }));
      setPhase({ kind: 'ready', file, preview });
    } catch (failure) {
      await showFailure(failure);
    }
  }

  async function commit(file: File, total: number) {
    setPhase({ kind: 'importing', share: 0, done: 0, total });
    try {
      const result = await importUsersFile(file, {
        invite,
        onUpload: (share) => setPhase((current) => (current.kind === 'importing' ? { ...current, share } : current)),
        onProgress: (done, all) => setPhase({ kind: 'importing', share: 1, done, total: all }),
      });
      setPhase({ kind: 'done', result });
      notify({ status: 'success', message: t('people.import.done', { count: result.total }) });
    } catch (failure) {
      await showFailure(failure);
    }
  }

  const downloadErrors = (rows: RowError[]) => {
    const csv = rowErrorsCsv(lang, [t('people.import.row'), t('people.import.column'), t('people.import.problem')], rows, columnLabel);
    downloadFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), t('people.import.errorsFile'));
  };

  const isBusy = phase.kind === 'checking' || phase.kind === 'importing';
  return (
    <section className="users-import" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('people.import.fileTitle')}</h2>
      <p className="muted">{t('people.import.help', { count: USERS_IMPORT_MAX_ROWS, size: USERS_IMPORT_MAX_LABEL })}</p>
      <p className="admin-actions">
        <a className="button button--ghost button--small" href={t('people.import.templateUrl')} download>
          {t('people.import.template')}
        </a>
      </p>
      <div className="field">
        <label htmlFor={`${ids}-file`}>{t('people.import.fileLabel')}</label>
        <FilePicker
          key={inputKey}
          id={`${ids}-file`}
          accept={ACCEPTED_TYPES}
          disabled={isBusy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void check(file);
          }}
        />
      </div>

      {phase.kind === 'checking' && <Progress label={phase.share < 1 ? t('people.import.uploading') : t('people.import.checking')} share={phase.share < 1 ? phase.share : null} />}

      {phase.kind === 'ready' && (
        <div className="members-preview" role="status">
          <p>
            <strong>{t('people.import.ready', { count: phase.preview.total })}</strong>
          </p>
          <p className="muted">{t('people.import.breakdown', { created: phase.preview.created, updated: phase.preview.updated, memberships: phase.preview.memberships })}</p>
          <div className="table-scroll">
            <table className="admin-table admin-table--cards">
              <caption className="members-caption">{t('people.import.sampleTitle', { count: phase.preview.sample.length })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('people.import.row')}</th>
                  <th scope="col">{t('admin.common.name')}</th>
                  <th scope="col">{t('people.email')}</th>
                  <th scope="col">{t('people.import.action')}</th>
                  <th scope="col">{t('people.filter.cohort')}</th>
                </tr>
              </thead>
              <tbody>
                {phase.preview.sample.map((row) => (
                  <tr key={row.row}>
                    <td data-label={t('people.import.row')}>{row.row}</td>
                    <td data-label={t('admin.common.name')}>{row.name || '—'}</td>
                    <td data-label={t('people.email')}>{row.email}</td>
                    <td data-label={t('people.import.action')}>{t(`people.import.action.${row.action}`)}</td>
                    <td data-label={t('people.filter.cohort')}>{row.cohort ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <label className="checkbox">
            <input type="checkbox" checked={invite} onChange={(event) => setInvite(event.target.checked)} /> {t('people.import.invite', { count: phase.preview.created })}
          </label>
          <div className="admin-actions">
            <button type="button" className="button button--primary" onClick={() => void commit(phase.file, phase.preview.total)}>
              {t('people.import.confirm', { count: phase.preview.total })}
            </button>
            <button type="button" className="button button--ghost" onClick={reset}>
              {t('people.import.chooseAnother')}
            </button>
          </div>
        </div>
      )}

      {phase.kind === 'importing' && (
        <Progress
          label={phase.share < 1 ? t('people.import.uploading') : t('people.import.writing', { done: phase.done, total: phase.total })}
          share={phase.share < 1 ? phase.share : phase.total > 0 ? phase.done / phase.total : null}
        />
      )}

      {phase.kind === 'done' && (
        <div className="notice notice--success" role="status">
          <p>
            <strong>{t('people.import.done', { count: phase.result.total })}</strong>
          </p>
          <p>{t('people.import.doneBreakdown', { created: phase.result.created, updated: phase.result.updated, invited: phase.result.invited })}</p>
          <p className="admin-actions">
            <a className="button button--ghost button--small" href="/admin/users">
              {t('people.import.backToList')}
            </a>
            <button type="button" className="button button--ghost button--small" onClick={reset}>
              {t('people.import.another')}
            </button>
          </p>
        </div>
      )}

      {phase.kind === 'invalid' && (
        <div className="members-errors">
          <FormError message={phase.message} />
          <p className="muted">{t('people.import.fixAndRetry')}</p>
          <p className="admin-actions">
            <button type="button" className="button button--ghost button--small" onClick={() => downloadErrors(phase.rows)}>
              {t('people.import.downloadErrors')}
            </button>
          </p>
          <RowErrorsTable
            errors={phase.rows}
            columnLabel={columnLabel}
            labels={{
              caption: t('people.import.errorsTitle'),
              row: t('people.import.row'),
              column: t('people.import.column'),
              problem: t('people.import.problem'),
              more: (count) => t('people.import.moreErrors', { count }),
            }}
          />
        </div>
      )}

      {phase.kind === 'failed' && <FormError message={phase.message} />}
    </section>
  );
}

/** Creating and updating accounts from a CSV or XLSX: a checked preview (or the row errors, also as a file), then the import with its progress. */
export default function UsersImport({ lang, messages }: { lang: Language; messages: Messages }) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Import />
    </IslandI18n>
  );
}
