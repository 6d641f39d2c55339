/** The offers screen's API calls: every offer, the cohorts an offer may open, and each offer's discount codes. */
import { api } from '~/lib/client/app-client';
import { readAllPages } from './pages';
import type { Body } from './typed-api';

export type OfferBody = Body<'/api/v2/offers/', 'post'>;
export type OfferChange = Body<'/api/v2/offers/{id}/', 'patch'>;
export type DiscountCodeBody = Body<'/api/v2/offers/{id}/discount-codes/', 'post'>;
export type DiscountCodeChange = Body<'/api/v2/discount-codes/{id}/', 'patch'>;

/** One page of every offer (closed and archived ones too), newest first. */
export const listOffers = (page: number, signal: AbortSignal) => api.get('/api/v2/offers/', { query: { scope: 'all', page }, signal });

/** Every cohort, for the new offer's cohort select. */
export const listCohorts = (signal: AbortSignal) => readAllPages('/api/v2/cohorts/', { signal });

export const createOffer = (body: OfferBody) => api.post('/api/v2/offers/', { body });
export const updateOffer = (offerId: number, change: OfferChange) => api.patch('/api/v2/offers/{id}/', { path: { id: offerId }, body: change });

/** The offer's codes and those valid for every offer, with their uses. */
export const listDiscountCodes = (offerId: number, signal: AbortSignal) => api.get('/api/v2/offers/{id}/discount-codes/', { path: { id: offerId }, signal });
export const createDiscountCode = (offerId: number, body: DiscountCodeBody) => api.post('/api/v2/offers/{id}/discount-codes/', { path: { id: offerId }, body });
/** Changes a code's limit of uses, dates or status (its code, kind and value stay). */
export const updateDiscountCode = (codeId: number, change: DiscountCodeChange) => api.patch('/api/v2/discount-codes/{id}/', { path: { id: codeId }, body: change });
