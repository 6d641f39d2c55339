/**
 * Markup that is the same for every request with the same key (ADR 030): the
 * app's chrome, whose links and labels depend only on the language and a few
 * choices made by the build and the page (which entry is active, whether the
 * admin links show). It is rendered once per key and process, and later
 * requests copy the text instead of walking Astro's templates again.
 *
 * Nothing from the database or a person goes into a key's markup (a person's
 * name, counts or role stay in the per-request template), so no change of data
 * can make a remembered fragment wrong, and several app servers need nothing
 * shared. Bounded: past FRAGMENTS_MAX keys it starts afresh.
 */
const FRAGMENTS_MAX = 2_000;
const fragments = new Map<string, string>();

/** The markup remembered for `key`, rendering it with `render` the first time. */
export async function rememberFragment(key: string, render: () => Promise<string>): Promise<string> {
  const remembered = fragments.get(key);
  if (remembered !== undefined) return remembered;
  const html = await render();
  if (fragments.size >= FRAGMENTS_MAX) fragments.clear();
  fragments.set(key, html);
  return html;
}

/** Forgets every fragment (tests that render a fragment with other dictionaries). */
export function forgetFragments(): void {
  fragments.clear();
}
