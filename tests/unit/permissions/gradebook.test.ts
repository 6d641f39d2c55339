/** The gradebook and approval rules (services/gradebook/permissions.ts), per persona. */
import { describe, expect, it } from 'vitest';
import {
  canReadGradebook,
  canSetCohortApprovalRule,
  canSetProgramApprovalRule,
  requireReadCohortApprovalRule,
  requireReadGradebook,
  requireSetCohortApprovalRule,
  requireSetProgramApprovalRule,
} from '~/lib/server/access/permissions';
import { outcome, perPersona } from './personas';

describe("a cohort's gradebook", () => {
  it.each(perPersona({ signedOut: 'not_found', outsider: 'not_found', student: 'forbidden', otherCohortStudent: 'not_found', tutor: 'ok', cohortAdmin: 'ok', admin: 'ok' }))(
    '%s reads it, its approvals, and overrides a grade: %s (students see only their own row, elsewhere)',
    (_name, persona, expected) => {
      expect(outcome(() => requireReadGradebook(persona.caller, persona.roleInCohort))).toBe(expected);
      expect(canReadGradebook(persona.caller, persona.roleInCohort)).toBe(expected === 'ok');
    },
  );
});

describe('approval rules', () => {
  it.each(perPersona({ signedOut: 'not_found', outsider: 'not_found', student: 'forbidden', otherCohortStudent: 'not_found', tutor: 'forbidden', cohortAdmin: 'ok', admin: 'ok' }))(
    "%s sets the cohort's rule: %s",
    (_name, persona, expected) => {
      expect(outcome(() => requireSetCohortApprovalRule(persona.caller, persona.roleInCohort))).toBe(expected);
      expect(canSetCohortApprovalRule(persona.caller, persona.roleInCohort)).toBe(expected === 'ok');
    },
  );

  it.each(perPersona({ signedOut: 'not_found', outsider: 'not_found', student: 'ok', otherCohortStudent: 'not_found', tutor: 'ok', cohortAdmin: 'ok', admin: 'ok' }))(
    "%s reads the cohort's rule: %s",
    (_name, persona, expected) => expect(outcome(() => requireReadCohortApprovalRule(persona.caller, persona.roleInCohort))).toBe(expected),
  );

  it.each(perPersona({ signedOut: 'forbidden', outsider: 'forbidden', student: 'forbidden', otherCohortStudent: 'forbidden', tutor: 'forbidden', cohortAdmin: 'forbidden', admin: 'ok' }))(
    "%s sets a program's rule and pass mark: %s",
    (_name, persona, expected) => {
      expect(outcome(() => requireSetProgramApprovalRule(persona.caller))).toBe(expected);
      expect(canSetProgramApprovalRule(persona.caller)).toBe(expected === 'ok');
    },
  );
});
