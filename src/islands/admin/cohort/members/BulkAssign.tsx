import { useId, useState } from 'react';
import { useT } from '~/i18n/islands';
import type { BulkUsersResult } from '~/lib/shared/schemas/bulk-users';
import { notify } from '~/islands/shell/notify';
import { FormError } from '~/islands/admin/common/FormError';
import { columnLabelOf, uploadFailureOf, type RowError } from '~/islands/admin/common/row-errors';
import { RowErrorsTable } from '~/islands/admin/common/RowErrorsTable';
import { BULK_COLUMNS } from './bulk-report';
import { uploadMembersFile } from '~/lib/client/api/cohort-members';
import { markMembersChanged } from './members-store';
import { FilePicker } from '../../common/FilePicker';

/** The CSV template offered for download (public/templates). */
const TEMPLATE_URL = '/templates/plantilla-miembros.csv';
const ACCEPTED_TYPES = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Phase =
  | { kind: 'idle' }
  | { kind: 'sending'; purpose: 'check' | 'assign'; share: number }
  | { kind: 'ready'; file: File; report: BulkUsersResult }
  | { kind: 'invalid'; message: string; rows: RowError[] }
  | { kind: 'failed'; message: string };

/** Assigns many members from a CSV or XLSX: a dry run first (its report as a preview), then the real upload. */
export function BulkAssign({ cohortId, panelId }: { cohortId: number; panelId: string }) {
  const t = useT();
  const ids = useId();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  // A new key empties the file input (after a commit, or to choose another file).
  const [inputKey, setInputKey] = useState(0);

  const reset = () => {
    setPhase({ kind: 'idle' });
    setInputKey((value) => value + 1);
  };

  async function showFailure(failure: unknown) {
    const shown = await uploadFailureOf(failure, t('admin.common.error'), BULK_COLUMNS);
    // Empty the input so the corrected file (often with the same name) can be chosen again.
    setInputKey((value) => value + 1);
    setPhase(shown);
  }

  async function check(file: File) {
    setPhase({ kind: 'sending', purpose: 'check', share: 0 });
    try {
      const report = await uploadMembersFile(cohortId, file, { dryRun: true, onProgress: (share) => setPhase({ kind: 'sending', purpose: 'check', share }) });
      setPhase({ kind: 'ready', file, report });
    } catch (failure) {
      await showFailure(failure);
    }
  }

  async function assign(file: File) {
    setPhase({ kind: 'sending', purpose: 'assign', share: 0 });
    try {
      const report = await uploadMembersFile(cohortId, file, { dryRun: false, onProgress: (share) => setPhase({ kind: 'sending', purpose: 'assign', share }) });
      notify({ status: 'success', message: t('admin.members.bulk.done', { count: report.total }) });
      markMembersChanged();
      reset();
    } catch (failure) {
      await showFailure(failure);
    }
  }

  const isSending = phase.kind === 'sending';
  return (
    <section id={panelId} className="members-panel" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>{t('admin.members.bulk.title')}</h3>
      <p className="muted">{t('admin.members.bulk.help')}</p>
      <p>
        <a className="button button--ghost button--small" href={TEMPLATE_URL} download>
          {t('admin.members.bulk.template')}
        </a>
      </p>
      <div className="field">
        <label htmlFor={`${ids}-file`}>{t('admin.members.bulk.fileLabel')}</label>
        <FilePicker
          key={inputKey}
          id={`${ids}-file`}
          accept={ACCEPTED_TYPES}
          disabled={isSending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void check(file);
          }}
        />
      </div>

      {phase.kind === 'sending' && (
        <div className="upload-progress" role="status">
          <span>
            {t(phase.purpose === 'check' ? 'admin.members.bulk.checking' : 'admin.members.bulk.assigning')}{' '}
            {t('admin.members.bulk.progress', { percent: Math.round(phase.share * 100) })}
          </span>
          <progress max={1} value={phase.share} aria-label={t(phase.purpose === 'check' ? 'admin.members.bulk.checking' : 'admin.members.bulk.assigning')} />
        </div>
      )}

      {phase.kind === 'ready' && (
        <div className="members-preview" role="status">
          <p>
            <strong>{t('admin.members.bulk.ready', { count: phase.report.total })}</strong>
          </p>
          <p className="muted">{t('admin.members.bulk.breakdown', { created: phase.report.created, updated: phase.report.updated })}</p>
          <div className="admin-actions">
            <button type="button" className="button button--primary" onClick={() => void assign(phase.file)}>
              {t('admin.members.bulk.confirm', { count: phase.report.total })}
            </button>
            <button type="button" className="button button--ghost" onClick={reset}>
              {t('admin.members.bulk.chooseAnother')}
            </button>
          </div>
        </div>
      )}

      {phase.kind === 'invalid' && (
        <div className="members-errors">
          <FormError message={phase.message} />
          <p className="muted">{t('admin.members.bulk.fixAndRetry')}</p>
          <RowErrorsTable
            errors={phase.rows}
            columnLabel={columnLabelOf(t, 'admin.members.bulk.column.')}
            labels={{
              caption: t('admin.members.bulk.errorsTitle'),
              row: t('admin.members.bulk.row'),
              column: t('admin.members.bulk.column'),
              problem: t('admin.members.bulk.problem'),
              more: (count) => t('admin.members.bulk.moreErrors', { count }),
            }}
          />
        </div>
      )}

      {phase.kind === 'failed' && <FormError message={phase.message} />}
    </section>
  );
}
