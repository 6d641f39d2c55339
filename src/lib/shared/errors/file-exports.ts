/** Large reports and zips built in the background (services/file-exports). */
export const FILE_EXPORT_ERROR_STATUS = {
  export_not_ready: 409,
} as const;
