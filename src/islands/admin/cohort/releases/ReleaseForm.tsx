import { useState, type SubmitEvent } from 'react';
import { useT } from '~/i18n/islands';
import type { CohortLevel } from '~/lib/shared/schemas/structure';
import { FieldWithError } from '~/islands/admin/common/FieldWithError';
import { FormButtons } from '~/islands/admin/common/FormButtons';
import { FormError } from '~/islands/admin/common/FormError';
import { useFormSubmit } from '~/islands/admin/common/use-form-submit';
import { fromBogotaInputValue, toBogotaInputValue } from '~/lib/shared/bogota-time';

const FIELDS = ['releaseAt', 'levelId'] as const;

export interface ReleaseChoice {
  /** ISO date-time with the Bogotá offset; absent when only the level changes. */
  releaseAt?: string;
  levelId: number | null;
}

interface Props {
  /** Ask for a date (scheduling), or only for the level of a published course. */
  withDate: boolean;
  initialReleaseAt: string | null;
  initialLevelId: number | null;
  /** The cohort's levels; no level field when there are none. */
  levels: readonly CohortLevel[];
  submitLabel: string;
  formLabel: string;
  /** Saves the choice; rejects with the API's failure, shown here. */
  onSave(choice: ReleaseChoice): Promise<void>;
  onCancel(): void;
}

/** Schedules a course (a date and time in Bogotá, and its level) or changes the level of a published one. */
export function ReleaseForm({ withDate, initialReleaseAt, initialLevelId, levels, submitLabel, formLabel, onSave, onCancel }: Props) {
  const t = useT();
  const [date, setDate] = useState(initialReleaseAt ? toBogotaInputValue(initialReleaseAt) : '');
  const [levelId, setLevelId] = useState(initialLevelId === null ? '' : String(initialLevelId));
  const { busy: saving, fields, formError, submit: run } = useFormSubmit(FIELDS);

  /** The date's problem, if any: missing, unreadable or past. */
  function dateProblem(releaseAt: string | null): string | null {
    if (!date) return t('admin.common.required');
    if (!releaseAt) return t('admin.releases.dateInvalid');
    return Date.parse(releaseAt) <= Date.now() ? t('admin.releases.dateInPast') : null;
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const choice: ReleaseChoice = { levelId: levelId ? Number(levelId) : null };
    const releaseAt = withDate ? fromBogotaInputValue(date) : null;
    const problem = withDate ? dateProblem(releaseAt) : null;
    if (releaseAt) choice.releaseAt = releaseAt;
    await run(problem ? { releaseAt: problem } : {}, () => onSave(choice));
  }

  return (
    <form className="admin-form admin-form--inline release-form" onSubmit={submit} noValidate aria-label={formLabel}>
      {withDate && (
        <FieldWithError label={t('admin.releases.dateLabel')} error={fields.releaseAt}>
          {(aria) => <input type="datetime-local" value={date} min={toBogotaInputValue(new Date())} required autoFocus {...aria} onChange={(event) => setDate(event.target.value)} />}
        </FieldWithError>
      )}
      {levels.length > 0 && (
        <FieldWithError label={t('admin.releases.levelLabel')} error={fields.levelId}>
          {(aria) => (
            <select value={levelId} autoFocus={!withDate} {...aria} onChange={(event) => setLevelId(event.target.value)}>
              <option value="">{t('admin.releases.noLevel')}</option>
              {levels.map((level) => (
                <option key={level.id} value={level.id}>
                  {level.name}
                </option>
              ))}
            </select>
          )}
        </FieldWithError>
      )}
      <FormButtons busy={saving} submitLabel={submitLabel} onCancel={onCancel} />
      <FormError message={formError} />
    </form>
  );
}
