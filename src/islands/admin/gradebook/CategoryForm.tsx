import { useState } from 'react';
import { useT } from '~/i18n/islands';
import { FieldWithErrorInLabel } from '~/islands/admin/common/FieldWithError';
import { FormFooter } from '~/islands/admin/common/FormButtons';
import { useFormSubmit } from '~/islands/admin/common/use-form-submit';

interface Props {
  /** The form's accessible name ("New category", "Edit the category X"). */
  formLabel: string;
  submitLabel: string;
  initial?: { name: string; weight: number; dropLowest: number };
  onSave(draft: { name: string; weight: number; dropLowest: number }): Promise<void>;
  onCancel?(): void;
}

const FIELDS = ['name', 'weight', 'dropLowest'] as const;

/** A category's name, weight and dropped lowest scores; the API's messages (e.g. "20 % is left") beside their fields. */
export function CategoryForm({ formLabel, submitLabel, initial, onSave, onCancel }: Props) {
  const t = useT();
  const [name, setName] = useState(initial?.name ?? '');
  const [weight, setWeight] = useState(initial ? String(initial.weight) : '');
  const [dropLowest, setDropLowest] = useState(String(initial?.dropLowest ?? 0));
  const form = useFormSubmit(FIELDS);

  function problemsOf(): Record<string, string> {
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.name = t('gradebook.setup.required');
    if (weight.trim() === '' || !Number.isFinite(Number(weight))) problems.weight = t('gradebook.setup.invalidNumber');
    if (dropLowest.trim() === '' || !Number.isInteger(Number(dropLowest))) problems.dropLowest = t('gradebook.setup.invalidNumber');
    return problems;
  }

  return (
    <form
      className="grade-category-form"
      aria-label={formLabel}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(problemsOf(), async () => {
          await onSave({ name: name.trim(), weight: Number(weight), dropLowest: Number(dropLowest) });
          if (!initial) {
            setName('');
            setWeight('');
            setDropLowest('0');
          }
        });
      }}
    >
      <div className="grade-category-form__fields">
        <FieldWithErrorInLabel label={t('gradebook.setup.name')} error={form.fields.name}>
          {(aria) => <input {...aria} value={name} maxLength={120} onChange={(event) => setName(event.target.value)} disabled={form.busy} />}
        </FieldWithErrorInLabel>
        <FieldWithErrorInLabel label={t('gradebook.setup.weight')} error={form.fields.weight}>
          {(aria) => <input {...aria} type="number" inputMode="decimal" min={0} max={100} step="any" value={weight} onChange={(event) => setWeight(event.target.value)} disabled={form.busy} />}
        </FieldWithErrorInLabel>
        <FieldWithErrorInLabel label={t('gradebook.setup.dropLowest')} error={form.fields.dropLowest}>
          {(aria) => <input {...aria} type="number" inputMode="numeric" min={0} max={50} step={1} value={dropLowest} onChange={(event) => setDropLowest(event.target.value)} disabled={form.busy} />}
        </FieldWithErrorInLabel>
      </div>
      <FormFooter formError={form.formError} busy={form.busy} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}
