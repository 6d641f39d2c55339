/** Names and paths of lesson files (imports and attachments), without zod so islands stay small. */

/** File names the Markdown import reads as lessons. */
export const isMarkdownFileName = (name: string): boolean => /\.(md|markdown)$/i.test(name);

/** File names the import reads as one spreadsheet. */
export const isSpreadsheetFileName = (name: string): boolean => /\.(csv|xlsx)$/i.test(name);

/** The API route that serves an attachment's bytes (send the access token). */
export const lessonAttachmentApiPath = (lessonId: number, attachmentId: number): string => `/api/v2/lessons/${lessonId}/attachments/${attachmentId}/download/`;

/** The signed-in page route that serves an attachment's bytes (links in pages: the browser sends the session cookie, not a token). */
export const lessonAttachmentPagePath = (lessonId: number, attachmentId: number): string => `/lessons/${lessonId}/attachments/${attachmentId}`;
