/**
 * The payments report (GET /api/v2/payments/export/): every payment the
 * admin's filters select, as XLSX or CSV, streamed a page at a time (keyset
 * on the id, never the whole list in memory), amounts as numbers in their
 * currency's units, dates in Bogotá time. Platform admins.
 */
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Language } from '~/lib/shared/constants';
import type { PaymentFilters } from '~/lib/shared/schemas/payments';
import { getT, type Translate } from '~/i18n';
import { requireManageRegistrations, type Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { discountCodes, offers, payments, users } from '~/lib/server/db/schema';
import { fileNameOf, writeTableFile, type ColumnKind, type TableCell, type TableFile, type TableFormat } from '~/lib/server/spreadsheets/write-table-file';
import { paymentFilterSql } from './payment-views';

const PAGE = 1000;

const COLUMNS: readonly [key: string, kind: ColumnKind][] = [
  ['createdAt', 'datetime'],
  ['reference', 'text'],
  ['lastName', 'text'],
  ['firstName', 'text'],
  ['email', 'text'],
  ['offer', 'text'],
  ['provider', 'text'],
  ['method', 'text'],
  ['status', 'text'],
  ['amount', 'decimal'],
  ['currency', 'text'],
  ['listAmount', 'decimal'],
  ['discountCode', 'text'],
  ['approvedAt', 'datetime'],
  ['transactionId', 'text'],
  ['attention', 'text'],
];

async function* paymentRows(filters: PaymentFilters, t: Translate): AsyncGenerator<TableCell[]> {
  const db = await getDb();
  const where = paymentFilterSql(filters);
  let before: number | null = null;
  for (;;) {
    const rows = await db
      .select({ row: payments, code: discountCodes.code, email: users.email, firstName: users.firstName, lastName: users.lastName, offerTitle: offers.title })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .innerJoin(offers, eq(offers.id, payments.offerId))
      .leftJoin(discountCodes, eq(discountCodes.id, payments.discountCodeId))
      .where(and(where, before === null ? undefined : lt(payments.id, before)))
      .orderBy(desc(payments.id))
      .limit(PAGE);
    for (const { row, code, email, firstName, lastName, offerTitle } of rows) {
      yield [
        row.createdAt,
        row.reference,
        lastName,
        firstName,
        email,
        offerTitle,
        t(`payments.provider.${row.provider}`),
        row.paymentMethod,
        t(`payments.status.${row.status}`),
        row.amountCents / 100,
        row.currency,
        row.listAmountCents / 100,
        code,
        row.approvedAt,
        row.providerTransactionId,
        row.attention ? t(`payments.attention.${row.attention}`) : null,
      ];
    }
    if (rows.length < PAGE) return;
    before = rows.at(-1)!.row.id;
  }
}

/** The report as a file, written as its rows are read; platform admins. */
export function exportPayments(caller: Caller, filters: PaymentFilters, options: { format: TableFormat; lang: Language }, now = new Date()): TableFile {
  requireManageRegistrations(caller);
  const t = getT(options.lang);
  const day = new Date(now.getTime() - 5 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return writeTableFile({
    format: options.format,
    lang: options.lang,
    fileName: fileNameOf(`${t('payments.file')} ${day}`, options.format, `pagos-${day}`),
    sheetName: t('payments.title'),
    header: COLUMNS.map(([key]) => t(`payments.column.${key}`)),
    kinds: COLUMNS.map(([, kind]) => kind),
    rows: () => paymentRows(filters, t),
  });
}
