import { fileExportRoute } from '~/lib/server/http/file-export-route';
import { openReportExport } from '~/lib/server/services/reports/report-exports';

/** A report the job engine built, for the signed-in browser of whoever asked for it (the reports page's link once ready). */
export const GET = fileExportRoute(openReportExport);
