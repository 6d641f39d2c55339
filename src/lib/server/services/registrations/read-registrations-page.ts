/**
 * What the admin registrations page reads from the URL: the filters (a
 * value the list's schema refuses is dropped, as a select never sends one),
 * the page, the registrations they select and the offers to filter by.
 */
import type { Page } from '~/lib/shared/pagination';
import { pageNumberOf } from '~/lib/shared/pagination';
import { RegistrationListQuerySchema, type Registration, type RegistrationListQuery } from '~/lib/shared/schemas/registrations';
import { readUrlFilters } from '~/lib/shared/url-filters';
import type { Caller } from '~/lib/server/access/permissions';
import { listOfferChoices, type OfferChoice } from './list-offer-choices';
import { listRegistrations } from './registration-views';

export type RegistrationFilters = Omit<RegistrationListQuery, 'page'>;

export interface RegistrationsPage {
  filters: RegistrationFilters;
  page: number;
  registrations: Page<Registration>;
  offers: OfferChoice[];
}

/** The admin registrations page's data: filters and page from the URL, the registrations (with their CRM delivery) and the offers; platform admins. */
export async function readRegistrationsPage(caller: Caller, url: URL): Promise<RegistrationsPage> {
  const filters: RegistrationFilters = readUrlFilters(RegistrationListQuerySchema.omit({ page: true }).shape, url.searchParams);
  const page = pageNumberOf(url.searchParams.get('page'));
  const [registrations, offers] = await Promise.all([listRegistrations(caller, { ...filters, page }, url.href), listOfferChoices(caller)]);
  return { filters, page, registrations, offers };
}
