/**
 * The one way a download is named after what it holds: the title without
 * accents, as lowercase letters, digits and dashes (safe in a
 * Content-Disposition header and on any file system).
 */

/**
 * `title` as a file name: at most `maxLength` characters of it (or
 * `fallback` when nothing is left), then `suffix` and the extension:
 * ("Informe de laboratorio", 'zip', 'tarea', { suffix: '-entregas' }) →
 * `informe-de-laboratorio-entregas.zip`.
 */
export const fileNameOf = (title: string, extension: string, fallback: string, options: { suffix?: string; maxLength?: number } = {}): string =>
  `${
    title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\w]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase()
      .slice(0, options.maxLength ?? 60) || fallback
  }${options.suffix ?? ''}.${extension}`;
