import { fileExportRoute } from '~/lib/server/http/file-export-route';
import { openZipExport } from '~/lib/server/services/assignments/submission-zip';

/** A zip the job engine built, for the signed-in browser of whoever asked for it (the grading view's link once ready). */
export const GET = fileExportRoute(openZipExport);
