/**
 * Forum posts: Markdown to safe HTML (the lesson renderer's rules, without
 * images: a post cannot make every reader's browser fetch someone else's
 * URL), with mentions drawn as `@Name`, and a plain-text excerpt.
 */
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { MENTION_PATTERN } from '~/lib/shared/forums';

const marked = new Marked({ gfm: true, breaks: true, async: false });

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'hr', 'blockquote', 'ul', 'ol', 'li', 'strong', 'em', 'del', 'code', 'pre', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'h3', 'h4', 'span'],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'], th: ['align'], td: ['align'], ol: ['start'], code: ['class'], span: ['class'] },
  allowedClasses: { code: [/^language-[\w-]+$/], span: ['mention'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowProtocolRelative: false,
  // A heading in a post is at most an h3 (the page has its h1 and h2).
  transformTags: {
    h1: 'h3',
    h2: 'h3',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer nofollow ugc', ...(/^https?:/i.test(attribs.href ?? '') ? { target: '_blank' } : {}) },
    }),
  },
};

// Mentions travel through Markdown as private-use markers, so Markdown never turns them into links.
const MENTION_OPEN = '\uE010';
const MENTION_CLOSE = '\uE011';
const MARKER_PATTERN = new RegExp(`${MENTION_OPEN}([^${MENTION_CLOSE}]*)${MENTION_CLOSE}`, 'g');

/** Renders a post's Markdown to sanitized HTML; `@[Name](id)` becomes `<span class="mention">@Name</span>`. */
export function renderPost(markdown: string): string {
  const marked_ = markdown.replace(/[\uE010\uE011]/g, '').replace(MENTION_PATTERN, (_, name: string) => `${MENTION_OPEN}${name}${MENTION_CLOSE}`);
  const html = sanitizeHtml(marked.parse(marked_) as string, SANITIZE_OPTIONS);
  return html.replace(MARKER_PATTERN, (_, name: string) => `<span class="mention">@${name}</span>`);
}

const EXCERPT_LENGTH = 180;

/** The first words of a post as plain text (mentions as `@Name`). */
export function excerptOf(markdown: string, length = EXCERPT_LENGTH): string {
  const text = sanitizeHtml(marked.parse(markdown.replace(MENTION_PATTERN, (_, name: string) => `@${name}`)) as string, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;
}
