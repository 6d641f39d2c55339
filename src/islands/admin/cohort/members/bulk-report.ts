/** The members file's columns, in the order errors of one row are listed (row-errors.ts reads the report). */
export const BULK_COLUMNS = ['email', 'role', 'status'] as const;
