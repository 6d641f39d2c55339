/**
 * "Descargar para estudiar sin conexión" (issue 34, ADR 035): a course's or a
 * level's offline package (ADR 034) kept in the downloads cache, each item
 * under its exact package URL, where the service worker answers from it when
 * the network cannot. What was downloaded, by whom and at which revision is
 * a small record in localStorage (`offlineDownloads`): it is written only
 * once every item is in the cache, so nothing half-kept counts as downloaded,
 * and a cancelled or failed download takes back what it had put.
 *
 * Downloads belong to the person who made them: a sign-out forgets them, a
 * different person signing in on the same browser forgets them, and the same
 * person signing in again after their token expired keeps them.
 */
import type { OfflineItem, OfflinePackage } from '~/lib/shared/schemas/offline-package';
import { DOWNLOADS_CACHE, DOWNLOADS_KEY } from '~/lib/shared/offline-pages';
import { forgetDownloads } from './offline-pages';
import type { KeyValueStorage } from './storage';

/**
 * What a page weighs beyond its own content (the package counts the content only, ADR 034): its HTML around it.
 * The storage check asks for this much more per page, so a download does not start when it cannot end.
 */
export const PAGE_SHELL_BYTES = 64 * 1024;

/** One download: a course (level null) or one of its levels, as it was when its last item was kept. */
export interface DownloadRecord {
  courseId: number;
  courseName: string;
  level: number | null;
  levelName: string | null;
  revision: string;
  totalBytes: number;
  /** The person who downloaded it (their `idUser`). */
  ownerId: number;
  /** ISO date of the download (or of its last update). */
  downloadedAt: string;
  items: Pick<OfflineItem, 'url' | 'kind' | 'revision'>[];
}

/** The download ran out of room on the device (a QuotaExceededError, or not enough space left before it started). */
export class DownloadQuotaError extends Error {
  constructor(
    readonly neededBytes: number,
    readonly freeBytes: number | null,
  ) {
    super('quota exceeded');
    this.name = 'DownloadQuotaError';
  }
}

/** An item the server would not give (a redirect to sign in, an error page, a missing file). */
export class DownloadItemError extends Error {
  constructor(readonly url: string) {
    super(`could not download ${url}`);
    this.name = 'DownloadItemError';
  }
}

/** Whether this browser can keep downloads (Cache Storage exists only in a secure context). */
export const canDownload = (): boolean => typeof caches !== 'undefined';

const sameDownload = (record: Pick<DownloadRecord, 'courseId' | 'level'>, courseId: number, level: number | null) => record.courseId === courseId && record.level === level;

/** Every download in this browser, as recorded. */
export function readDownloads(storage: KeyValueStorage): DownloadRecord[] {
  try {
    const records = JSON.parse(storage.getItem(DOWNLOADS_KEY) ?? '[]') as unknown;
    return Array.isArray(records) ? (records as DownloadRecord[]) : [];
  } catch {
    return [];
  }
}

/** The download of a course (`level` null) or one of its levels, if there is one. */
export const findDownload = (storage: KeyValueStorage, courseId: number, level: number | null): DownloadRecord | null =>
  readDownloads(storage).find((record) => sameDownload(record, courseId, level)) ?? null;

const writeDownloads = (storage: KeyValueStorage, records: DownloadRecord[]) => {
  if (records.length === 0) storage.removeItem(DOWNLOADS_KEY);
  else storage.setItem(DOWNLOADS_KEY, JSON.stringify(records));
};

const isQuotaError = (error: unknown) => error instanceof DOMException && error.name === 'QuotaExceededError';

/** Removes from the cache the URLs no remaining download lists (several packages share the course page and quizzes). */
async function deleteUnlisted(cache: Cache, urls: Iterable<string>, records: readonly DownloadRecord[]): Promise<void> {
  const listed = new Set(records.flatMap((record) => record.items.map((item) => item.url)));
  await Promise.all([...urls].filter((url) => !listed.has(url)).map((url) => cache.delete(url)));
}

/** The free room the browser gives this site, or null when it does not say. */
async function readFreeBytes(): Promise<number | null> {
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  if (!estimate || estimate.quota === undefined) return null;
  return Math.max(0, estimate.quota - (estimate.usage ?? 0));
}

/** How much room a package may need: its content and, for each page, the HTML around it. */
export const neededBytesOf = (pkg: Pick<OfflinePackage, 'items' | 'totalBytes'>): number =>
  pkg.totalBytes + pkg.items.filter((item) => !item.url.startsWith('/api/')).length * PAGE_SHELL_BYTES;

export interface DownloadProgress {
  doneBytes: number;
  totalBytes: number;
  doneItems: number;
  totalItems: number;
}

export interface DownloadOptions {
  storage: KeyValueStorage;
  pkg: OfflinePackage;
  courseName: string;
  ownerId: number;
  signal: AbortSignal;
  onProgress(progress: DownloadProgress): void;
  /** Fetches one item (pages with the session cookie, API reads with the access token); answers a 200 response. */
  fetchItem(item: OfflineItem, signal: AbortSignal): Promise<Response>;
}

/**
 * Downloads a package into the downloads cache, item by item (an item already kept at the same revision is not
 * fetched again), then records it. Checks the storage quota first. When cancelled (the signal), or when an item or
 * the quota fails, it deletes what it had put that no other download lists and records nothing: rejects with the
 * signal's reason, a DownloadItemError or a DownloadQuotaError.
 */
export async function downloadPackage({ storage, pkg, courseName, ownerId, signal, onProgress, fetchItem }: DownloadOptions): Promise<DownloadRecord> {
  const needed = neededBytesOf(pkg);
  const free = await readFreeBytes();
  if (free !== null && free < needed) throw new DownloadQuotaError(needed, free);
  // Best effort: a persisted site's storage is not cleared when the phone runs short of space.
  void navigator.storage?.persist?.().catch(() => false);

  const cache = await caches.open(DOWNLOADS_CACHE);
  const previous = findDownload(storage, pkg.courseId, pkg.level);
  const keptRevision = new Map(previous?.items.map((item) => [item.url, item.revision]));
  const written: string[] = [];
  const progress: DownloadProgress = { doneBytes: 0, totalBytes: pkg.totalBytes, doneItems: 0, totalItems: pkg.items.length };
  onProgress({ ...progress });
  try {
    for (const item of pkg.items) {
      signal.throwIfAborted();
      const unchanged = keptRevision.get(item.url) === item.revision && (await cache.match(item.url)) !== undefined;
      if (!unchanged) {
        const response = await fetchItem(item, signal);
        signal.throwIfAborted();
        await cache.put(item.url, response);
        written.push(item.url);
      }
      progress.doneBytes += item.bytes;
      progress.doneItems += 1;
      onProgress({ ...progress });
    }
    const record: DownloadRecord = {
      courseId: pkg.courseId,
      courseName,
      level: pkg.level,
      levelName: pkg.levelName,
      revision: pkg.revision,
      totalBytes: pkg.totalBytes,
      ownerId,
      downloadedAt: new Date().toISOString(),
      items: pkg.items.map(({ url, kind, revision }) => ({ url, kind, revision })),
    };
    const others = readDownloads(storage).filter((other) => !sameDownload(other, pkg.courseId, pkg.level));
    writeDownloads(storage, [...others, record]);
    // An update: what the old package listed and the new one no longer does.
    if (previous) await deleteUnlisted(cache, previous.items.map((item) => item.url), [...others, record]);
    return record;
  } catch (error) {
    // Nothing half-kept: what this run put goes, unless another download (or this one's previous revision) lists it.
    await deleteUnlisted(cache, written, readDownloads(storage));
    if (isQuotaError(error)) throw new DownloadQuotaError(needed, await readFreeBytes());
    throw error;
  }
}

/** Removes a download: its record, and what it kept that no other download lists. */
export async function removeDownload(storage: KeyValueStorage, courseId: number, level: number | null): Promise<void> {
  const records = readDownloads(storage);
  const removed = records.find((record) => sameDownload(record, courseId, level));
  if (!removed) return;
  const rest = records.filter((record) => record !== removed);
  writeDownloads(storage, rest);
  if (!canDownload()) return;
  await deleteUnlisted(await caches.open(DOWNLOADS_CACHE), removed.items.map((item) => item.url), rest);
}

/**
 * After someone signed in: keeps the downloads only if they are this person's (the same person whose token expired
 * signs in again), forgets them otherwise, and forgets a cache left without a record.
 */
export async function keepDownloadsOnlyFor(storage: KeyValueStorage, userId: number | null): Promise<void> {
  const records = readDownloads(storage);
  if (records.length > 0 && userId !== null && records.every((record) => record.ownerId === userId)) return;
  await forgetDownloads(storage);
}

/**
 * On a page of the person signed in: forgets the downloads if any is someone else's (they signed in some way the
 * sign-in page did not see). A download of their own, or one under way, is left alone.
 */
export async function forgetDownloadsOfOthers(storage: KeyValueStorage, userId: number): Promise<void> {
  if (readDownloads(storage).some((record) => record.ownerId !== userId)) await forgetDownloads(storage);
}
