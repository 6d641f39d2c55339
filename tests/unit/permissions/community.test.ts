/** Forums and live sessions (services/forums|live-sessions/permissions.ts), per persona. */
import { describe, expect, it } from 'vitest';
import {
  canCreateProgramForum,
  canEditOwnPost,
  canJoinLiveSession,
  canPostInThread,
  canSeeHiddenPosts,
  forumAccessOf,
  isJoinWindowOpen,
  mentionScopeOf,
  requireModerateForum,
  requireReadForum,
} from '~/lib/server/access/permissions';
import { outcome, perPersona, PERSONAS, STUDENT_ID } from './personas';

describe('a forum of the cohort’s program', () => {
  it.each(perPersona({ signedOut: 'none', outsider: 'none', student: 'participate', otherCohortStudent: 'none', tutor: 'moderate', cohortAdmin: 'moderate', admin: 'moderate' }))(
    '%s: %s',
    (_name, persona, expected) => expect(forumAccessOf(persona.caller, persona.programRoleIds)).toBe(expected),
  );

  it('an archived forum exists for its moderators only; moderating is 403 for participants, 404 for everyone else', () => {
    expect(outcome(() => requireReadForum('participate', 'INACTIVE'))).toBe('not_found');
    expect(outcome(() => requireReadForum('moderate', 'INACTIVE'))).toBe('ok');
    expect(outcome(() => requireModerateForum('participate'))).toBe('forbidden');
    expect(outcome(() => requireModerateForum('none'))).toBe('not_found');
  });

  it('moderators see hidden posts and answer in locked threads; participants neither', () => {
    expect(canSeeHiddenPosts('moderate')).toBe(true);
    expect(canSeeHiddenPosts('participate')).toBe(false);
    expect(canPostInThread('participate', { locked: false })).toBe(true);
    expect(canPostInThread('participate', { locked: true })).toBe(false);
    expect(canPostInThread('moderate', { locked: true })).toBe(true);
    expect(canPostInThread('none', { locked: false })).toBe(false);
  });

  it('one’s own post is changed within the edit window only; never someone else’s, an admin’s included', () => {
    const createdAt = new Date('2026-11-27T15:00:00Z');
    const window = 30 * 60_000;
    expect(canEditOwnPost(PERSONAS.student.caller, { authorId: STUDENT_ID, createdAt }, window, new Date('2026-11-27T15:29:00Z'))).toBe(true);
    expect(canEditOwnPost(PERSONAS.student.caller, { authorId: STUDENT_ID, createdAt }, window, new Date('2026-11-27T15:31:00Z'))).toBe(false);
    expect(canEditOwnPost(PERSONAS.admin.caller, { authorId: STUDENT_ID, createdAt }, window, new Date('2026-11-27T15:01:00Z'))).toBe(false);
  });

  it.each(perPersona({ signedOut: false, outsider: false, student: false, otherCohortStudent: false, tutor: false, cohortAdmin: false, admin: true }))(
    '%s creates a program’s forum (shared by all its cohorts): %s',
    (_name, persona, expected) => expect(canCreateProgramForum(persona.caller)).toBe(expected),
  );

  it('mentions reach the forum’s cohort; in a program’s forum, the caller’s own cohorts (every cohort for an admin)', () => {
    expect(mentionScopeOf(PERSONAS.student.caller, { programId: null, cohortId: 10 }, [])).toEqual({ kind: 'cohorts', cohortIds: [10] });
    expect(mentionScopeOf(PERSONAS.tutor.caller, { programId: 3, cohortId: null }, [10])).toEqual({ kind: 'cohorts', cohortIds: [10] });
    expect(mentionScopeOf(PERSONAS.admin.caller, { programId: 3, cohortId: null }, [])).toEqual({ kind: 'program', programId: 3 });
  });
});

describe('live sessions', () => {
  it.each(perPersona({ signedOut: false, outsider: false, student: true, otherCohortStudent: false, tutor: false, cohortAdmin: false, admin: false }))(
    '%s joins (joining records attendance): %s',
    (_name, persona, expected) => expect(canJoinLiveSession(persona.roleInCohort)).toBe(expected),
  );

  it('the link is given from the window’s opening before the start until the end', () => {
    const session = { startsAt: new Date('2026-11-27T15:00:00Z'), endsAt: new Date('2026-11-27T16:00:00Z') };
    const before = 15 * 60_000;
    expect(isJoinWindowOpen(session, before, new Date('2026-11-27T14:44:00Z'))).toBe(false);
    expect(isJoinWindowOpen(session, before, new Date('2026-11-27T14:45:00Z'))).toBe(true);
    expect(isJoinWindowOpen(session, before, new Date('2026-11-27T16:00:00Z'))).toBe(true);
    expect(isJoinWindowOpen(session, before, new Date('2026-11-27T16:00:01Z'))).toBe(false);
  });
});
