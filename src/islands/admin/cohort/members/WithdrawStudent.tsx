import { useId, useState } from 'react';
import { useT } from '~/i18n/islands';
import { todayInBogota } from '~/lib/shared/age-bands';
import type { CohortMember } from '~/lib/shared/schemas/structure';
import { FieldWithError } from '~/islands/admin/common/FieldWithError';
import { FormError } from '~/islands/admin/common/FormError';
import { useFormSubmit } from '~/islands/admin/common/use-form-submit';
import { problemsOfReason, WithdrawalReasonFields, type WithdrawalReasonValue } from '~/islands/common/WithdrawalReasonFields';
import { notify } from '~/islands/shell/notify';
import { withdrawStudent } from '~/lib/client/api/cohort-members';
import { fullName } from './member-roles';
import '~/styles/consent.css';

interface Props {
  cohortId: number;
  member: CohortMember;
  onDone(): void;
  onCancel(): void;
}

/** Staff withdraw a student: the day they left (today unless told), the reason, and a confirmation (ADR 030). */
export function WithdrawStudent({ cohortId, member, onDone, onCancel }: Props) {
  const t = useT();
  const id = useId();
  const name = fullName(member);
  const today = todayInBogota();
  const [value, setValue] = useState<WithdrawalReasonValue>({ reason: '', note: '' });
  const [withdrawnOn, setWithdrawnOn] = useState(today);
  const form = useFormSubmit(['reason', 'note', 'withdrawnOn']);

  const send = () => {
    const problems = { ...problemsOfReason(value), ...(withdrawnOn > today && { withdrawnOn: 'validation.withdrawal.future' }) };
    if (Object.keys(problems).length === 0 && !window.confirm(t('withdrawal.confirm', { name }))) return;
    void form.submit(problems, async () => {
      if (!value.reason) return;
      await withdrawStudent(cohortId, { userId: member.userId, reason: value.reason, withdrawnOn, ...(value.note.trim() && { note: value.note.trim() }) });
      notify({ status: 'success', message: t('withdrawal.done') });
      onDone();
    });
  };

  return (
    <form
      className="admin-form withdrawal-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <h3 id={`${id}-title`}>{t('withdrawal.formTitle', { name })}</h3>
      <WithdrawalReasonFields value={value} onChange={setValue} errors={form.fields} />
      <FieldWithError label={t('withdrawal.withdrawnOn')} error={form.fields.withdrawnOn ? t(form.fields.withdrawnOn) : null}>
        {(aria) => <input {...aria} type="date" name="withdrawnOn" max={today} value={withdrawnOn} onChange={(event) => setWithdrawnOn(event.target.value)} />}
      </FieldWithError>
      <FormError message={form.formError} />
      <div className="admin-actions">
        <button type="submit" className="button button--danger" disabled={form.busy}>
          {form.busy ? t('admin.common.saving') : t('withdrawal.confirmButton')}
        </button>
        <button type="button" className="button button--ghost" disabled={form.busy} onClick={onCancel}>
          {t('withdrawal.cancel')}
        </button>
      </div>
    </form>
  );
}
