import { useMemo } from 'react';
import type { Language } from '~/lib/shared/constants';
import ThreadView, { type ThreadViewProps } from './ThreadView';

export interface ThreadIslandProps {
  lang: Language;
  /** ThreadView's other props as one JSON string (see below). */
  data: string;
}

/**
 * The thread page's island: ThreadView with its props passed as one JSON
 * string. Astro serializes an island's props value by value (twice per
 * render, then hashes them with the HTML), which for a page of comments cost
 * more server time than rendering them; one string is one native
 * JSON.stringify (docs/benchmarks.md, forums).
 */
export default function ThreadIsland({ lang, data }: ThreadIslandProps) {
  const props = useMemo(() => JSON.parse(data) as Omit<ThreadViewProps, 'lang'>, [data]);
  return <ThreadView lang={lang} {...props} />;
}
