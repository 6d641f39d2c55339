/**
 * What a reverse proxy tells us about the original request (X-Forwarded-For,
 * -Host, -Proto). Only the entries our own proxies wrote count: a client
 * writes whatever it likes at the left of X-Forwarded-For, and each proxy
 * appends the address it was connected from on the right. With `hops`
 * trusted proxies in front (TRUST_PROXY), the client's address is the
 * `hops`-th entry from the right; without trusted proxies, none counts.
 */

/** The entry of a comma-separated forwarded header that the `hops`-th trusted proxy from us wrote; null when none is trusted or the header is empty. */
export function trustedForwardedValue(header: string | null | undefined, hops: number): string | null {
  if (hops <= 0 || !header) return null;
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  // Fewer entries than proxies: the leftmost is the furthest any proxy saw.
  return entries[Math.max(0, entries.length - hops)]!;
}
