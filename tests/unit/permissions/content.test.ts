/** Who reads and manages a program's content, and what a release shows (services/content/permissions.ts), per persona. */
import { describe, expect, it } from 'vitest';
import {
  canManagePrograms,
  canPreviewLessonContent,
  canReadContent,
  canSeeCohortCourse,
  contentAccessOf,
  releasedAccessOf,
  requireManageContent,
  requireReadContent,
} from '~/lib/server/access/permissions';
import { ROLE_IDS } from '~/lib/shared/constants';
import { outcome, perPersona } from './personas';

describe('a program’s content', () => {
  it.each(perPersona({ signedOut: 'none', outsider: 'none', student: 'read', otherCohortStudent: 'none', tutor: 'manage', cohortAdmin: 'manage', admin: 'manage' }))(
    '%s: %s',
    (_name, persona, expected) => expect(contentAccessOf(persona.caller, persona.programRoleIds)).toBe(expected),
  );

  it('a student who is also a tutor in another cohort of the program manages it', () => {
    expect(contentAccessOf({ id: 9, email: 'x@senda.test', userType: 'staff', cohorts: [] }, [ROLE_IDS.student, ROLE_IDS.tutor])).toBe('manage');
  });

  it('readers see ACTIVE content only; managers also what is archived', () => {
    expect(canReadContent('read')).toBe(true);
    expect(canReadContent('read', 'INACTIVE')).toBe(false);
    expect(canReadContent('manage', 'INACTIVE')).toBe(true);
    expect(canReadContent('none')).toBe(false);
  });

  it('content not readable does not exist (404); readable but not manageable is 403', () => {
    expect(outcome(() => requireReadContent('none'))).toBe('not_found');
    expect(outcome(() => requireReadContent('read', 'INACTIVE'))).toBe('not_found');
    expect(outcome(() => requireManageContent('none'))).toBe('not_found');
    expect(outcome(() => requireManageContent('read'))).toBe('forbidden');
    expect(outcome(() => requireManageContent('manage', 'INACTIVE'))).toBe('ok');
  });

  it.each(perPersona({ signedOut: false, outsider: false, student: false, otherCohortStudent: false, tutor: true, cohortAdmin: true, admin: true }))(
    '%s previews lesson Markdown: %s',
    (_name, persona, expected) => expect(canPreviewLessonContent(persona.caller, persona.memberships)).toBe(expected),
  );

  it.each(perPersona({ signedOut: false, outsider: false, student: false, otherCohortStudent: false, tutor: false, cohortAdmin: false, admin: true }))(
    '%s creates programs and courses: %s',
    (_name, persona, expected) => expect(canManagePrograms(persona.caller)).toBe(expected),
  );
});

describe('releases (drip)', () => {
  const scheduled = { kind: 'scheduled', at: new Date('2027-02-01T05:00:00Z') } as const;

  it('a student sees a scheduled course (its date) but none of its content until it is released', () => {
    expect(releasedAccessOf('read', scheduled, 'course')).toBe('read');
    expect(releasedAccessOf('read', scheduled, 'content')).toBe('none');
    expect(releasedAccessOf('read', { kind: 'released' }, 'content')).toBe('read');
    expect(releasedAccessOf('read', { kind: 'unreleased' }, 'course')).toBe('none');
  });

  it('managers see everything, released or not; nobody else gains access from a release', () => {
    expect(releasedAccessOf('manage', { kind: 'unreleased' }, 'content')).toBe('manage');
    expect(releasedAccessOf('none', { kind: 'released' }, 'content')).toBe('none');
  });

  it('in a cohort, students see the courses released or scheduled to it; its staff every course', () => {
    expect(canSeeCohortCourse(ROLE_IDS.student, null)).toBe(false);
    expect(canSeeCohortCourse(ROLE_IDS.student, '2027-02-01T05:00:00Z')).toBe(true);
    expect(canSeeCohortCourse(ROLE_IDS.tutor, null)).toBe(true);
    expect(canSeeCohortCourse(ROLE_IDS.cohortAdmin, null)).toBe(true);
  });
});
