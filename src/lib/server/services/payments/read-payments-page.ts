/**
 * What the admin payments page and its download read from the URL: the
 * filters (a value the list's schema refuses is dropped, as a select or a
 * date input never sends one), the page, and for the page the payments and
 * the offers to filter by.
 */
import { z } from 'zod';
import type { Page } from '~/lib/shared/pagination';
import { pageNumberOf } from '~/lib/shared/pagination';
import { PaymentFiltersSchema, type PaymentFilters } from '~/lib/shared/schemas/payments';
import type { Caller } from '~/lib/server/auth/permissions';
import { listOfferChoices, type OfferChoice } from '~/lib/server/services/registrations/list-offer-choices';
import { listPayments, type PaymentListItem } from './payment-views';

const { shape } = PaymentFiltersSchema;
const LenientFiltersSchema = z.object({
  status: shape.status.catch(undefined),
  provider: shape.provider.catch(undefined),
  offer: shape.offer.catch(undefined),
  from: shape.from.catch(undefined),
  to: shape.to.catch(undefined),
  attention: shape.attention.catch(undefined),
  search: shape.search.catch(undefined),
});

/** The payment filters in a URL's query; empty and unreadable values are no filter. */
export function readPaymentFilters(params: URLSearchParams): PaymentFilters {
  const value = (name: string) => params.get(name)?.trim() || undefined;
  const filters = LenientFiltersSchema.parse({
    status: value('status'),
    provider: value('provider'),
    offer: value('offer'),
    from: value('from'),
    to: value('to'),
    attention: value('attention'),
    search: value('search')?.slice(0, 100),
  });
  return Object.fromEntries(Object.entries(filters).filter(([, filter]) => filter !== undefined)) as PaymentFilters;
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
