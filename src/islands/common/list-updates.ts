/** A list shown by an island, changed in place after a call succeeded (the API calls themselves: lib/client/api). */
import type { Page } from '~/lib/shared/pagination';

/** A page with `item` put first (it was just created). */
export const withItemFirst = <T>(page: Page<T>, item: T): Page<T> => ({ ...page, count: page.count + 1, results: [item, ...page.results] });

/** A page (or list) with the item of the same id replaced. */
export const withItemReplaced = <T extends { id: number }>(items: T[], item: T): T[] => items.map((known) => (known.id === item.id ? item : known));
