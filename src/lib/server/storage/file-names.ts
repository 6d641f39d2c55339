/** Longest file name kept (the extension survives the cut). */
const MAX_FILE_NAME_LENGTH = 200;

/**
 * The name to keep for an uploaded file: composed (NFC: a Mac sends "ñ" as
 * "n" plus a combining tilde, which other systems and zip tools may show as
 * two characters), no folders, no control or direction-override characters
 * (they can disguise an extension), at most MAX_FILE_NAME_LENGTH characters;
 * `fallback` when nothing is left.
 */
export function cleanFileName(name: string, fallback: string): string {
  const composed = name.normalize('NFC');
  const base = composed.slice(Math.max(composed.lastIndexOf('/'), composed.lastIndexOf('\\')) + 1);
  const clean = base
    .replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!clean || /^\.+$/.test(clean)) return fallback;
  if (clean.length <= MAX_FILE_NAME_LENGTH) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  return `${clean.slice(0, MAX_FILE_NAME_LENGTH - extension.length).trimEnd()}${extension}`;
}
