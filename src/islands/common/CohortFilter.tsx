/**
 * The cohort a list is narrowed to: a select of the caller's cohorts with
 * "all" first (null), shown only when there is more than one to choose from.
 */
export function CohortFilter({
  label,
  allLabel,
  cohorts,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  cohorts: readonly { id: number; name: string }[];
  value: number | null;
  onChange: (cohort: number | null) => void;
}) {
  if (cohorts.length < 2) return null;
  return (
    <label className="field">
      <span>{label}</span>
      <select value={value ?? ''} onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}>
        <option value="">{allLabel}</option>
        {cohorts.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </select>
    </label>
  );
}
