import { z } from 'zod';
import { defineEndpoint } from '~/lib/server/http/endpoint';
import { tableFileResponse } from '~/lib/server/http/file-download';
import { exportPayments } from '~/lib/server/services/payments/export-payments';
import { PaymentExportQuerySchema } from '~/lib/shared/schemas/payments';

export const GET = defineEndpoint({
  method: 'GET',
  path: '/api/v2/payments/export/',
  summary:
    'The payments report as XLSX or CSV (`export_format`), with the filters of the payments list: date, reference, buyer, offer, provider, method, state, amount and list price in their currency, code, approval, provider transaction and what needs attention. Streamed; header frozen, dates as dates, formulas neutralised. Platform admins',
  tags: ['payments'],
  access: 'user',
  query: PaymentExportQuerySchema,
  success: { status: 200, description: 'The file', schema: z.string().meta({ format: 'binary' }), contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  errors: ['forbidden'],
  handle: async ({ caller, query, lang }) => {
    const { export_format: format, ...filters } = query;
    return tableFileResponse(exportPayments(caller, filters, { format, lang }));
  },
});
