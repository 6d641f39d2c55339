import type { Page } from '~/lib/shared/pagination';

interface Props {
  page: Page<unknown>;
  /** The navigation's accessible name. */
  label: string;
  previousLabel: string;
  nextLabel: string;
  onPrevious(): void;
  onNext(): void;
  /** Where the reader is, e.g. "Page 2 of 5". */
  position?: string;
  disabled?: boolean;
}

/** Previous and next buttons under a list shown one page at a time; nothing when it fits on one page. */
export function Pager({ page, label, previousLabel, nextLabel, onPrevious, onNext, position, disabled = false }: Props) {
  if (!page.previous && !page.next) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button button--ghost button--small" disabled={!page.previous || disabled} onClick={onPrevious}>
        {previousLabel}
      </button>
      {position && <span className="muted">{position}</span>}
      <button type="button" className="button button--ghost button--small" disabled={!page.next || disabled} onClick={onNext}>
        {nextLabel}
      </button>
    </nav>
  );
}
