import { useState } from 'react';
import { useT } from '~/i18n/islands';
import type { ApprovalRuleDraft } from '~/lib/client/api/gradebook';
import type { ApprovalRule } from '~/lib/shared/gradebook';
import { FieldWithErrorInLabel } from '~/islands/admin/common/FieldWithError';
import { FormFooter } from '~/islands/admin/common/FormButtons';
import { useFormSubmit } from '~/islands/admin/common/use-form-submit';

const NUMBER_FIELDS = [
  ['minGrade', 'gradebook.rule.minGrade', 5, '0.1'],
  ['passMark', 'gradebook.rule.passMark', 5, '0.1'],
  ['minCompletionPercent', 'gradebook.rule.minCompletion', 100, 'any'],
  ['minAttendancePercent', 'gradebook.rule.minAttendance', 100, 'any'],
] as const;
type NumberField = (typeof NUMBER_FIELDS)[number][0];
const FIELDS = [...NUMBER_FIELDS.map(([name]) => name), 'mustPassItems', 'allCoursesRequired'];

interface Props {
  formLabel: string;
  initial: ApprovalRule;
  onSave(rule: ApprovalRuleDraft): Promise<void>;
  onCancel?(): void;
}

/** An approval rule's figures and switches; the API's range messages beside their fields. */
export function RuleForm({ formLabel, initial, onSave, onCancel }: Props) {
  const t = useT();
  const [numbers, setNumbers] = useState<Record<NumberField, string>>(() => ({
    minGrade: initial.minGrade.toFixed(1),
    passMark: initial.passMark.toFixed(1),
    minCompletionPercent: String(initial.minCompletionPercent),
    minAttendancePercent: String(initial.minAttendancePercent),
  }));
  const [mustPassItems, setMustPassItems] = useState(initial.mustPassItems);
  const [allCoursesRequired, setAllCoursesRequired] = useState(initial.allCoursesRequired);
  const form = useFormSubmit(FIELDS);

  function problemsOf(): Record<string, string> {
    const problems: Record<string, string> = {};
    for (const [name] of NUMBER_FIELDS) if (numbers[name].trim() === '' || !Number.isFinite(Number(numbers[name].replace(',', '.')))) problems[name] = t('gradebook.setup.invalidNumber');
    return problems;
  }
  const valueOf = (name: NumberField) => Number(numbers[name].replace(',', '.'));

  return (
    <form
      className="approval-rule__form"
      aria-label={formLabel}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(problemsOf(), () =>
          onSave({
            minGrade: valueOf('minGrade'),
            passMark: valueOf('passMark'),
            minCompletionPercent: valueOf('minCompletionPercent'),
            minAttendancePercent: valueOf('minAttendancePercent'),
            mustPassItems,
            allCoursesRequired,
          }),
        );
      }}
    >
      <div className="approval-rule__fields">
        {NUMBER_FIELDS.map(([name, label, max, step]) => (
          <FieldWithErrorInLabel key={name} label={t(label)} error={form.fields[name]}>
            {(aria) => (
              <input
                {...aria}
                type="number"
                inputMode="decimal"
                min={0}
                max={max}
                step={step}
                value={numbers[name]}
                disabled={form.busy}
                onChange={(event) => setNumbers({ ...numbers, [name]: event.target.value })}
              />
            )}
          </FieldWithErrorInLabel>
        ))}
      </div>
      <label className="checkbox-field">
        <input type="checkbox" checked={mustPassItems} disabled={form.busy} onChange={(event) => setMustPassItems(event.target.checked)} />
        <span>{t('gradebook.rule.mustPassItems')}</span>
      </label>
      <label className="checkbox-field">
        <input type="checkbox" checked={allCoursesRequired} disabled={form.busy} onChange={(event) => setAllCoursesRequired(event.target.checked)} />
        <span>{t('gradebook.rule.allCoursesRequired')}</span>
      </label>
      <FormFooter formError={form.formError} busy={form.busy} submitLabel={t('gradebook.rule.save')} onCancel={onCancel} small={false} />
    </form>
  );
}
