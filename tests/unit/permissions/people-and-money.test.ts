/** Accounts, reports, registrations and the study assistant (services/people|reports|registrations|jarvis/permissions.ts), per persona. */
import { describe, expect, it } from 'vitest';
import {
  canAskAboutStudent,
  canAuditJarvis,
  canChangeAccountOf,
  canManageAccounts,
  canManageRegistrations,
  canReadMailbox,
  canSeeRegistrationOf,
  reportScopeOf,
  requireChangeAccountOf,
  requireCohortInReportScope,
  requirePayForRegistrationOf,
  requireReportScope,
} from '~/lib/server/access/permissions';
import { COHORT, OTHER_COHORT, outcome, perPersona, PERSONAS, STUDENT_ID } from './personas';

describe('accounts and personal data', () => {
  it.each(perPersona({ signedOut: false, outsider: false, student: false, otherCohortStudent: false, tutor: false, cohortAdmin: false, admin: true }))(
    '%s manages accounts, reads the mailbox, manages registrations and audits the assistant: %s',
    (_name, persona, expected) => {
      expect(canManageAccounts(persona.caller)).toBe(expected);
      expect(canReadMailbox(persona.caller)).toBe(expected);
      expect(canManageRegistrations(persona.caller)).toBe(expected);
      expect(canAuditJarvis(persona.caller)).toBe(expected);
    },
  );

  it('an admin never deactivates or anonymises their own account', () => {
    const admin = PERSONAS.admin.caller;
    expect(canChangeAccountOf(admin, STUDENT_ID)).toBe(true);
    expect(canChangeAccountOf(admin, admin.id)).toBe(false);
    expect(outcome(() => requireChangeAccountOf(admin, admin.id))).toBe('forbidden_own_account');
    expect(outcome(() => requireChangeAccountOf(PERSONAS.cohortAdmin.caller, STUDENT_ID))).toBe('forbidden');
  });
});

describe('reports', () => {
  it.each(
    perPersona({
      signedOut: null,
      outsider: null,
      student: null,
      otherCohortStudent: null,
      tutor: { kind: 'cohorts', cohortIds: [COHORT] },
      cohortAdmin: { kind: 'cohorts', cohortIds: [COHORT] },
      admin: { kind: 'all' },
    }),
  )('%s reads: %j', (_name, persona, expected) => {
    expect(reportScopeOf(persona.caller, persona.memberships)).toEqual(expected);
    expect(outcome(() => requireReportScope(persona.caller, persona.memberships))).toBe(expected ? 'ok' : 'forbidden');
  });

  it('another cohort asked for by a filter does not exist for a tutor', () => {
    const scope = requireReportScope(PERSONAS.tutor.caller, PERSONAS.tutor.memberships);
    expect(outcome(() => requireCohortInReportScope(scope, OTHER_COHORT))).toBe('not_found');
    expect(outcome(() => requireCohortInReportScope(scope, COHORT))).toBe('ok');
    expect(outcome(() => requireCohortInReportScope({ kind: 'all' }, OTHER_COHORT))).toBe('ok');
  });
});

describe('a registration and its payment', () => {
  it.each(perPersona({ signedOut: false, outsider: false, student: true, otherCohortStudent: false, tutor: false, cohortAdmin: false, admin: true }))(
    '%s sees the student’s registration: %s',
    (_name, persona, expected) => expect(canSeeRegistrationOf(persona.caller, STUDENT_ID)).toBe(expected),
  );

  it.each(perPersona({ signedOut: 'not_found', outsider: 'not_found', student: 'ok', otherCohortStudent: 'not_found', tutor: 'not_found', cohortAdmin: 'not_found', admin: 'forbidden' }))(
    '%s pays for it: %s (an admin sees it but never pays for someone)',
    (_name, persona, expected) => expect(outcome(() => requirePayForRegistrationOf(persona.caller, STUDENT_ID))).toBe(expected),
  );
});

describe('the study assistant', () => {
  it.each(perPersona({ signedOut: false, outsider: false, student: true, otherCohortStudent: false, tutor: true, cohortAdmin: true, admin: true }))(
    '%s asks about the student: %s',
    (_name, persona, expected) => expect(canAskAboutStudent(persona.caller, STUDENT_ID, persona.memberships, [COHORT])).toBe(expected),
  );
});
