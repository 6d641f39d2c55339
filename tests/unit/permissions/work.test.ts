/** Quizzes, assignments and feedback (services/quizzes|assignments/permissions.ts), per persona. */
import { describe, expect, it } from 'vitest';
import {
  attemptScopeOf,
  canReadAssignment,
  canReadQuiz,
  canSeeStudentWork,
  contentAccessOf,
  requireReadQuiz,
  requireSubmitAssignment,
  requireTakeQuiz,
  requireWriteFeedback,
  type AttemptScope,
} from '~/lib/server/access/permissions';
import { COHORT, OTHER_COHORT, outcome, perPersona, PERSONAS, STUDENT_ID, type Persona } from './personas';

const accessOf = (persona: Persona) => contentAccessOf(persona.caller, persona.programRoleIds);

describe('a quiz or an assignment of the program', () => {
  it.each(perPersona({ signedOut: 'not_found', outsider: 'not_found', student: 'ok', otherCohortStudent: 'not_found', tutor: 'forbidden', cohortAdmin: 'forbidden', admin: 'forbidden' }))(
    '%s takes a quiz or submits work: %s (staff author and grade; their attempts never mix with the students’)',
    (_name, persona, expected) => {
      expect(outcome(() => requireTakeQuiz(accessOf(persona)))).toBe(expected);
      expect(outcome(() => requireSubmitAssignment(accessOf(persona)))).toBe(expected);
    },
  );

  it.each(perPersona({ signedOut: false, outsider: false, student: false, otherCohortStudent: false, tutor: true, cohortAdmin: true, admin: true }))(
    '%s sees an unpublished quiz or assignment: %s',
    (_name, persona, expected) => {
      expect(canReadQuiz(accessOf(persona), { published: false })).toBe(expected);
      expect(canReadAssignment(accessOf(persona), { published: false })).toBe(expected);
    },
  );

  it('a published quiz of an archived course is gone for its students, not for its staff', () => {
    expect(outcome(() => requireReadQuiz('read', { published: true }, 'INACTIVE'))).toBe('not_found');
    expect(outcome(() => requireReadQuiz('manage', { published: true }, 'INACTIVE'))).toBe('ok');
    expect(outcome(() => requireTakeQuiz('read', 'INACTIVE'))).toBe('not_found');
  });
});

describe('whose attempts and work a caller sees', () => {
  const signedIn = perPersona<AttemptScope>({
    signedOut: { kind: 'own', userId: 0 },
    outsider: { kind: 'own', userId: PERSONAS.outsider.caller.id },
    student: { kind: 'own', userId: STUDENT_ID },
    otherCohortStudent: { kind: 'own', userId: PERSONAS.otherCohortStudent.caller.id },
    tutor: { kind: 'cohorts', cohortIds: [COHORT] },
    cohortAdmin: { kind: 'cohorts', cohortIds: [COHORT] },
    admin: { kind: 'all' },
  }).filter(([name]) => name !== 'signedOut');

  it.each(signedIn)('%s: %j', (_name, persona, expected) => expect(attemptScopeOf(persona.caller!, accessOf(persona), persona.memberships)).toEqual(expected));

  it.each(perPersona({ signedOut: false, outsider: false, student: true, otherCohortStudent: false, tutor: true, cohortAdmin: true, admin: true }).filter(([name]) => name !== 'signedOut'))(
    '%s sees the student’s submission: %s',
    (_name, persona, expected) => {
      const scope = attemptScopeOf(persona.caller!, accessOf(persona), persona.memberships);
      expect(canSeeStudentWork(scope, STUDENT_ID, [COHORT])).toBe(expected);
    },
  );

  it('a tutor does not see a student of another cohort', () => {
    const scope = attemptScopeOf(PERSONAS.tutor.caller, 'manage', PERSONAS.tutor.memberships);
    expect(canSeeStudentWork(scope, PERSONAS.otherCohortStudent.caller.id, [OTHER_COHORT])).toBe(false);
  });

  it.each(perPersona({ signedOut: 'not_found', outsider: 'not_found', student: 'forbidden', otherCohortStudent: 'not_found', tutor: 'ok', cohortAdmin: 'ok', admin: 'ok' }))(
    '%s writes feedback: %s',
    (_name, persona, expected) => expect(outcome(() => requireWriteFeedback(accessOf(persona)))).toBe(expected),
  );
});
