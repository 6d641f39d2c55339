/** Matrix rows for the platform user search (finding people to assign to a cohort). */
import { expect } from 'vitest';
import { GET as searchUsers } from '~/pages/api/v2/users/index';
import { authed, type Row } from '../matrix-types';

export const ROWS: Row[] = [
  {
    method: 'GET',
    path: '/api/v2/users/',
    handler: searchUsers,
    // Every persona's user is named "NombreN ApellidoN": this matches them all.
    request: (_, s) => ({ path: '/api/v2/users/?search=apellido', ...authed(s) }),
    // Only those who may assign users somewhere: platform admins and cohort admins (a tutor may not).
    expected: { outsider: 401, student: 403, otherStudent: 403, tutor: 403, cohortAdmin: 200, admin: 200 },
    check: (persona, json, world) => {
      expect(json.count).toBe(5);
      // Cohort admins see names and e-mail only; platform admins also each account's state.
      expect(json.results.find((user: { id: number }) => user.id === world.student.id)).toEqual({
        id: world.student.id,
        firstName: world.student.firstName,
        lastName: world.student.lastName,
        email: world.student.email,
        ...(persona === 'admin' && { account: expect.objectContaining({ userType: 'student', status: 'ACTIVE', invitationPending: false }) }),
      });
    },
  },
  {
    method: 'GET',
    path: '/api/v2/users/ (listing with filters)',
    handler: searchUsers,
    request: (world, s) => ({ path: `/api/v2/users/?inCohort=${world.cohortA.id}&status=ACTIVE&type=student`, ...authed(s) }),
    // Listing everyone and filtering is for platform admins; a cohort admin may only search.
    expected: { outsider: 401, student: 403, otherStudent: 403, tutor: 403, cohortAdmin: 403, admin: 200 },
    check: (_, json, world) => expect(json.results.map((user: { id: number }) => user.id)).toEqual([world.student.id]),
  },
  {
    method: 'GET',
    path: '/api/v2/users/ (with cohort membership)',
    handler: searchUsers,
    request: (world, s) => ({ path: `/api/v2/users/?search=apellido&cohort=${world.cohortA.id}`, ...authed(s) }),
    // As assign_users: cohort A's student and tutor 403, its cohort admin 200, cohort B's student does not see cohort A (404).
    expected: { outsider: 401, student: 403, otherStudent: 404, tutor: 403, cohortAdmin: 200, admin: 200 },
    check: (_, json, world) => {
      const membershipOf = (id: number) => json.results.find((user: { id: number }) => user.id === id)?.membership;
      expect(membershipOf(world.student.id)).toEqual({ role_id: 1, status: 'ACTIVE' });
      expect(membershipOf(world.otherStudent.id)).toBeNull();
    },
  },
];
