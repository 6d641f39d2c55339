import { forgetWithCaches } from '~/lib/server/cache/define-cache';
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { LRUCache } from 'lru-cache';
import { imageAtWidth, isResizableImage, LESSON_IMAGE_WIDTH } from '~/lib/shared/responsive-images';

const marked = new Marked({ gfm: true, breaks: false, async: false });

/**
 * What lesson HTML may contain: text structure, links, images, code and
 * tables. No scripts, styles, frames, forms or event handlers; links and
 * images only to http(s) (and mailto for links).
 */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'ul', 'ol', 'li', 'strong', 'em', 'del', 'code', 'pre',
    'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'sup', 'sub', 'kbd', 'mark',
  ],
  // rel/target and loading/decoding are added by transformTags below.
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
    code: ['class'],
  },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowProtocolRelative: false,
  allowedClasses: { code: [/^language-[\w-]+$/] },
  transformTags: {
    // Links leave the site in a new tab without handing it our window.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer nofollow', ...(/^https?:/i.test(attribs.href ?? '') ? { target: '_blank' } : {}) },
    }),
    // A picture stored by Senda is fetched at a phone-sized width (lib/shared/responsive-images.ts).
    img: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, ...(attribs.src && isResizableImage(attribs.src) ? { src: imageAtWidth(attribs.src, LESSON_IMAGE_WIDTH) } : {}), loading: 'lazy', decoding: 'async' },
    }),
  },
};

/** Renders lesson Markdown to safe HTML. */
export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown) as string, SANITIZE_OPTIONS);
}

/** Rendered lessons by "lesson:revision": a new revision is a new key, so entries never go stale; bounded by size. */
const rendered = new LRUCache<string, string>({ max: 5_000, maxSize: 32 * 1024 * 1024, sizeCalculation: (html) => Math.max(1, html.length * 2) });
// A database restored from a backup (or a test's fresh one) reuses lesson ids and revisions: forgotten with the caches.
forgetWithCaches(() => rendered.clear());

/** Rendered HTML of one revision of a lesson, cached (a new revision is a new key). */
export function renderLessonContent(lesson: { id: number; revision: number; contentMd: string }): string {
  const key = `${lesson.id}:${lesson.revision}`;
  let html = rendered.get(key);
  if (html === undefined) {
    html = renderMarkdown(lesson.contentMd);
    rendered.set(key, html);
  }
  return html;
}
