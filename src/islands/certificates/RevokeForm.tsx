import { useState, type SubmitEvent } from 'react';
import { useT } from '~/i18n/islands';
import { readApiProblem } from '~/lib/client/api-problem';
import { FieldWithError } from '~/islands/admin/common/FieldWithError';
import { FormButtons } from '~/islands/admin/common/FormButtons';
import { FormError } from '~/islands/admin/common/FormError';

interface Props {
  formLabel: string;
  /** Revokes with the reason; rejects with the API's failure, shown here. */
  onRevoke(reason: string): Promise<void>;
  onCancel(): void;
}

/** Asks why a certificate is revoked, then revokes it. */
export function RevokeForm({ formLabel, onRevoke, onCancel }: Props) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: boolean; message: string } | null>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await onRevoke(reason.trim());
    } catch (failure) {
      const problem = await readApiProblem(failure, t('admin.common.error'));
      setError(problem.fields.reason ? { field: true, message: problem.fields.reason } : { field: false, message: problem.message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="admin-form admin-form--inline" onSubmit={submit} noValidate aria-label={formLabel}>
      <FieldWithError label={t('admin.certificates.reason')} error={error?.field ? error.message : null}>
        {(aria) => <input value={reason} maxLength={500} autoFocus {...aria} onChange={(event) => setReason(event.target.value)} />}
      </FieldWithError>
      <FormButtons busy={busy} submitLabel={t('admin.certificates.confirmRevoke')} onCancel={onCancel} />
      <FormError message={error && !error.field ? error.message : null} />
    </form>
  );
}
