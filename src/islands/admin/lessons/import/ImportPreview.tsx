import { useT } from '~/i18n/islands';
import type { LessonImportItem } from '~/lib/shared/schemas/lesson-import';

interface Props {
  items: readonly LessonImportItem[];
  /** Files left aside (not Markdown), in the browser or by the server. */
  ignored: readonly string[];
}

/** The lessons an import would add, one row each, with every problem next to the lesson it belongs to. */
export function ImportPreview({ items, ignored }: Props) {
  const t = useT();
  const invalid = items.filter((item) => Object.keys(item.errors).length > 0).length;
  return (
    <div className="lesson-import__preview">
      {invalid > 0 ? (
        <p className="form-error" role="alert">
          {t('admin.lessonImport.invalid', { count: invalid })}
        </p>
      ) : (
        <p role="status">{t('admin.lessonImport.ready', { count: items.length })}</p>
      )}
      {ignored.length > 0 && <p className="muted">{t('admin.lessonImport.ignored', { files: ignored.join(', ') })}</p>}
      <div className="table-scroll">
        <table className="admin-table" data-testid="lesson-import-preview">
          <caption className="lesson-import__caption">{t('admin.lessonImport.preview')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.lessonImport.column.number')}</th>
              <th scope="col">{t('admin.lessonImport.column.source')}</th>
              <th scope="col">{t('admin.lessonImport.column.title')}</th>
              <th scope="col">{t('admin.lessonImport.column.section')}</th>
              <th scope="col">{t('admin.lessonImport.column.video')}</th>
              <th scope="col">{t('admin.lessonImport.column.problems')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => {
              const problems = Object.entries(item.errors);
              return (
                <tr key={index} className={problems.length > 0 ? 'lesson-import__row--invalid' : undefined}>
                  <td>{index + 1}</td>
                  <td className="lesson-import__source">{item.file ?? t('admin.lessonImport.row', { row: item.row })}</td>
                  <td>{item.title || <span className="muted">{t('admin.lessonImport.untitled')}</span>}</td>
                  <td>{item.section}</td>
                  <td>{item.videoUrl ? t('admin.lessonImport.yes') : t('admin.lessonImport.no')}</td>
                  <td>
                    {problems.length === 0 ? (
                      <span className="muted">{t('admin.lessonImport.noProblems')}</span>
                    ) : (
                      <ul className="lesson-import__problems">
                        {problems.map(([field, message]) => (
                          <li key={field}>
                            <strong>{t(`admin.lessonImport.field.${field}`)}:</strong> {message}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
