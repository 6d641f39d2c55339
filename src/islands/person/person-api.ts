/** The person form's API calls: the caller's own profile, or (platform admins) someone's. */
import { getApi } from '~/lib/client/app-client';
import type { PersonProfile } from '~/lib/shared/schemas/person';

/** Whose profile the form edits. */
export type PersonTarget = { kind: 'own' } | { kind: 'user'; userId: number };

const routeOf = (target: PersonTarget) => (target.kind === 'own' ? '/api/v2/profiles/me/' : `/api/v2/users/${target.userId}/profile/`);

/** Saves the whole form; answers the profile as saved. */
export const savePersonForm = (target: PersonTarget, form: Record<string, unknown>) => getApi().put<PersonProfile>(routeOf(target), form);
