import type { UploadedFile } from '~/lib/shared/schemas/uploads';
import { fieldNamed, type LessonDraft } from './lesson-draft';

const FENCE = /^\s*(```|~~~)/;
const H1 = /^#[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/;
const FRONT_MATTER_OPEN = '---';
const FRONT_MATTER_CLOSE = /^(---|\.\.\.)\s*$/;
// Control characters other than tab and line breaks mean a binary file, not text.
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** "01-primeros_pasos.md" (or "curso/01-…") → "Primeros pasos": no folder, extension or leading number, separators as spaces. */
export function titleFromFileName(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
  const words = (base.replace(/^\d+[\s._-]*/, '') || base).replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A front-matter value without its quotes: `"Hola: mundo"` → `Hola: mundo`. */
function unquote(value: string): string {
  const trimmed = value.trim();
  const quoted = /^(["'])(.*)\1$/.exec(trimmed);
  return quoted ? quoted[2]! : trimmed;
}

/** `key: value` lines between `---` fences; other lines (comments, lists) are ignored. Null when the block is never closed. */
function readFrontMatter(lines: string[]): { values: Partial<Record<string, string>>; bodyStart: number } | null {
  const values: Partial<Record<string, string>> = {};
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index]!;
    if (FRONT_MATTER_CLOSE.test(line)) return { values, bodyStart: index + 1 };
    const pair = /^([^:#\s][^:]*):(.*)$/.exec(line);
    const field = pair && fieldNamed(pair[1]!);
    if (field && values[field] === undefined) values[field] = unquote(pair[2]!);
  }
  return null;
}

/** The first level-1 heading outside code blocks, and whether it opens the text (then it becomes the title and leaves the content). */
function findTitleHeading(lines: string[]): { title: string; index: number; opensText: boolean } | null {
  let inFence = false;
  let seenText = false;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (FENCE.test(line)) inFence = !inFence;
    const heading = !inFence && H1.exec(line);
    if (heading) return { title: heading[1]!.trim(), index, opensText: !seenText };
    if (line.trim()) seenText = true;
  }
  return null;
}

/**
 * One Markdown file as a lesson. Title: front matter `title:` (or `título:`),
 * else the first `# heading`, else the file name; `section:` and `video:`
 * from front matter. Text that is not UTF-8, or a front matter never closed,
 * is reported on the draft (field `file`).
 */
export function readMarkdownLesson(file: UploadedFile): LessonDraft {
  const draft: LessonDraft = { file: file.name, row: null, title: titleFromFileName(file.name), section: '', contentMd: '', videoUrl: null, problems: {} };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file.data);
  } catch {
    draft.problems.file = 'validation.lessonImport.encoding';
    return draft;
  }
  if (BINARY.test(text)) {
    draft.problems.file = 'validation.lessonImport.encoding';
    return draft;
  }
  let lines = text.replace(/\r\n?/g, '\n').split('\n');
  let values: Partial<Record<string, string>> = {};
  if (lines[0]?.trimEnd() === FRONT_MATTER_OPEN) {
    const frontMatter = readFrontMatter(lines);
    if (frontMatter) {
      values = frontMatter.values;
      lines = lines.slice(frontMatter.bodyStart);
    } else draft.problems.file = 'validation.lessonImport.frontMatter';
  }
  const heading = values.title ? null : findTitleHeading(lines);
  if (heading?.opensText) lines = lines.slice(heading.index + 1);
  draft.title = values.title || heading?.title || draft.title;
  draft.section = values.section ?? '';
  draft.videoUrl = values.videoUrl || null;
  draft.contentMd = lines.join('\n').trim();
  return draft;
}
