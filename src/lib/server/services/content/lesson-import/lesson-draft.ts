import { normalizeHeaderName } from '~/lib/server/spreadsheets/header-name';

/** A lesson read from an import file, before it is checked. */
export interface LessonDraft {
  /** The Markdown file it comes from, or null. */
  file: string | null;
  /** The spreadsheet row it comes from (header = 1), or null. */
  row: number | null;
  title: string;
  section: string;
  contentMd: string;
  videoUrl: string | null;
  /** Problems found while reading, by field, as i18n keys (`validation.…`). */
  problems: Record<string, string>;
}

/** The lesson fields an import fills, with the names (normalized) a column or front-matter key may carry, Spanish or English. */
export const FIELD_ALIASES = {
  title: ['title', 'titulo', 'nombre', 'name'],
  section: ['section', 'seccion'],
  contentMd: ['content', 'contenido', 'content_md', 'markdown'],
  videoUrl: ['video', 'video_url', 'url_video', 'enlace_video', 'videourl'],
} as const;
export type ImportField = keyof typeof FIELD_ALIASES;

/** The field a header or key names, if any. */
export function fieldNamed(name: string): ImportField | null {
  const normalized = normalizeHeaderName(name);
  for (const [field, aliases] of Object.entries(FIELD_ALIASES) as [ImportField, readonly string[]][]) {
    if (aliases.includes(normalized)) return field;
  }
  return null;
}
