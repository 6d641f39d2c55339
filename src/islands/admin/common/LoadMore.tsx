import { useT } from '~/i18n/islands';
import { FormError } from './FormError';
import { LoadState } from './LoadState';
import type { PagedList } from './use-paged-list';

interface Props<T> {
  list: PagedList<T>;
  /** The button's text ("Load more"). */
  label: string;
  /** How many are shown out of how many, e.g. "Showing 20 of 45". */
  summary(shown: number, count: number): string;
  disabled?: boolean;
}

/** The foot of a paginated list: how many are shown and a button for the next page while there is one. */
export function LoadMore<T>({ list, label, summary, disabled = false }: Props<T>) {
  const t = useT();
  if (list.state.status !== 'ready' || (!list.state.next && !list.moreFailed)) return null;
  return (
    <div className="load-more">
      <span className="muted">{summary(list.state.items.length, list.state.count)}</span>
      {list.state.next && (
        <button type="button" className="button button--ghost button--small" disabled={disabled || list.loadingMore} aria-busy={list.loadingMore} onClick={() => void list.loadMore()}>
          {list.loadingMore ? t('admin.common.loading') : label}
        </button>
      )}
      {list.moreFailed && <FormError message={t('admin.common.loadError')} />}
    </div>
  );
}

/** What a list shows while its first page loads or after it failed; null once it is ready. */
export function ListStatus<T>({ list }: { list: PagedList<T> }) {
  return <LoadState status={list.state.status} onRetry={list.reload} />;
}
