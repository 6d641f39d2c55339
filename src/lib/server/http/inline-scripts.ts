/**
 * Scripts a page must run before its bundles arrive are written inline, and
 * the Content-Security-Policy names each by its hash (Astro hashes only the
 * scripts it bundles). The hash is worked out once per script text.
 */
import { createHash } from 'node:crypto';

type CspHash = `sha256-${string}`;
const hashes = new Map<string, CspHash>();

/** The CSP hash of an inline script's text. */
export function inlineScriptHash(source: string): CspHash {
  let hash = hashes.get(source);
  if (!hash) {
    hash = `sha256-${createHash('sha256').update(source).digest('base64')}`;
    hashes.set(source, hash);
  }
  return hash;
}
