import { useState } from 'react';
import { useT } from '~/i18n/islands';
import { readApiProblem } from '~/lib/client/api-problem';
import { updateGradeItems, type GradeItemChanges } from '~/lib/client/api/gradebook';
import type { GradeCategory, GradeItem } from '~/lib/shared/schemas/gradebook';
import { notify } from '~/islands/shell/notify';
import { FormError } from '~/islands/admin/common/FormError';

interface Props {
  courseId: number;
  items: GradeItem[];
  categories: GradeCategory[];
  onChange(items: GradeItem[]): void;
}

/** One quiz or assignment: its category, whether it counts and whether it must be passed, each saved as it changes. */
function GradeItemRow({ item, categories, busy, onSave }: { item: GradeItem; categories: GradeCategory[]; busy: boolean; onSave(changes: GradeItemChanges[number]): void }) {
  const t = useT();
  const change = (changes: Omit<GradeItemChanges[number], 'kind' | 'id'>) => onSave({ kind: item.kind, id: item.id, ...changes });
  return (
    <li className="grade-item">
      <fieldset className="grade-item__fields" disabled={busy}>
        <legend>
          <strong>{item.title}</strong> <span className="muted">· {t(`gradebook.items.${item.kind}`)}</span>
        </legend>
        <label className="field">
          <span>{t('gradebook.items.category')}</span>
          <select value={item.categoryId ?? ''} onChange={(event) => change({ categoryId: event.target.value === '' ? null : Number(event.target.value) })}>
            <option value="">{t('gradebook.items.noCategory')}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </label>
        <label className="checkbox-field">
          <input type="checkbox" checked={item.countsForGrade} onChange={(event) => change({ countsForGrade: event.target.checked })} />
          <span>{t('gradebook.items.counts')}</span>
        </label>
        <label className="checkbox-field">
          <input type="checkbox" checked={item.mustPass} onChange={(event) => change({ mustPass: event.target.checked })} />
          <span>{t('gradebook.items.mustPass')}</span>
        </label>
      </fieldset>
    </li>
  );
}

/** The course's quizzes and assignments with their gradebook settings (the grade-items endpoint). */
export function GradeItems({ courseId, items, categories, onChange }: Props) {
  const t = useT();
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function save(item: GradeItem, changes: GradeItemChanges[number]) {
    setBusyKey(item.key);
    setError(null);
    // The control shows the change at once; a refusal puts it back.
    const { kind: _kind, id: _id, ...shown } = changes;
    onChange(items.map((entry) => (entry.key === item.key ? { ...entry, ...shown } : entry)));
    try {
      const { results } = await updateGradeItems(courseId, [changes]);
      onChange(results);
      notify({ status: 'success', message: t('gradebook.items.saved', { title: item.title }) });
    } catch (failure) {
      onChange(items);
      const problem = await readApiProblem(failure, t('admin.common.error'));
      setError(Object.values(problem.fields)[0] ?? problem.message);
    } finally {
      setBusyKey(null);
    }
  }

  return (
    <section className="grade-items" aria-labelledby={`grade-items-${courseId}`}>
      <h3 id={`grade-items-${courseId}`}>{t('gradebook.items.heading')}</h3>
      <p className="muted">{t('gradebook.items.intro')}</p>
      <FormError message={error} />
      {items.length === 0 ? (
        <p className="empty">{t('gradebook.items.empty')}</p>
      ) : (
        <ul className="grade-items__list" aria-label={t('gradebook.items.listLabel')}>
          {items.map((item) => (
            <GradeItemRow key={item.key} item={item} categories={categories} busy={busyKey === item.key} onSave={(changes) => void save(item, changes)} />
          ))}
        </ul>
      )}
    </section>
  );
}
