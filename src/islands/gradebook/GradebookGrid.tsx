import { useId, useState } from 'react';
import { IslandI18n, useLang, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import { formatDate, formatNumber } from '~/lib/shared/format';
import type { Gradebook, GradebookRow } from '~/lib/shared/schemas/gradebook';
import { OverrideDialog } from './OverrideDialog';
import { useGridKeys } from './use-grid-keys';

interface Props {
  gradebook: Gradebook;
  courseName: string;
  /** Who changed a grade, by user id (the viewer included, for the overrides they make here). */
  names: Record<number, string>;
}

/**
 * A course's gradebook as a grid (WAI-ARIA grid pattern): one row per
 * student, sticky names and headings, arrow keys between cells, and a
 * course grade overridden with a reason from its cell. Server-rendered with
 * the rows the page filtered, so it reads the same before it hydrates.
 */
function Grid({ gradebook, courseName, names }: Props) {
  const t = useT();
  const lang = useLang();
  const captionId = useId();
  const hintId = useId();
  const [rows, setRows] = useState(gradebook.rows);
  const [editing, setEditing] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const { categories, items } = gradebook;
  // The student, each item and each category; then `fixed` onwards the course percent, grade, completion, attendance and state.
  const fixed = 1 + items.length + categories.length;
  const colCount = fixed + 5;
  const { gridRef, onKeyDown, onFocus, cellProps } = useGridKeys(rows.length + 1, colCount);

  const number = (value: number | null) => (value === null ? t('gradebook.book.none') : formatNumber(lang, Math.round(value * 10) / 10));
  const closeEditor = (userId: number) => {
    setEditing(null);
    // Back to the button that opened the dialog (it is the cell's focus target).
    requestAnimationFrame(() => gridRef.current?.querySelector<HTMLElement>(`[data-override="${userId}"]`)?.focus());
  };
  const saved = (row: GradebookRow, cleared: boolean) => {
    setRows((current) => current.map((item) => (item.userId === row.userId ? row : item)));
    setStatus(t(cleared ? 'gradebook.override.cleared' : 'gradebook.override.saved', { name: `${row.firstName} ${row.lastName}` }));
    closeEditor(row.userId);
  };
  const editingRow = rows.find((row) => row.userId === editing) ?? null;

  return (
    <>
      <p id={hintId} className="muted gradebook__hint">
        {t('gradebook.book.keyboardHint')}
      </p>
      <div className="gradebook__scroll" role="region" aria-labelledby={captionId}>
        <table className="gradebook" role="grid" aria-describedby={hintId} aria-rowcount={rows.length + 1} ref={gridRef} onKeyDown={onKeyDown} onFocus={onFocus}>
          <caption id={captionId} className="visually-hidden">
            {t('gradebook.book.caption', { course: courseName })}
          </caption>
          <thead>
            <tr>
              <th scope="col" className="gradebook__student" {...cellProps(0, 0)}>
                {t('gradebook.book.student')}
              </th>
              {items.map((item, index) => (
                <th scope="col" key={item.key} {...cellProps(0, 1 + index)}>
                  {item.title} {item.mustPass && <span className="muted">{t('gradebook.book.mustPass')}</span>}
                </th>
              ))}
              {categories.map((category, index) => (
                <th scope="col" key={category.id} className="gradebook__category" {...cellProps(0, 1 + items.length + index)}>
                  {t('gradebook.book.category', { name: category.name, weight: formatNumber(lang, category.weight) })}
                </th>
              ))}
              {(['coursePercent', 'courseGrade', 'completion', 'attendance', 'state'] as const).map((key, index) => (
                <th scope="col" key={key} className={key === 'courseGrade' ? 'gradebook__grade' : undefined} {...cellProps(0, fixed + index)}>
                  {t(`gradebook.book.${key}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, rowIndex) => {
              const r = rowIndex + 1;
              const name = `${row.firstName} ${row.lastName}`;
              const detailId = `${captionId}-override-${row.userId}`;
              return (
                <tr key={row.userId} className={row.override ? 'gradebook__row--overridden' : undefined}>
                  <th scope="row" className="gradebook__student" {...cellProps(r, 0)}>
                    {name}
                  </th>
                  {row.items.map((item, index) => (
                    <td key={item.key} className={`gradebook__item gradebook__item--${item.status}`} {...cellProps(r, 1 + index)}>
                      {item.status === 'graded' ? number(item.percent) : t(`gradebook.status.${item.status}`)}
                    </td>
                  ))}
                  {categories.map((category, index) => (
                    <td key={category.id} {...cellProps(r, 1 + items.length + index)}>
                      {number(row.categories.find((average) => average.categoryId === category.id)?.averagePercent ?? null)}
                    </td>
                  ))}
                  <td {...cellProps(r, fixed)}>{number(row.coursePercent)}</td>
                  <td className="gradebook__grade">
                    <span className="gradebook__grade-value">{row.courseGrade === null ? t('gradebook.book.none') : row.courseGrade.toFixed(1)}</span>
                    {row.override && <span className="badge badge--overridden">{t('gradebook.book.overridden')}</span>}
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      aria-label={t('gradebook.override.openFor', { name })}
                      aria-describedby={row.override ? detailId : undefined}
                      data-override={row.userId}
                      onClick={() => setEditing(row.userId)}
                      {...cellProps(r, fixed + 1)}
                    >
                      {t('gradebook.override.open')}
                    </button>
                    {row.override && (
                      <small id={detailId} className="gradebook__override-detail">
                        {t('gradebook.book.overrideDetail', {
                          who: (row.override.changedBy !== null && names[row.override.changedBy]) || t('gradebook.book.someone'),
                          date: formatDate(lang, row.override.changedAt, 'medium'),
                          reason: row.override.reason,
                          computed: row.override.computedGrade === null ? t('gradebook.book.noGrade') : row.override.computedGrade.toFixed(1),
                        })}
                      </small>
                    )}
                  </td>
                  <td {...cellProps(r, fixed + 2)}>{number(row.completionPercent)}</td>
                  <td {...cellProps(r, fixed + 3)}>{number(row.attendancePercent)}</td>
                  <td {...cellProps(r, fixed + 4)}>
                    <span className={`badge badge--${row.approval.state.replace('_', '-')}`}>{t(`gradebook.state.${row.approval.state}`)}</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p role="status" className="gradebook__status">
        {status}
      </p>
      {editingRow && <OverrideDialog cohortId={gradebook.cohortId} courseId={gradebook.courseId} row={editingRow} onSaved={saved} onClose={() => closeEditor(editingRow.userId)} />}
    </>
  );
}

export default function GradebookGrid({ lang, messages, ...props }: Props & { lang: Language; messages: Messages }) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Grid {...props} />
    </IslandI18n>
  );
}
