/** How an account is named and described in the people screens. */
import type { IslandTranslate } from '~/i18n/islands';
import type { FoundUser } from '~/lib/shared/schemas/user-search';

/** A person's name, or "Anonymised account #12" once their names are gone. */
export const personName = (t: IslandTranslate, person: { id: number; firstName: string; lastName: string; anonymized?: boolean }) =>
  person.anonymized || (!person.firstName && !person.lastName) ? t('people.anonymizedName', { id: person.id }) : `${person.firstName} ${person.lastName}`.trim();

export type AccountBadge = 'anonymized' | 'INACTIVE' | 'INVITED' | 'ACTIVE';

/** The one state a row shows: anonymised, inactive, invitation pending, or active. */
export function badgeOf(account: NonNullable<FoundUser['account']>): AccountBadge {
  if (account.anonymized) return 'anonymized';
  if (account.status === 'INACTIVE') return 'INACTIVE';
  return account.invitationPending ? 'INVITED' : 'ACTIVE';
}

export const BADGE_CLASS: Record<AccountBadge, string> = { anonymized: 'badge badge--inactive', INACTIVE: 'badge badge--inactive', INVITED: 'badge badge--scheduled', ACTIVE: 'badge' };
