/** The offers screen's API calls: every offer, the cohorts an offer may open, and each offer's discount codes. */
import { getApi } from '~/lib/client/app-client';
import type { CreateDiscountCodeBody, CreateOfferBody, DiscountCode, Offer, UpdateDiscountCodeBody, UpdateOfferBody } from '~/lib/shared/schemas/registrations';
import type { Cohort } from '~/lib/shared/schemas/structure';
import { readAllPages, readPage, withQuery } from '~/islands/common/api';

type WithoutSession<T> = Omit<T, 'idUser' | 'idTrainingPath'>;
export type OfferBody = WithoutSession<CreateOfferBody>;
export type OfferChange = WithoutSession<UpdateOfferBody>;
export type DiscountCodeBody = WithoutSession<CreateDiscountCodeBody>;
export type DiscountCodeChange = WithoutSession<UpdateDiscountCodeBody>;

/** One page of every offer (closed and archived ones too), newest first. */
export const listOffers = (page: number, signal: AbortSignal) => readPage<Offer>(withQuery('/api/v2/offers/', { scope: 'all', page }), signal);

/** Every cohort, for the new offer's cohort select. */
export const listCohorts = (signal: AbortSignal) => readAllPages<Cohort>('/api/v2/cohorts/', signal);

export const createOffer = (body: OfferBody) => getApi().post<Offer>('/api/v2/offers/', body);
export const updateOffer = (offerId: number, change: OfferChange) => getApi().patch<Offer>(`/api/v2/offers/${offerId}/`, change);

/** The offer's codes and those valid for every offer, with their uses. */
export const listDiscountCodes = (offerId: number, signal: AbortSignal) => getApi().get<DiscountCode[]>(`/api/v2/offers/${offerId}/discount-codes/`, { signal });
export const createDiscountCode = (offerId: number, body: DiscountCodeBody) => getApi().post<DiscountCode>(`/api/v2/offers/${offerId}/discount-codes/`, body);
/** Changes a code's limit of uses, dates or status (its code, kind and value stay). */
export const updateDiscountCode = (codeId: number, change: DiscountCodeChange) => getApi().patch<DiscountCode>(`/api/v2/discount-codes/${codeId}/`, change);
