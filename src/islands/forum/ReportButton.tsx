import { useState, type SubmitEvent } from 'react';
import { useT } from '~/i18n/islands';
import { FormError } from '~/islands/admin/common/FormError';
import { notify } from '~/islands/shell/notify';
import { readApiProblem } from '~/lib/client/api-problem';
import { FORUM_REPORT_REASON_MAX, type LikeTarget } from '~/lib/shared/forums';
import { reportPost } from '~/lib/client/api/forums';

/** "Report": a short form with an optional reason, sent to the forum's moderators. */
export function ReportButton({ targetType, targetId, what }: { targetType: LikeTarget; targetId: number; what: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function send(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await reportPost(targetType, targetId, reason.trim());
      setOpen(false);
      setReason('');
      notify({ status: 'success', message: t('forum.report.sent') });
    } catch (failure) {
      setError((await readApiProblem(failure, t('forum.report.failed'))).message);
    } finally {
      setBusy(false);
    }
  }

  if (!open)
    return (
      <button type="button" className="link-button" onClick={() => setOpen(true)} aria-label={t('forum.report.openLabel', { what })}>
        {t('forum.report.open')}
      </button>
    );
  return (
    <form className="report-form" onSubmit={send} aria-label={t('forum.report.formLabel', { what })}>
      <label className="field">
        <span>{t('forum.report.reason')}</span>
        <textarea value={reason} rows={2} maxLength={FORUM_REPORT_REASON_MAX} onChange={(event) => setReason(event.target.value)} autoFocus />
      </label>
      <FormError message={error} />
      <div className="admin-actions">
        <button type="submit" className="button button--primary button--small" disabled={busy}>
          {t('forum.report.send')}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={() => setOpen(false)} disabled={busy}>
          {t('admin.common.cancel')}
        </button>
      </div>
    </form>
  );
}
