import { ROLE_IDS, type RoleId } from '~/lib/shared/constants';
import type { IslandTranslate } from '~/i18n/islands';

/** The per-cohort roles, in the order the selects offer them. */
export const ROLE_OPTIONS: readonly RoleId[] = [ROLE_IDS.student, ROLE_IDS.tutor, ROLE_IDS.cohortAdmin];

/** "Estudiante", "Tutor", "Administrador de cohorte". */
export const roleLabel = (t: IslandTranslate, roleId: number) => t(`admin.members.role.${roleId}`);

/** A member's name as lists show it. */
export const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();
