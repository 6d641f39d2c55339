import { useT } from '~/i18n/islands';

/** The retry button of a section whose data could not be read. */
export function RetryButton({ onRetry }: { onRetry(): void }) {
  const t = useT();
  return (
    <button type="button" className="button button--ghost button--small" onClick={onRetry}>
      {t('admin.common.retry')}
    </button>
  );
}

/** What a section shows while its data loads, or after reading it failed (with a retry); nothing once it is ready. */
export function LoadState({ status, onRetry }: { status: 'loading' | 'error' | 'ready'; onRetry(): void }) {
  const t = useT();
  if (status === 'loading') return <p aria-busy="true">{t('admin.common.loading')}</p>;
  if (status === 'error') {
    return (
      <div role="alert">
        <p className="form-error">{t('admin.common.loadError')}</p>
        <RetryButton onRetry={onRetry} />
      </div>
    );
  }
  return null;
}
