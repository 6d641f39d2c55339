/** The shared rules and the learning structure's, per persona (services/structure/permissions.ts, access/permission-basics.ts). */
import { describe, expect, it } from 'vitest';
import {
  activeCohortRoleOf,
  canAcceptTerms,
  canActForUser,
  canChangeMembershipOf,
  canEditLegalTexts,
  canInCohort,
  canManageStructure,
  canOpenAdmin,
  canSearchUsers,
  managedCohortIdsOf,
  requireChangeMemberships,
  requireInCohort,
  type CohortAction,
} from '~/lib/server/access/permissions';
import { ROLE_IDS } from '~/lib/shared/constants';
import { COHORT, member, outcome, perPersona, PERSONAS, STUDENT_ID } from './personas';

describe('acting for a person', () => {
  it.each(perPersona({ signedOut: false, outsider: false, student: true, otherCohortStudent: false, tutor: false, cohortAdmin: false, admin: true }))(
    '%s acts for the student: %s',
    (_name, persona, expected) => expect(canActForUser(persona.caller, STUDENT_ID)).toBe(expected),
  );

  it('everyone accepts the terms for themselves only, admins included', () => {
    expect(canAcceptTerms(PERSONAS.student.caller, STUDENT_ID)).toBe(true);
    expect(canAcceptTerms(PERSONAS.admin.caller, STUDENT_ID)).toBe(false);
    expect(canAcceptTerms(null, STUDENT_ID)).toBe(false);
  });
});

describe('the admin screens', () => {
  it.each(perPersona({ signedOut: false, outsider: false, student: false, otherCohortStudent: false, tutor: true, cohortAdmin: true, admin: true }))(
    '%s opens them: %s',
    (_name, persona, expected) => expect(canOpenAdmin(persona.caller, persona.memberships)).toBe(expected),
  );

  it('a tutor of an archived cohort, or with an archived membership, does not', () => {
    const tutor = PERSONAS.tutor.caller;
    expect(canOpenAdmin(tutor, [member(COHORT, ROLE_IDS.tutor, 'ACTIVE', 'INACTIVE')])).toBe(false);
    expect(canOpenAdmin(tutor, [member(COHORT, ROLE_IDS.tutor, 'INACTIVE', 'ACTIVE')])).toBe(false);
    expect(managedCohortIdsOf([member(COHORT, ROLE_IDS.tutor), member(30, ROLE_IDS.tutor, 'ACTIVE', 'INACTIVE'), member(40, ROLE_IDS.student)])).toEqual([COHORT]);
  });

  it.each(perPersona({ signedOut: false, outsider: false, student: false, otherCohortStudent: false, tutor: false, cohortAdmin: false, admin: true }))(
    '%s changes the legal texts and the structure: %s',
    (_name, persona, expected) => {
      expect(canEditLegalTexts(persona.caller)).toBe(expected);
      expect(canManageStructure(persona.caller)).toBe(expected);
    },
  );
});

describe('inside a cohort', () => {
  const ACTIONS: CohortAction[] = ['view', 'edit', 'listMembers', 'assignUsers', 'manageLevels', 'releaseCourses', 'manageNewsAndBanners', 'manageDueDates', 'manageLiveSessions', 'manageForums'];
  const staff = ACTIONS.filter((action) => action !== 'assignUsers');
  const allowed = { signedOut: [], outsider: [], student: ['view'], otherCohortStudent: [], tutor: staff, cohortAdmin: ACTIONS, admin: ACTIONS };

  it.each(perPersona(allowed))('%s may do exactly %j', (_name, persona, expected) => {
    expect(ACTIONS.filter((action) => canInCohort(persona.caller, persona.roleInCohort, action))).toEqual(expected);
  });

  it('someone outside the cohort gets 404 (it does not exist for them), a member whose role does not allow it 403', () => {
    expect(outcome(() => requireInCohort(PERSONAS.otherCohortStudent.caller, PERSONAS.otherCohortStudent.roleInCohort, 'view'))).toBe('not_found');
    expect(outcome(() => requireInCohort(PERSONAS.student.caller, PERSONAS.student.roleInCohort, 'edit'))).toBe('forbidden');
    expect(outcome(() => requireInCohort(PERSONAS.tutor.caller, PERSONAS.tutor.roleInCohort, 'assignUsers'))).toBe('forbidden');
    expect(outcome(() => requireInCohort(PERSONAS.cohortAdmin.caller, PERSONAS.cohortAdmin.roleInCohort, 'assignUsers'))).toBe('ok');
  });

  it('a role counts only while the membership and the cohort are ACTIVE', () => {
    expect(activeCohortRoleOf([member(COHORT, ROLE_IDS.tutor)], COHORT)).toBe(ROLE_IDS.tutor);
    expect(activeCohortRoleOf([member(COHORT, ROLE_IDS.tutor, 'INACTIVE')], COHORT)).toBeNull();
    expect(activeCohortRoleOf([member(COHORT, ROLE_IDS.tutor, 'ACTIVE', 'INACTIVE')], COHORT)).toBeNull();
    expect(activeCohortRoleOf([member(COHORT, ROLE_IDS.tutor)], 99)).toBeNull();
  });

  it.each(perPersona({ signedOut: false, outsider: false, student: false, otherCohortStudent: false, tutor: false, cohortAdmin: true, admin: true }))(
    '%s searches the platform’s people to assign them: %s',
    (_name, persona, expected) => expect(canSearchUsers(persona.caller, persona.memberships)).toBe(expected),
  );

  it('nobody but a platform admin changes their own membership', () => {
    const cohortAdmin = PERSONAS.cohortAdmin.caller;
    expect(canChangeMembershipOf(cohortAdmin, STUDENT_ID)).toBe(true);
    expect(canChangeMembershipOf(cohortAdmin, cohortAdmin.id)).toBe(false);
    expect(outcome(() => requireChangeMemberships(cohortAdmin, [STUDENT_ID, cohortAdmin.id]))).toBe('forbidden_own_membership');
    expect(canChangeMembershipOf(PERSONAS.admin.caller, PERSONAS.admin.caller.id)).toBe(true);
    expect(canChangeMembershipOf(null, STUDENT_ID)).toBe(false);
  });
});
