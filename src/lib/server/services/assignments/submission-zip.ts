/**
 * Zips of an assignment's submissions: the latest submission of every
 * student the caller grades, one folder per student ("Apellido, Nombre", or
 * "Estudiante 3" while anonymous), files under safe names, the text and the
 * link as text files, and a summary CSV. The zip is written as it is read
 * (yazl, files stored as they are: PDFs, images and Office files are
 * compressed already), one file open at a time, so memory stays at a few
 * chunks whatever the total. Up to SUBMISSION_ZIP_STREAM_MAX_MB it streams
 * to the client; larger sets are built by the job engine into private
 * storage, with progress, and downloaded when ready (kept for a day).
 */
import { Readable, Transform, type PassThrough } from 'node:stream';
import { ZipFile } from 'yazl';
import { inArray } from 'drizzle-orm';
import type { Language } from '~/lib/shared/constants';
import { formatDateTime } from '~/lib/shared/format';
import type { SubmissionExport } from '~/lib/shared/schemas/assignments';
import { getT } from '~/i18n';
import { requireManageContent, type Caller } from '~/lib/server/access/permissions';
import { findAssignmentWithAccess, getStudentWorkScope } from '~/lib/server/access/loaders';
import { getConfig } from '~/lib/server/config';
import { getDb } from '~/lib/server/db/client';
import { BUILD_ZIP_QUEUE } from '~/lib/server/jobs/queue-names';
import { submissionFiles, submissions } from '~/lib/server/db/schema';
import { getStorage } from '~/lib/server/storage';
import { buildFileExport } from '~/lib/server/services/file-exports/build-file-export';
import type { FileExportRow } from '~/lib/server/services/file-exports/file-export-row';
import { findOwnFileExport, openFileExport } from '~/lib/server/services/file-exports/open-file-export';
import { requestFileExport } from '~/lib/server/services/file-exports/request-file-export';
import { finalScoreOf } from '~/lib/shared/assignments';
import { fileNameOf } from '~/lib/shared/file-name-of';
import { readRoster, studentLabelOf } from './roster';
import { isAnonymousRow } from './submissions';

const MB = 1024 * 1024;

interface ZipEntry {
  name: string;
  /** A stored file, or text written into the zip. */
  source: { kind: 'file'; key: string; size: number } | { kind: 'text'; text: string };
  date: Date;
}

export interface ZipPlan {
  fileName: string;
  entries: ZipEntry[];
  totalBytes: number;
  filesTotal: number;
}

/** Characters no file system takes in a name (and the path separators), and the names Windows reserves. */
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f<>:"/\\|?*\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const RESERVED_NAMES = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/** A name safe as one path segment on any system: no separators or control characters, no trailing dots or spaces, at most 120 characters. */
export function safeSegment(name: string, fallback: string): string {
  let clean = name.replace(UNSAFE_CHARACTERS, '_').replace(/\s+/g, ' ').trim().replace(/[. ]+$/, '');
  if (!clean || /^[._ ]+$/.test(clean)) clean = fallback;
  if (RESERVED_NAMES.test(clean)) clean = `_${clean}`;
  if (clean.length > 120) {
    const dot = clean.lastIndexOf('.');
    const extension = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
    clean = `${clean.slice(0, 120 - extension.length).trimEnd()}${extension}`;
  }
  return clean;
}

/** The name, or the name with " (2)", " (3)"… before its extension when taken (compared without case, as Windows and macOS do). */
function uniqueName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [base, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let copy = 2; taken.has(candidate.toLowerCase()); copy++) candidate = `${base} (${copy})${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  const defused = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",;\r\n]/.test(defused) ? `"${defused.replace(/"/g, '""')}"` : defused;
};

/** What a zip of an assignment holds for the caller (their students' latest submissions, or one cohort's). */
export async function planZip(caller: Caller, assignmentId: number, options: { cohort?: number; lang: Language }): Promise<ZipPlan> {
  const { assignment, course, access } = await findAssignmentWithAccess(caller, assignmentId);
  requireManageContent(access, course.status);
  const scope = await getStudentWorkScope(caller, access);
  const t = getT(options.lang);
  const { rows } = await readRoster({ assignmentId, programId: course.programId, anonymous: isAnonymousRow(assignment), scope, cohortId: options.cohort, sort: 'name' });
  const submitted = rows.filter((row) => row.submissionId !== null);
  const db = await getDb();
  const ids = submitted.map((row) => row.submissionId!);
  const [texts, files] = ids.length
    ? await Promise.all([
        db.select({ id: submissions.id, text: submissions.text, link: submissions.link }).from(submissions).where(inArray(submissions.id, ids)),
        db
          .select({ submissionId: submissionFiles.submissionId, name: submissionFiles.fileName, key: submissionFiles.storageKey, size: submissionFiles.sizeBytes })
          .from(submissionFiles)
          .where(inArray(submissionFiles.submissionId, ids))
          .orderBy(submissionFiles.submissionId, submissionFiles.position),
      ])
    : [[], []];
  const textOf = new Map(texts.map((row) => [row.id, row]));
  const entries: ZipEntry[] = [];
  const folders = new Set<string>();
  const summary = [[t('assignments.zip.student'), t('assignments.zip.folder'), t('assignments.zip.submittedAt'), t('assignments.zip.late'), t('assignments.zip.score')].map(csvCell).join(';')];
  for (const row of submitted) {
    const folder = uniqueName(safeSegment(studentLabelOf(row, t), t('assignments.anonymousStudent', { number: row.anonymousNumber })), folders);
    const taken = new Set<string>();
    const date = new Date(row.submittedAt!);
    const own = textOf.get(row.submissionId!);
    if (own?.text) entries.push({ name: `${folder}/${uniqueName(t('assignments.zip.textFile'), taken)}`, source: { kind: 'text', text: own.text }, date });
    if (own?.link) entries.push({ name: `${folder}/${uniqueName(t('assignments.zip.linkFile'), taken)}`, source: { kind: 'text', text: `${own.link}\r\n` }, date });
    for (const file of files.filter((item) => item.submissionId === row.submissionId)) {
      entries.push({ name: `${folder}/${uniqueName(safeSegment(file.name, 'archivo'), taken)}`, source: { kind: 'file', key: file.key, size: file.size }, date });
    }
    summary.push(
      [studentLabelOf(row, t), folder, formatDateTime(options.lang, row.submittedAt!), row.isLate ? t('assignments.zip.lateDays', { count: row.lateDays }) : '', row.score === null ? '' : finalScoreOf(row.rawScore, row.penaltyPercent)]
        .map(csvCell)
        .join(';'),
    );
  }
  entries.push({ name: t('assignments.zip.summaryFile'), source: { kind: 'text', text: `\uFEFF${summary.join('\r\n')}\r\n` }, date: new Date() });
  const sizeOf = (entry: ZipEntry) => (entry.source.kind === 'file' ? entry.source.size : Buffer.byteLength(entry.source.text));
  return {
    fileName: fileNameOf(assignment.title, 'zip', 'tarea', { suffix: '-entregas', maxLength: 50 }),
    entries,
    totalBytes: entries.reduce((sum, entry) => sum + sizeOf(entry), 0),
    filesTotal: entries.filter((entry) => entry.source.kind === 'file').length,
  };
}

/**
 * The zip's bytes as they are written (yazl, ADR 013). Entries go in one at
 * a time (the next file is opened when the last is written) and a slow
 * reader pauses the whole chain. `onProgress` hears the source bytes and
 * files done.
 */
export function writeZip(plan: ZipPlan, onProgress?: (done: { bytes: number; files: number }) => void): AsyncIterable<Uint8Array> & { destroy(): void } {
  const zip = new ZipFile();
  // yazl's output is a PassThrough (its types say only ReadableStream).
  const output = zip.outputStream as PassThrough;
  zip.on('error', (error: Error) => output.destroy(error));
  let bytes = 0;
  let files = 0;
  let current: Readable | null = null;
  const counted = (source: Readable, isFile: boolean) =>
    source.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.byteLength;
          onProgress?.({ bytes, files });
          done(null, chunk);
        },
        flush(done) {
          if (isFile) files += 1;
          onProgress?.({ bytes, files });
          done();
        },
      }),
    );
  const storage = getStorage();
  for (const entry of plan.entries) {
    // Stored files are kept as they are (PDFs, images and Office files are compressed already); texts are deflated.
    const options = { mtime: entry.date, compress: entry.source.kind === 'text' };
    const { source } = entry;
    zip.addReadStreamLazy(entry.name, options, (give) => {
      const opened = source.kind === 'file' ? storage.openPrivate(source.key) : Promise.resolve(null);
      opened.then(
        (file) => {
          // A file missing from storage is an empty entry instead of a failed download.
          const readable = source.kind === 'text' ? Readable.from([Buffer.from(source.text)]) : file ? Readable.from(file.stream as AsyncIterable<Uint8Array>) : Readable.from([Buffer.alloc(0)]);
          readable.once('error', (error) => output.destroy(error));
          current = readable;
          give(null, counted(readable, source.kind === 'file'));
        },
        (error: unknown) => give(error, Readable.from([])),
      );
    });
  }
  zip.end();
  return {
    [Symbol.asyncIterator]: () => (output as AsyncIterable<Uint8Array>)[Symbol.asyncIterator](),
    // The client went away: the file being read and the zip stop.
    destroy: () => {
      current?.destroy();
      output.destroy();
    },
  };
}

/** Whether a plan is small enough to stream to the client now (SUBMISSION_ZIP_STREAM_MAX_MB). */
export const isStreamable = (plan: ZipPlan): boolean => plan.totalBytes <= getConfig().SUBMISSION_ZIP_STREAM_MAX_MB * MB;

// ── Zips built by the job engine (file exports of kind `submissions_zip`) ──

const toExport = (row: FileExportRow): SubmissionExport => ({
  id: row.id,
  assignmentId: row.assignmentId!,
  status: row.status,
  filesTotal: row.itemsTotal,
  filesDone: row.itemsDone,
  bytesTotal: row.bytesTotal,
  bytesDone: row.bytesDone,
  sizeBytes: row.sizeBytes,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  downloadUrl: row.status === 'ready' ? `/api/v2/assignments/submissions/zip/${row.id}/download/` : null,
});

/**
 * Asks the job engine for a zip (answers it, queued). The same request
 * while one of the caller's for the same assignment and cohort is still
 * being built answers that one.
 */
export async function requestZipExport(caller: Caller, assignmentId: number, plan: ZipPlan, options: { cohort?: number; lang: Language }): Promise<SubmissionExport> {
  const row = await requestFileExport(
    caller,
    { kind: 'submissions_zip', format: 'zip', assignmentId, cohortId: options.cohort },
    { queue: BUILD_ZIP_QUEUE, lang: options.lang, fileName: plan.fileName, itemsTotal: plan.filesTotal, bytesTotal: plan.totalBytes },
  );
  return toExport(row);
}

/** Builds a queued zip into private storage, writing its progress (the `assignments.build-zip` job). */
export async function buildZipExport(exportId: number): Promise<void> {
  await buildFileExport(exportId, 'submissions_zip', async ({ row, requester, lang, onProgress }) => {
    const plan = await planZip(requester, row.assignmentId!, { cohort: row.cohortId ?? undefined, lang });
    const body = writeZip(plan, ({ bytes, files }) => onProgress({ bytesDone: bytes, itemsDone: files }));
    return { body, done: { bytesDone: plan.totalBytes, bytesTotal: plan.totalBytes, itemsDone: plan.filesTotal, itemsTotal: plan.filesTotal } };
  });
}

/** Where an export of the caller's stands (its progress). */
export async function getZipExport(caller: Caller, exportId: number): Promise<SubmissionExport> {
  return toExport(await findOwnFileExport(caller, 'submissions_zip', exportId));
}

/** A ready export of the caller's, to download as a stream; not ready yet → 409 export_not_ready. Their rights are checked again. */
export function openZipExport(caller: Caller, exportId: number): Promise<{ fileName: string; contentType: string; size: number; stream: AsyncIterable<Uint8Array> }> {
  return openFileExport(caller, 'submissions_zip', exportId, async (row) => {
    const { course, access } = await findAssignmentWithAccess(caller, row.assignmentId!);
    requireManageContent(access, course.status);
  });
}
