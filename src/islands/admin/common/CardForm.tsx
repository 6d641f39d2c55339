import type { ReactNode, SubmitEvent } from 'react';
import { useT } from '~/i18n/islands';
import { FieldWithErrorInLabel } from './FieldWithError';

/** A form shown as a card in a list (new or edited item), named and titled by `label`. */
export function CardForm({ label, onSubmit, children }: { label: string; onSubmit(event: SubmitEvent<HTMLFormElement>): void; children: ReactNode }) {
  return (
    <form className="admin-form admin-form--card" aria-label={label} onSubmit={onSubmit} noValidate>
      <p className="admin-form__title">{label}</p>
      {children}
    </form>
  );
}

/** The required name of an item (focused first). */
export function NameField({ value, error, onChange }: { value: string; error?: string; onChange(value: string): void }) {
  const t = useT();
  return (
    <FieldWithErrorInLabel label={t('admin.common.name')} error={error}>
      {(aria) => <input name="name" value={value} required maxLength={200} autoFocus {...aria} onChange={(event) => onChange(event.target.value)} />}
    </FieldWithErrorInLabel>
  );
}
