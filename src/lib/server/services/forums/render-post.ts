/**
 * Forum posts: Markdown to safe HTML (the lesson renderer's rules, without
 * images: a post cannot make every reader's browser fetch someone else's
 * URL), with mentions drawn as `@Name`, and a plain-text excerpt.
 */
import { Marked, type TokenizerAndRendererExtension } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { MENTION_PATTERN } from '~/lib/shared/forums';

/** A mention at the start of the text Markdown is reading. */
const MENTION_AT_START = new RegExp(`^${MENTION_PATTERN.source}`);

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Mentions are a Markdown inline token, drawn as `<span class="mention">@Name</span>`.
 * Being a token, a mention is drawn only where Markdown reads text: one
 * inside a link's title, code or raw HTML (an attribute such as `align`)
 * stays the text it was written as, and an image goes whole, alt and all
 * (posts show none). Drawing them after sanitizing, over the whole HTML,
 * put a span inside attribute values, whose quotes closed the attribute
 * (issue 28).
 */
const mentions: TokenizerAndRendererExtension = {
  name: 'mention',
  level: 'inline',
  start: (source) => source.indexOf('@['),
  tokenizer(source) {
    const match = MENTION_AT_START.exec(source);
    return match ? { type: 'mention', raw: match[0], name: match[1]! } : undefined;
  },
  renderer: (token) => `<span class="mention">@${escapeHtml(token.name as string)}</span>`,
};

const marked = new Marked({ gfm: true, breaks: true, async: false, extensions: [mentions] });

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

/** Renders a post's Markdown to sanitized HTML; `@[Name](id)` in its text becomes `<span class="mention">@Name</span>`. */
export function renderPost(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown) as string, SANITIZE_OPTIONS);
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
