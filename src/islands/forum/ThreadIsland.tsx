import { memo } from 'react';
import type { Language } from '~/lib/shared/constants';
import { usePageData } from '~/islands/common/page-data';
import ThreadView, { type ThreadViewProps } from './ThreadView';

export interface ThreadIslandProps {
  lang: Language;
  /** The page data block holding ThreadView's other props (src/islands/common/page-data.ts). */
  dataId: string;
}

/**
 * The thread page's island: ThreadView, its page of comments and messages
 * read from the page's data block rather than from Astro's props, which
 * cost more server time than rendering the comments (docs/benchmarks.md,
 * forums). A `memo` component, as page data asks.
 */
function ThreadIsland({ lang, dataId }: ThreadIslandProps) {
  const props = usePageData<Omit<ThreadViewProps, 'lang'>>(dataId);
  return <ThreadView lang={lang} {...props} />;
}

export default memo(ThreadIsland);
