/**
 * The security matrix's personas as pure data, for the permission rules'
 * unit tests (the HTTP matrix in tests/integration/security is the
 * end-to-end proof). Everyone studies or works around one cohort, COHORT,
 * whose program is PROGRAM; the other cohort's student is in OTHER_COHORT,
 * on another program.
 */
import { ROLE_IDS, type RecordStatus, type RoleId, type UserType } from '~/lib/shared/constants';
import type { Caller, Membership } from '~/lib/server/access/permissions';
import { AppError } from '~/lib/shared/errors';

export const COHORT = 10;
export const OTHER_COHORT = 20;

export const member = (cohortId: number, roleId: RoleId, membershipStatus: RecordStatus = 'ACTIVE', cohortStatus: RecordStatus = 'ACTIVE'): Membership => ({
  cohortId,
  learningPathId: 1,
  roleId,
  membershipStatus,
  cohortStatus,
});

export interface Persona {
  /** null: signed out. */
  caller: Caller | null;
  memberships: Membership[];
  /** Their ACTIVE role in COHORT, as activeCohortRoleOf answers it. */
  roleInCohort: RoleId | null;
  /** The role_ids of their ACTIVE memberships in cohorts using PROGRAM (what contentAccessOf reads). */
  programRoleIds: RoleId[];
}

/** A persona signed in: a caller always there. */
interface SignedInPersona extends Persona {
  caller: Caller;
}

const caller = (id: number, userType: UserType): Caller => ({ id, email: `persona${id}@senda.test`, userType, cohorts: [] });

function persona(id: number, userType: UserType, memberships: Membership[]): SignedInPersona {
  const inCohort = memberships.find((membership) => membership.cohortId === COHORT);
  return { caller: caller(id, userType), memberships, roleInCohort: inCohort?.roleId ?? null, programRoleIds: inCohort ? [inCohort.roleId] : [] };
}

export const PERSONAS = {
  signedOut: { caller: null, memberships: [], roleInCohort: null, programRoleIds: [] },
  outsider: persona(1, 'student', []),
  student: persona(2, 'student', [member(COHORT, ROLE_IDS.student)]),
  otherCohortStudent: persona(3, 'student', [member(OTHER_COHORT, ROLE_IDS.student)]),
  tutor: persona(4, 'staff', [member(COHORT, ROLE_IDS.tutor)]),
  cohortAdmin: persona(5, 'staff', [member(COHORT, ROLE_IDS.cohortAdmin)]),
  admin: persona(6, 'admin', []),
} satisfies Record<string, Persona>;

export type PersonaName = keyof typeof PERSONAS;
export const PERSONA_NAMES = Object.keys(PERSONAS) as PersonaName[];

/** The student every "someone else" rule is asked about: PERSONAS.student. */
export const STUDENT_ID = PERSONAS.student.caller.id;

/** What a require… rule answers: 'ok', or the error code it throws. */
export function outcome(rule: () => unknown): string {
  try {
    rule();
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

/** One row per persona: [name, persona, expected], for it.each. */
export function perPersona<T>(expected: Record<PersonaName, T>): [PersonaName, Persona, T][] {
  return PERSONA_NAMES.map((name) => [name, PERSONAS[name], expected[name]]);
}
