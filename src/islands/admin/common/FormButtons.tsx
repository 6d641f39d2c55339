import { useT } from '~/i18n/islands';
import { FormError } from './FormError';

interface Props {
  busy: boolean;
  submitLabel: string;
  /** Without it there is no cancel button (a form that stays open, e.g. "add"). */
  onCancel?(): void;
  small?: boolean;
}

/** A form's submit button (reading "Saving…" while busy) and its cancel button, both disabled while busy. */
export function FormButtons({ busy, submitLabel, onCancel, small = true }: Props) {
  const t = useT();
  const size = small ? ' button--small' : '';
  return (
    <>
      <button type="submit" className={`button button--primary${size}`} disabled={busy}>
        {busy ? t('admin.common.saving') : submitLabel}
      </button>
      {onCancel && (
        <button type="button" className={`button button--ghost${size}`} onClick={onCancel} disabled={busy}>
          {t('admin.common.cancel')}
        </button>
      )}
    </>
  );
}

/** The foot of a card form: the failure that belongs to no field, then the buttons. */
export function FormFooter({ formError, ...buttons }: Props & { formError: string | null }) {
  return (
    <>
      <FormError message={formError} />
      <div className="admin-actions">
        <FormButtons {...buttons} />
      </div>
    </>
  );
}
