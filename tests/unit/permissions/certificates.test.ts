/** Certificates (services/certificates/permissions.ts), per persona: who lists, issues, revokes, reads and designs. */
import { describe, expect, it } from 'vitest';
import {
  canDesignCertificates,
  canInCohortCertificates,
  canReadCertificate,
  requireDesignCertificates,
  requireInCohortCertificates,
  requireReadCertificate,
  requireRevokeCertificate,
} from '~/lib/server/access/permissions';
import { outcome, perPersona, STUDENT_ID } from './personas';

/** A certificate held by PERSONAS.student, of COHORT. */
const HELD_BY_STUDENT = { userId: STUDENT_ID };

describe('a cohort\'s certificates', () => {
  it.each(perPersona({ signedOut: 'not_found', outsider: 'not_found', student: 'forbidden', otherCohortStudent: 'not_found', tutor: 'ok', cohortAdmin: 'ok', admin: 'ok' }))(
    '%s lists them: %s',
    (_name, persona, expected) => {
      expect(outcome(() => requireInCohortCertificates(persona.caller, persona.roleInCohort, 'list'))).toBe(expected);
      expect(canInCohortCertificates(persona.caller, persona.roleInCohort, 'list')).toBe(expected === 'ok');
    },
  );

  it.each(perPersona({ signedOut: 'not_found', outsider: 'not_found', student: 'forbidden', otherCohortStudent: 'not_found', tutor: 'forbidden', cohortAdmin: 'ok', admin: 'ok' }))(
    '%s issues them in bulk: %s',
    (_name, persona, expected) => {
      expect(outcome(() => requireInCohortCertificates(persona.caller, persona.roleInCohort, 'issue'))).toBe(expected);
    },
  );
});

describe('one certificate of the cohort\'s student', () => {
  it.each(perPersona({ signedOut: false, outsider: false, student: true, otherCohortStudent: false, tutor: true, cohortAdmin: true, admin: true }))(
    '%s reads it (PDF, badge): %s',
    (_name, persona, expected) => {
      expect(canReadCertificate(persona.caller, persona.roleInCohort, HELD_BY_STUDENT)).toBe(expected);
      expect(outcome(() => requireReadCertificate(persona.caller, persona.roleInCohort, HELD_BY_STUDENT))).toBe(expected ? 'ok' : 'not_found');
    },
  );

  it.each(perPersona({ signedOut: 'not_found', outsider: 'not_found', student: 'forbidden', otherCohortStudent: 'not_found', tutor: 'forbidden', cohortAdmin: 'ok', admin: 'ok' }))(
    '%s revokes it: %s (its holder and the tutor see it, so they are refused rather than told it is not there)',
    (_name, persona, expected) => {
      expect(outcome(() => requireRevokeCertificate(persona.caller, persona.roleInCohort, HELD_BY_STUDENT))).toBe(expected);
    },
  );

  it('a holder still reads their certificate after leaving the cohort (no role there any more)', () => {
    const holder = { id: STUDENT_ID, email: 'x@senda.test', userType: 'student' as const, cohorts: [] };
    expect(canReadCertificate(holder, null, HELD_BY_STUDENT)).toBe(true);
  });
});

describe('a program\'s certificate design', () => {
  it.each(perPersona({ signedOut: 'forbidden', outsider: 'forbidden', student: 'forbidden', otherCohortStudent: 'forbidden', tutor: 'forbidden', cohortAdmin: 'forbidden', admin: 'ok' }))(
    '%s designs it: %s',
    (_name, persona, expected) => {
      expect(outcome(() => requireDesignCertificates(persona.caller))).toBe(expected);
      expect(canDesignCertificates(persona.caller)).toBe(expected === 'ok');
    },
  );
});
