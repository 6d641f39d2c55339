/** The person form's API calls: the caller's own profile, (platform admins) someone's, or a visitor's sign-up for an offer. */
import type { Language } from '~/lib/shared/constants';
import { api } from '~/lib/client/app-client';
import { addressOf, type Answer, type Body } from './typed-api';

/** Whose profile the form edits, or the offer a visitor signs up for (then `doneUrl` is where they go next). */
export type PersonTarget = { kind: 'own' } | { kind: 'user'; userId: number } | { kind: 'registration'; offerId: number; doneUrl: string };

export type PersonFormBody = Body<'/api/v2/profiles/me/', 'put'>;

/** Saves the whole form; answers the profile as saved. */
export const savePersonForm = (target: Exclude<PersonTarget, { kind: 'registration' }>, form: PersonFormBody) =>
  target.kind === 'own' ? api.put('/api/v2/profiles/me/', { body: form }) : api.put('/api/v2/users/{id}/profile/', { path: { id: target.userId }, body: form });

type RegistrationBody = Body<'/api/v2/registrations/', 'post'>;

/**
 * A visitor's sign-up (POST /api/v2/registrations/). Visitors have no
 * session, so this is the one call made without the request helper (which
 * needs one); like it, a failure rejects with the HTTP Response.
 */
export async function registerForOffer(
  offerId: number,
  form: Omit<RegistrationBody, 'offerId' | 'consent' | 'language' | 'funderReportsConsent'>,
  consent: boolean,
  language: Language,
  funderReportsConsent = false,
): Promise<Answer<'/api/v2/registrations/', 'post'>> {
  const body: RegistrationBody = { ...form, offerId, consent, language, funderReportsConsent } as RegistrationBody;
  const response = await fetch(addressOf('/api/v2/registrations/'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': language },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw response;
  return (await response.json()) as Answer<'/api/v2/registrations/', 'post'>;
}
