import { useEffect, useId, useRef, useState } from 'react';
import { IslandI18n, useLang, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { useLoader } from '~/islands/common/use-loader';
import { getOfflinePackage } from '~/lib/client/api/offline';
import { fetchOfflineItem } from '~/lib/client/fetch-offline-item';
import { enableOfflineStudy } from '~/lib/client/install-prompt';
import {
  canDownload,
  downloadPackage,
  DownloadQuotaError,
  findDownload,
  forgetDownloadsOfOthers,
  removeDownload,
  type DownloadProgress,
  type DownloadRecord,
} from '~/lib/client/offline-downloads';
import type { Language } from '~/lib/shared/constants';
import { formatDate } from '~/lib/shared/format';
import { formatFileSize } from '~/lib/shared/format-file-size';
import type { OfflinePackage } from '~/lib/shared/schemas/offline-package';

interface Props {
  courseId: number;
  courseName: string;
  /** The syllabus level (1 = the first); none: the whole course. */
  level?: number;
  /** The person signed in: downloads are theirs (ADR 035). */
  ownerId: number;
}

type Notice = 'cancelled' | 'failed' | 'removed' | { quota: DownloadQuotaError } | null;

function Download({ courseId, courseName, level, ownerId }: Props) {
  const t = useT();
  const lang = useLang();
  const labelId = useId();
  const [supported, setSupported] = useState(true);
  const [record, setRecord] = useState<DownloadRecord | null>(null);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const running = useRef<AbortController | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  // The package tells the size before downloading, and (online) whether a download is out of date.
  const loader = useLoader((signal) => getOfflinePackage(courseId, level, signal), [courseId, level]);
  const pkg: OfflinePackage | null = loader.state.status === 'ready' ? loader.state.data : null;

  useEffect(() => {
    if (!canDownload()) {
      setSupported(false);
      return;
    }
    // Another person's downloads on this browser are not this person's to keep (the sign-in page also checks).
    void forgetDownloadsOfOthers(window.localStorage, ownerId).then(() => setRecord(findDownload(window.localStorage, courseId, level ?? null)));
    return () => running.current?.abort();
  }, [courseId, level, ownerId]);

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const start = async () => {
    if (!pkg) return;
    const controller = new AbortController();
    running.current = controller;
    setNotice(null);
    // Downloading is choosing to study offline here: the service worker registers, so the pages open without a connection.
    enableOfflineStudy(window);
    try {
      const kept = await downloadPackage({
        storage: window.localStorage,
        pkg,
        courseName,
        ownerId,
        signal: controller.signal,
        onProgress: setProgress,
        fetchItem: fetchOfflineItem,
      });
      setRecord(kept);
    } catch (failure) {
      setNotice(controller.signal.aborted ? 'cancelled' : failure instanceof DownloadQuotaError ? { quota: failure } : 'failed');
    } finally {
      running.current = null;
      setProgress(null);
    }
  };

  const remove = async () => {
    setConfirming(false);
    await removeDownload(window.localStorage, courseId, level ?? null);
    setRecord(null);
    setNotice('removed');
  };

  if (!supported) return <p className="muted offline-download__note">{t('download.unsupported')}</p>;

  const size = (bytes: number) => formatFileSize(bytes, lang);
  const label = level === undefined ? t('download.course') : t('download.level');
  const isStale = record !== null && pkg !== null && pkg.revision !== record.revision;
  const noticeText =
    notice === null
      ? null
      : typeof notice === 'object'
        ? notice.quota.freeBytes === null
          ? t('download.quotaUnknown')
          : t('download.quota', { needed: size(notice.quota.neededBytes), free: size(notice.quota.freeBytes) })
        : t(`download.${notice}`);

  let body;
  if (progress) {
    body = (
      <>
        <progress
          className="offline-download__progress"
          max={Math.max(progress.totalBytes, 1)}
          value={progress.totalBytes > 0 ? progress.doneBytes : 0}
          aria-label={t('download.progressLabel')}
          aria-valuetext={t('download.progress', { done: size(progress.doneBytes), total: size(progress.totalBytes) })}
        />
        <span className="offline-download__status" aria-hidden="true">
          {t('download.progress', { done: size(progress.doneBytes), total: size(progress.totalBytes) })}
        </span>
        <button type="button" className="button button--ghost" onClick={() => running.current?.abort()}>
          {t('download.cancel')}
        </button>
      </>
    );
  } else if (record) {
    body = (
      <>
        <p className="offline-download__status">{t('download.done', { date: formatDate(lang, record.downloadedAt), size: size(record.totalBytes) })}</p>
        {isStale && (
          <p className="offline-download__status">
            {t('download.stale')}{' '}
            <button type="button" className="button button--primary" onClick={() => void start()}>
              {t('download.update')}
            </button>
          </p>
        )}
        {confirming ? (
          <div className="offline-download__confirm" role="group" aria-labelledby={labelId}>
            <p id={labelId}>{t('download.removeConfirm')}</p>
            <button type="button" className="button button--danger" ref={confirmButton} onClick={() => void remove()}>
              {t('download.removeYes')}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
              {t('download.removeNo')}
            </button>
          </div>
        ) : (
          <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
            {t('download.remove')}
          </button>
        )}
      </>
    );
  } else {
    body = (
      <>
        <button type="button" className="button button--ghost offline-download__start" disabled={!pkg} aria-describedby={labelId} onClick={() => void start()}>
          {label}
        </button>
        <span id={labelId} className="muted offline-download__status">
          {pkg
            ? t('download.size', { size: size(pkg.totalBytes), count: pkg.items.length })
            : loader.state.status === 'error'
              ? navigator.onLine === false
                ? t('download.offline')
                : loader.state.message
              : t('download.sizing')}
        </span>
        {pkg && pkg.externalImages > 0 && <span className="muted offline-download__status">{t('download.externalImages', { count: pkg.externalImages })}</span>}
      </>
    );
  }
  return (
    <div className="offline-download">
      {body}
      <p className="offline-download__notice" role="status">
        {noticeText}
      </p>
    </div>
  );
}

/**
 * "Descargar para estudiar sin conexión" (issue 34, ADR 035), for a course or one of its syllabus levels: the size
 * before downloading, a progress bar and a cancel button while it downloads, then remove (confirmed) and, when the
 * course changed since, update. Nothing half-kept counts as downloaded (lib/client/offline-downloads.ts).
 */
export default function OfflineDownload({ lang, messages, ...props }: Props & { lang: Language; messages: Messages }) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Download {...props} />
    </IslandI18n>
  );
}
