import { useState } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { createGradeCategory, deleteGradeCategory, listGradeCategories, listGradeItems, replaceGradeCategories, updateGradeCategory } from '~/lib/client/api/gradebook';
import type { Language } from '~/lib/shared/constants';
import { formatNumber } from '~/lib/shared/format';
import type { GradeCategory, GradeItem } from '~/lib/shared/schemas/gradebook';
import { notify } from '~/islands/shell/notify';
import { DeleteButton } from '~/islands/admin/common/DeleteButton';
import { FormError } from '~/islands/admin/common/FormError';
import { useListChanges } from '~/islands/admin/common/use-list-changes';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { CategoryForm } from './CategoryForm';
import { GradeItems } from './GradeItems';
import { RebalanceForm } from './RebalanceForm';
import { WeightsTotal } from './WeightsTotal';
import '~/styles/admin-gradebook.css';

/** The texts the page sends this island. */
export const GRADE_SETUP_MESSAGES = ['common.', 'admin.common.', 'gradebook.setup.', 'gradebook.items.'];

interface Props {
  lang: Language;
  messages: Messages;
  courseId: number;
}

interface SetupData {
  categories: GradeCategory[];
  items: GradeItem[];
}

function CategoryRow({ lang, category, busy, onEdit, onDelete }: { lang: Language; category: GradeCategory; busy: boolean; onEdit(): void; onDelete(): void }) {
  const t = useT();
  return (
    <li className="grade-category">
      <div className="grade-category__main">
        <strong>{category.name}</strong>
        <span className="muted">
          {t('gradebook.setup.weightValue', { weight: formatNumber(lang, category.weight) })} ·{' '}
          {category.dropLowest > 0 ? t('gradebook.setup.drops', { count: category.dropLowest }) : t('gradebook.setup.dropsNone')}
        </span>
      </div>
      <span className="admin-actions">
        <button type="button" className="button button--ghost button--small" aria-label={t('gradebook.setup.editLabel', { name: category.name })} disabled={busy} onClick={onEdit}>
          {t('gradebook.setup.edit')}
        </button>
        <DeleteButton label={t('gradebook.setup.deleteLabel', { name: category.name })} busy={busy} onDelete={onDelete} />
      </span>
    </li>
  );
}

function Setup({ lang, courseId }: Omit<Props, 'messages'>) {
  const t = useT();
  const loader = useLoader(
    async (signal): Promise<SetupData> => {
      const [categories, items] = await Promise.all([listGradeCategories(courseId, signal), listGradeItems(courseId, signal)]);
      return { categories: categories.results, items: items.results };
    },
    [courseId],
  );
  const [editing, setEditing] = useState<number | null>(null);
  const [rebalancing, setRebalancing] = useState(false);
  const changes = useListChanges();

  if (loader.state.status !== 'ready') return <LoadStatus loader={loader} />;
  const { categories, items } = loader.state.data;
  const setCategories = (next: GradeCategory[]) => loader.update((data) => ({ ...data, categories: next }));

  async function create(draft: { name: string; weight: number; dropLowest: number }) {
    const category = await createGradeCategory(courseId, draft);
    setCategories([...categories, category]);
    notify({ status: 'success', message: t('gradebook.setup.added', { name: category.name }) });
  }

  async function update(category: GradeCategory, draft: { name: string; weight: number; dropLowest: number }) {
    const saved = await updateGradeCategory(category.id, draft);
    setCategories(categories.map((item) => (item.id === saved.id ? saved : item)));
    setEditing(null);
    notify({ status: 'success', message: t('gradebook.setup.saved', { name: saved.name }) });
  }

  async function rebalance(weights: Map<number, number>) {
    const saved = await replaceGradeCategories(
      courseId,
      categories.map((category) => ({ id: category.id, name: category.name, weight: weights.get(category.id) ?? category.weight, dropLowest: category.dropLowest })),
    );
    setCategories(saved.results);
    setRebalancing(false);
    notify({ status: 'success', message: t('gradebook.setup.rebalanced') });
  }

  const remove = (category: GradeCategory) =>
    changes.change(
      category.id,
      async () => {
        await deleteGradeCategory(category.id);
        // Its items are left in no category: show them so.
        loader.update((data) => ({
          categories: data.categories.filter((item) => item.id !== category.id),
          items: data.items.map((item) => (item.categoryId === category.id ? { ...item, categoryId: null } : item)),
        }));
        notify({ status: 'success', message: t('gradebook.setup.deleted', { name: category.name }) });
      },
      t('gradebook.setup.confirmDelete', { name: category.name }),
    );

  return (
    <div className="grade-setup">
      <p className="muted">{t('gradebook.setup.intro')}</p>
      <WeightsTotal lang={lang} weights={categories.map((category) => category.weight)} />
      <FormError message={changes.error} />
      {categories.length === 0 ? (
        <p className="empty">{t('gradebook.setup.empty')}</p>
      ) : rebalancing ? (
        <RebalanceForm lang={lang} categories={categories} onSave={rebalance} onCancel={() => setRebalancing(false)} />
      ) : (
        <>
          <ul className="grade-categories" aria-label={t('gradebook.setup.listLabel')}>
            {categories.map((category) =>
              editing === category.id ? (
                <li key={category.id} className="grade-category">
                  <CategoryForm
                    formLabel={t('gradebook.setup.editForm', { name: category.name })}
                    submitLabel={t('admin.common.save')}
                    initial={category}
                    onSave={(draft) => update(category, draft)}
                    onCancel={() => setEditing(null)}
                  />
                </li>
              ) : (
                <CategoryRow key={category.id} lang={lang} category={category} busy={changes.busyId === category.id} onEdit={() => setEditing(category.id)} onDelete={() => void remove(category)} />
              ),
            )}
          </ul>
          <p>
            <button type="button" className="button button--ghost" onClick={() => setRebalancing(true)} disabled={editing !== null}>
              {t('gradebook.setup.rebalance')}
            </button>
          </p>
        </>
      )}
      {!rebalancing && (
        <>
          <h3>{t('gradebook.setup.addForm')}</h3>
          <CategoryForm formLabel={t('gradebook.setup.addForm')} submitLabel={t('gradebook.setup.add')} onSave={create} />
        </>
      )}
      <GradeItems courseId={courseId} items={items} categories={categories} onChange={(next) => loader.update((data) => ({ ...data, items: next }))} />
    </div>
  );
}

/** A course's grade categories (weights adding up to 100, dropped lowest scores) and which quizzes and assignments count or must be passed. */
export default function GradeSetup({ lang, messages, courseId }: Props) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Setup lang={lang} courseId={courseId} />
    </IslandI18n>
  );
}
