import { useState } from 'react';
import { useT } from '~/i18n/islands';
import type { Language } from '~/lib/shared/constants';
import type { GradeCategory } from '~/lib/shared/schemas/gradebook';
import { FormFooter } from '~/islands/admin/common/FormButtons';
import { useFormSubmit } from '~/islands/admin/common/use-form-submit';
import { WeightsTotal } from './WeightsTotal';

interface Props {
  lang: Language;
  categories: GradeCategory[];
  /** Saves the whole set at once (the PUT): the weights must add up to 100. */
  onSave(weights: Map<number, number>): Promise<void>;
  onCancel(): void;
}

/** Every category's weight in one form, with the running total: a rebalance (50/50 to 30/70) in one step. */
export function RebalanceForm({ lang, categories, onSave, onCancel }: Props) {
  const t = useT();
  const [values, setValues] = useState(() => new Map(categories.map((category) => [category.id, String(category.weight)])));
  const form = useFormSubmit([]);
  const weights = categories.map((category) => Number(values.get(category.id) || 0));

  return (
    <form
      className="grade-rebalance"
      aria-label={t('gradebook.setup.rebalanceForm')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = new Map(categories.map((category) => [category.id, Number(values.get(category.id))]));
        const problems: Record<string, string> = [...values.values()].some((value) => value.trim() === '' || !Number.isFinite(Number(value))) ? { form: t('gradebook.setup.invalidNumber') } : {};
        void form.submit(problems, () => onSave(parsed));
      }}
    >
      <p className="muted">{t('gradebook.setup.rebalanceHint')}</p>
      <div className="grade-rebalance__fields">
        {categories.map((category) => (
          <label key={category.id} className="field">
            <span>{t('gradebook.setup.weightOf', { name: category.name })}</span>
            <input
              type="number"
              inputMode="decimal"
              min={0}
              max={100}
              step="any"
              value={values.get(category.id) ?? ''}
              disabled={form.busy}
              onChange={(event) => setValues(new Map(values).set(category.id, event.target.value))}
            />
          </label>
        ))}
      </div>
      <WeightsTotal lang={lang} weights={weights} />
      <FormFooter formError={form.fields.form ?? form.fields.categories ?? Object.values(form.fields)[0] ?? form.formError} busy={form.busy} submitLabel={t('gradebook.setup.rebalanceSave')} onCancel={onCancel} />
    </form>
  );
}
