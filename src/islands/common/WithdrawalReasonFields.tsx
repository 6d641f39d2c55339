import { useT } from '~/i18n/islands';
import { WITHDRAWAL_NOTE_MAX, WITHDRAWAL_REASONS, type WithdrawalReason } from '~/lib/shared/schemas/withdrawals';
import { FieldWithError } from '~/islands/admin/common/FieldWithError';

export interface WithdrawalReasonValue {
  reason: WithdrawalReason | '';
  note: string;
}

/** Whether a withdrawal's reason is complete: one from the list, and words for "other" (the server checks the same). */
export function problemsOfReason(value: WithdrawalReasonValue): Record<string, string> {
  if (!value.reason) return { reason: 'validation.withdrawal.reason' };
  if (value.reason === 'other' && !value.note.trim()) return { note: 'validation.required.withdrawalNote' };
  return {};
}

interface Props {
  value: WithdrawalReasonValue;
  onChange(value: WithdrawalReasonValue): void;
  /** Problems by field (i18n keys or messages), beside their fields. */
  errors: Record<string, string>;
}

/** The reason of a withdrawal (ADR 030): one from the list, and a note (required for "other"). Shared by the student's and the staff's forms. */
export function WithdrawalReasonFields({ value, onChange, errors }: Props) {
  const t = useT();
  const message = (field: string) => (errors[field] ? t(errors[field]!) : null);
  return (
    <>
      <FieldWithError label={t('withdrawal.reason')} error={message('reason')}>
        {(aria) => (
          <select {...aria} name="reason" value={value.reason} onChange={(event) => onChange({ ...value, reason: event.target.value as WithdrawalReason | '' })}>
            <option value="">{t('withdrawal.reason.choose')}</option>
            {WITHDRAWAL_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {t(`withdrawal.reason.${reason}`)}
              </option>
            ))}
          </select>
        )}
      </FieldWithError>
      <FieldWithError label={value.reason === 'other' ? t('withdrawal.note') : `${t('withdrawal.note')} ${t('withdrawal.optional')}`} error={message('note')}>
        {(aria) => <textarea {...aria} name="note" rows={2} maxLength={WITHDRAWAL_NOTE_MAX} value={value.note} onChange={(event) => onChange({ ...value, note: event.target.value })} />}
      </FieldWithError>
    </>
  );
}
