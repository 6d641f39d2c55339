/**
 * An island's large first data (a page of comments with its messages) sent
 * once, in a JSON data block beside the island, instead of in its props.
 * Astro writes an island's props into the page as JSON inside JSON inside an
 * HTML attribute, serializes them value by value and hashes them with the
 * island's HTML on every render: for the thread page that was a quarter of
 * its size and a seventh of its server time (docs/benchmarks.md, forums).
 *
 * The page calls `pageData(value)` in its frontmatter and writes
 * `<JsonBlock id={…} json={…} />` before the island, which gets only the block's
 * `id`. The island reads the value with `usePageData(id)`: on the server from
 * this render's handover (taken once, so nothing outlives the render), in the
 * browser from the block. The island is exported as a React `memo` component,
 * so Astro renders it once on the server (a plain function it first renders
 * once more, to find out which framework it is, and that render would take
 * the handover).
 */
import { useState } from 'react';
import { jsonBlockText } from '~/lib/shared/json-block';

export interface PageData {
  /** The data block's element id (unique within the server's run, so within the page). */
  id: string;
  /** The value as the block's text (`jsonBlockText`). */
  json: string;
}

/** The values a server render hands its islands, by block id; each is taken by the island's render. */
const handover = new Map<string, unknown>();
/** Values whose island never rendered (a failed render) are dropped, oldest first, beyond this many. */
const MAX_WAITING = 200;
let issued = 0;

/** On the server: the data block for `value`, handed to the island that renders next with its id. */
export function pageData(value: unknown): PageData {
  issued += 1;
  const id = `page-data-${issued.toString(36)}`;
  if (handover.size >= MAX_WAITING) handover.delete(handover.keys().next().value!);
  handover.set(id, value);
  return { id, json: jsonBlockText(value) };
}

/** The value of the page data block `id`: handed over on the server, read from the block in the browser. */
export function readPageData<T>(id: string): T {
  if (handover.has(id)) {
    const value = handover.get(id) as T;
    handover.delete(id);
    return value;
  }
  const block = typeof document === 'undefined' ? null : document.getElementById(id);
  if (!block?.textContent) throw new Error(`No page data block #${id}`);
  return JSON.parse(block.textContent) as T;
}

/** An island's page data, read once for its life. */
export function usePageData<T>(id: string): T {
  const [value] = useState(() => readPageData<T>(id));
  return value;
}
