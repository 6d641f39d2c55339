/** The person form's API calls: the caller's own profile, (platform admins) someone's, or a visitor's sign-up for an offer. */
import { getApi } from '~/lib/client/app-client';
import type { Language } from '~/lib/shared/constants';
import type { PersonProfile } from '~/lib/shared/schemas/person';

/** Whose profile the form edits, or the offer a visitor signs up for (then `doneUrl` is where they go next). */
export type PersonTarget = { kind: 'own' } | { kind: 'user'; userId: number } | { kind: 'registration'; offerId: number; doneUrl: string };

const routeOf = (target: Exclude<PersonTarget, { kind: 'registration' }>) => (target.kind === 'own' ? '/api/v2/profiles/me/' : `/api/v2/users/${target.userId}/profile/`);

/** Saves the whole form; answers the profile as saved. */
export const savePersonForm = (target: Exclude<PersonTarget, { kind: 'registration' }>, form: Record<string, unknown>) => getApi().put<PersonProfile>(routeOf(target), form);

/**
 * A visitor's sign-up (POST /api/v2/registrations/). Visitors have no
 * session, so this is the one call made without the request helper (which
 * needs one); like it, a failure rejects with the HTTP Response.
 */
export async function registerForOffer(offerId: number, form: Record<string, unknown>, consent: boolean, language: Language): Promise<{ email: string }> {
  const response = await fetch('/api/v2/registrations/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': language },
    body: JSON.stringify({ ...form, offerId, consent, language }),
  });
  if (!response.ok) throw response;
  return (await response.json()) as { email: string };
}
