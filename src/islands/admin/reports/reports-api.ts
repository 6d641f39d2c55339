/** The reports page's API call: where a report being built stands. */
import { getApi } from '~/lib/client/app-client';
import type { ReportExport } from '~/lib/shared/schemas/reports';

export const readReportExport = (exportId: number) => getApi().get<ReportExport>(`/api/v2/reports/exports/${exportId}/`);
