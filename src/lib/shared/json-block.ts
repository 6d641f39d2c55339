/**
 * A value as the text of a `<script type="application/json">` block: JSON with every `<` written as `\u003c`, so no
 * text in it (a post, an admin's maintenance message) can close the block or open another; JSON.parse reads it back
 * unchanged.
 */
export function jsonBlockText(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}
