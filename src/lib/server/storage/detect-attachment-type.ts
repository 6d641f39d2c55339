import { detectImageType } from './detect-image-type';
import { STORED_CONTENT_TYPES, type StoredContentType, type StoredExtension } from './types';

const startsWith = (data: Uint8Array, bytes: readonly number[]) => data.length >= bytes.length && bytes.every((byte, index) => data[index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const PDF_SIGNATURE = ascii('%PDF-');
const GIF87_SIGNATURE = ascii('GIF87a');
const GIF89_SIGNATURE = ascii('GIF89a');
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP_SIGNATURE = [0x50, 0x4b, 0x05, 0x06];
/** Compound File Binary: the container of legacy Word, Excel and PowerPoint files (and of installers). */
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Office and OpenDocument files are zips: the file name tells which one a zip is meant to be. */
const ZIP_BASED: readonly StoredExtension[] = ['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp'];
/** Legacy Office files share one container; other files in it (installers…) are refused. */
const OLE_BASED: readonly StoredExtension[] = ['doc', 'xls', 'ppt'];

/** What people see in the 415 message: the kinds of file a lesson may carry. */
export const ATTACHMENT_TYPES_LABEL = 'PDF, PNG, JPEG, WebP, GIF, Word, Excel, PowerPoint, OpenDocument, ZIP';

/** The extensions a file name may end with for each stored type (`.jpeg` is a JPEG too). */
const EXTENSIONS_OF: Partial<Record<StoredContentType, readonly string[]>> = { 'image/jpeg': ['jpg', 'jpeg'] };

const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
};

/**
 * The type of an attachment, read from its magic numbers (the declared type
 * is never trusted): PDF, PNG, JPEG, WebP, GIF, zip, and the Office and
 * OpenDocument formats inside a zip or legacy Office container, told apart by
 * the file name's extension. Null for anything else (SVG, HTML, executables…).
 */
export function detectAttachmentType(data: Uint8Array, fileName: string): StoredContentType | null {
  const image = detectImageType(data);
  if (image) return image;
  if (startsWith(data, GIF87_SIGNATURE) || startsWith(data, GIF89_SIGNATURE)) return 'image/gif';
  if (startsWith(data, PDF_SIGNATURE)) return 'application/pdf';
  const extension = extensionOf(fileName) as StoredExtension;
  if (startsWith(data, ZIP_SIGNATURE) || startsWith(data, EMPTY_ZIP_SIGNATURE)) {
    return ZIP_BASED.includes(extension) ? STORED_CONTENT_TYPES[extension] : 'application/zip';
  }
  if (startsWith(data, OLE_SIGNATURE) && OLE_BASED.includes(extension)) return STORED_CONTENT_TYPES[extension];
  return null;
}

/**
 * A file name that says what the file is: the original name when its
 * extension matches the detected type, otherwise the name with the right
 * extension added ("notas" → "notas.pdf"), so a download never opens as
 * something else.
 */
export function nameWithExtensionOf(fileName: string, contentType: StoredContentType): string {
  const stored = (Object.keys(STORED_CONTENT_TYPES) as StoredExtension[]).find((ext) => STORED_CONTENT_TYPES[ext] === contentType)!;
  const allowed = EXTENSIONS_OF[contentType] ?? [stored];
  return allowed.includes(extensionOf(fileName)) ? fileName : `${fileName}.${stored}`;
}
