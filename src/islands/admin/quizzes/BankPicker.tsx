import { useState } from 'react';
import { useT } from '~/i18n/islands';
import type { BankQuestion } from '~/lib/shared/schemas/quizzes';
import { LoadMore, LoadStatus } from '~/islands/common/LoadStatus';
import { useDebouncedValue } from '~/islands/common/use-debounced-value';
import { useLoader } from '~/islands/common/use-loader';

import { listBank } from '~/lib/client/api/quizzes';

interface Props {
  courseId: number;
  /** Bank questions already in the quiz (offered as added). */
  inQuiz: ReadonlySet<number>;
  onAdd(question: BankQuestion): void;
}

/** The course's question bank, searched by words or a tag, to reuse a question in this quiz. */
export function BankPicker({ courseId, inQuiz, onAdd }: Props) {
  const t = useT();
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState('');
  const settledSearch = useDebouncedValue(search.trim());
  const settledTag = useDebouncedValue(tag.trim());
  const loader = useLoader((signal) => listBank(courseId, { search: settledSearch || undefined, tag: settledTag || undefined }, signal), [courseId, settledSearch, settledTag], { keepData: true });
  const page = loader.state.status === 'ready' ? loader.state.data : null;
  return (
    <div className="quiz-bank">
      <div className="admin-form--inline">
        <label className="field">
          <span>{t('admin.quizzes.bank.search')}</span>
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </label>
        <label className="field">
          <span>{t('admin.quizzes.bank.tag')}</span>
          <input value={tag} onChange={(event) => setTag(event.target.value)} />
        </label>
      </div>
      <LoadStatus loader={loader} />
      {page && page.results.length === 0 && <p className="empty">{t('admin.quizzes.bank.empty')}</p>}
      {page && page.results.length > 0 && (
        <ul className="admin-list">
          {page.results.map((question) => (
            <li key={question.id} className="admin-list__item">
              <div className="admin-list__main">
                <span className="badge">{t(`admin.quizzes.types.${question.type}`)}</span> {question.prompt}
                {question.tags.length > 0 && <span className="muted"> · {question.tags.join(', ')}</span>}
              </div>
              <button type="button" className="button button--ghost button--small" disabled={inQuiz.has(question.id)} onClick={() => onAdd(question)}>
                {inQuiz.has(question.id) ? t('admin.quizzes.bank.added') : t('admin.quizzes.bank.add')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {page && <LoadMore loader={loader} />}
    </div>
  );
}
