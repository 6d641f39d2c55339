/**
 * What the admin payments page and its download read from the URL: the
 * filters (a value the list's schema refuses is dropped, as a select or a
 * date input never sends one), the page, and for the page the payments and
 * the offers to filter by.
 */
import type { Page } from '~/lib/shared/pagination';
import { pageNumberOf } from '~/lib/shared/pagination';
import { PaymentFiltersSchema, type PaymentFilters } from '~/lib/shared/schemas/payments';
import { readUrlFilters } from '~/lib/shared/url-filters';
import type { Caller } from '~/lib/server/access/permissions';
import { listOfferChoices, type OfferChoice } from '~/lib/server/services/registrations/list-offer-choices';
import { listPayments, type PaymentListItem } from './payment-views';

/** The payment filters in a URL's query; empty and unreadable values are no filter. */
export function readPaymentFilters(params: URLSearchParams): PaymentFilters {
  return readUrlFilters(PaymentFiltersSchema.shape, params);
}

export interface PaymentsPage {
  filters: PaymentFilters;
  page: number;
  payments: Page<PaymentListItem>;
  offers: OfferChoice[];
}

/** The admin payments page's data: its filters and page from the URL, the payments they select, and the offers; platform admins. */
export async function readPaymentsPage(caller: Caller, url: URL): Promise<PaymentsPage> {
  const filters = readPaymentFilters(url.searchParams);
  const page = pageNumberOf(url.searchParams.get('page'));
  const [payments, offers] = await Promise.all([listPayments(caller, { ...filters, page }, url.href), listOfferChoices(caller)]);
  return { filters, page, payments, offers };
}
