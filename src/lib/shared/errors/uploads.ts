/** What an uploaded zip or spreadsheet may not be, whichever domain reads it (archives/, spreadsheets/). */
export const UPLOAD_ERROR_STATUS = {
  archive_unsafe: 400,
  archive_too_large: 413,
  spreadsheet_too_complex: 413,
} as const;
