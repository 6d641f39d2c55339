/**
 * What the admin registrations page reads from the URL: the filters (a
 * value the list's schema refuses is dropped, as a select never sends one),
 * the page, the registrations they select and the offers to filter by.
 */
import { z } from 'zod';
import type { Page } from '~/lib/shared/pagination';
import { pageNumberOf } from '~/lib/shared/pagination';
import { RegistrationListQuerySchema, type Registration, type RegistrationListQuery } from '~/lib/shared/schemas/registrations';
import type { Caller } from '~/lib/server/auth/permissions';
import { listOfferChoices, type OfferChoice } from './list-offer-choices';
import { listRegistrations } from './registration-views';

const { shape } = RegistrationListQuerySchema;
const LenientFiltersSchema = z.object({
  offer: shape.offer.catch(undefined),
  status: shape.status.catch(undefined),
  crm: shape.crm.catch(undefined),
  search: shape.search.catch(undefined),
});

export type RegistrationFilters = Omit<RegistrationListQuery, 'page'>;

export interface RegistrationsPage {
  filters: RegistrationFilters;
  page: number;
  registrations: Page<Registration>;
  offers: OfferChoice[];
}

/** The admin registrations page's data: filters and page from the URL, the registrations (with their CRM delivery) and the offers; platform admins. */
export async function readRegistrationsPage(caller: Caller, url: URL): Promise<RegistrationsPage> {
  const value = (name: string) => url.searchParams.get(name)?.trim() || undefined;
  const parsed = LenientFiltersSchema.parse({ offer: value('offer'), status: value('status'), crm: value('crm'), search: value('search')?.slice(0, 100) });
  const filters = Object.fromEntries(Object.entries(parsed).filter(([, filter]) => filter !== undefined)) as RegistrationFilters;
  const page = pageNumberOf(url.searchParams.get('page'));
  const [registrations, offers] = await Promise.all([listRegistrations(caller, { ...filters, page }, url.href), listOfferChoices(caller)]);
  return { filters, page, registrations, offers };
}
