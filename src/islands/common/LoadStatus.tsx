import { useT } from '~/i18n/islands';
import type { Page } from '~/lib/shared/pagination';
import { appendNextPage, type Loader } from './use-loader';

/** The retry button of a section whose data could not be read. */
export function RetryButton({ onRetry }: { onRetry(): void }) {
  const t = useT();
  return (
    <button type="button" className="button button--ghost button--small" onClick={onRetry}>
      {t('common.retry')}
    </button>
  );
}

/** What a section shows while its data loads, or after reading it failed (the reason, and a retry); nothing once it is ready. */
export function LoadStatus<T>({ loader }: { loader: Pick<Loader<T>, 'state' | 'reload'> }) {
  const t = useT();
  const { state } = loader;
  if (state.status === 'loading')
    return (
      <p className="muted" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  if (state.status === 'error') {
    return (
      <div role="alert" className="load-error">
        <p className="form-error">{state.message}</p>
        <RetryButton onRetry={loader.reload} />
      </div>
    );
  }
  return null;
}

interface LoadMoreProps<T extends { id: number }> {
  loader: Loader<Page<T>>;
  disabled?: boolean;
}

/** The foot of a paginated list: how many are shown out of how many, and a button for the next page while there is one. */
export function LoadMore<T extends { id: number }>({ loader, disabled = false }: LoadMoreProps<T>) {
  const t = useT();
  const { state } = loader;
  if (state.status !== 'ready' || (!state.data.next && !loader.moreError)) return null;
  return (
    <div className="load-more">
      <span className="muted">{t('common.shown', { shown: state.data.results.length, count: state.data.count })}</span>
      {state.data.next && (
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={disabled || loader.isLoadingMore}
          aria-busy={loader.isLoadingMore}
          onClick={() => void loader.loadMore(appendNextPage)}
        >
          {loader.isLoadingMore ? t('common.loading') : t('common.loadMore')}
        </button>
      )}
      {loader.moreError && (
        <p className="form-error" role="alert">
          {loader.moreError}
        </p>
      )}
    </div>
  );
}
