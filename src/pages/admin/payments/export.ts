import type { APIRoute } from 'astro';
import { callerOf } from '~/lib/server/services/auth/page-session';
import { canManageRegistrations } from '~/lib/server/access/permissions';
import { tableFileResponse } from '~/lib/server/http/file-download';
import { exportPayments } from '~/lib/server/services/payments/export-payments';
import { readPaymentFilters } from '~/lib/server/services/payments/read-payments-page';

/**
 * The payments page's "Descargar Excel / CSV" links, for the signed-in
 * browser (its links carry the session cookie, not an API token): the same
 * file as `GET /api/v2/payments/export/`, with the page's filters. For
 * anyone but a platform admin it does not exist (404).
 */
export const GET: APIRoute = ({ locals, url }) => {
  const { session, lang, t } = locals;
  if (!session) return new Response(null, { status: 401 });
  const caller = callerOf(session);
  if (!canManageRegistrations(caller)) return new Response(t('content.notFound'), { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const format = url.searchParams.get('export_format') === 'csv' ? 'csv' : 'xlsx';
  return tableFileResponse(exportPayments(caller, readPaymentFilters(url.searchParams), { format, lang }));
};
