/**
 * Matrix rows for consents and withdrawals (ADR 030). Everyone signed in
 * reads, grants and withdraws only their own consents. A cohort's tutors,
 * cohort admins and platform admins list its withdrawals; only cohort admins
 * and platform admins withdraw or readmit a student (tutors 403); a student
 * withdraws only themselves, from a cohort they take part in as a student.
 */
import { expect } from 'vitest';
import { GET as myConsents } from '~/pages/api/v2/profiles/me/consents/index';
import * as consentRoute from '~/pages/api/v2/profiles/me/consents/[purpose]';
import { GET as myCohorts } from '~/pages/api/v2/profiles/me/cohorts';
import * as withdrawalsRoute from '~/pages/api/v2/cohorts/[id]/withdrawals/index';
import { DELETE as readmitRoute } from '~/pages/api/v2/cohorts/[id]/withdrawals/[userId]';
import { POST as myWithdrawalRoute } from '~/pages/api/v2/cohorts/[id]/my-withdrawal';
import { withdrawStudent } from '~/lib/server/services/structure/withdrawals';
import { createUser, enrollStudent } from '../../../factories';
import { callerOf } from '../../../factories/forums';
import { authed, members, type Expected, type Row, type World } from '../matrix-types';

/** Staff of cohort A and platform admins; A's student 403, B's 404. */
const staffOfA = (status: number): Expected => ({ outsider: 401, student: 403, otherStudent: 404, tutor: status, admin: status });
/** Cohort admins of A and platform admins; tutors and A's student 403, B's 404. */
const cohortAdminsOfA = (status: number): Expected => ({ outsider: 401, student: 403, otherStudent: 404, tutor: 403, cohortAdmin: status, admin: status });

const ofCohortA = (world: World, suffix = '') => ({ path: `/api/v2/cohorts/${world.cohortA.id}/withdrawals/${suffix}`, params: { id: String(world.cohortA.id) } });

/** Another student of cohort A, withdrawn by the platform's admin, for the readmission row. */
async function withdrawnStudentOfA(world: World) {
  const leaver = await createUser({ userType: 'student' });
  await enrollStudent(leaver, world.cohortA);
  await withdrawStudent(await callerOf(world.admin), world.cohortA.id, { userId: leaver.id, reason: 'moved' });
  return leaver;
}

export const ROWS: Row[] = [
  {
    method: 'GET',
    path: '/api/v2/profiles/me/consents/',
    handler: myConsents,
    request: (_, s) => ({ path: '/api/v2/profiles/me/consents/', ...authed(s) }),
    expected: members(200),
    check: (_, json) => expect(json.results.map((item: { purpose: string }) => item.purpose)).toEqual(['general', 'sensitive_data', 'funder_reports']),
  },
  {
    method: 'PUT',
    path: '/api/v2/profiles/me/consents/{purpose}/',
    handler: consentRoute.PUT,
    request: (_, s) => ({ method: 'PUT', path: '/api/v2/profiles/me/consents/funder_reports/', params: { purpose: 'funder_reports' }, body: {}, ...authed(s) }),
    expected: members(200),
    check: (_, json) => expect(json.results[2]).toMatchObject({ purpose: 'funder_reports', isGranted: true, channel: 'account' }),
  },
  {
    method: 'DELETE',
    path: '/api/v2/profiles/me/consents/{purpose}/',
    handler: consentRoute.DELETE,
    request: (_, s) => ({ method: 'DELETE', path: '/api/v2/profiles/me/consents/funder_reports/', params: { purpose: 'funder_reports' }, ...authed(s) }),
    expected: members(200),
    check: (_, json) => expect(json.results[2]).toMatchObject({ purpose: 'funder_reports', isGranted: false }),
  },
  {
    method: 'GET',
    path: '/api/v2/profiles/me/cohorts/',
    handler: myCohorts,
    request: (_, s) => ({ path: '/api/v2/profiles/me/cohorts/', ...authed(s) }),
    expected: members(200),
    // Only one's own cohorts as a student: staff see none.
    check: (persona, json, world) =>
      expect(json.results.map((item: { cohortId: number }) => item.cohortId)).toEqual(persona === 'student' ? [world.cohortA.id] : persona === 'otherStudent' ? [world.cohortB.id] : []),
  },
  {
    method: 'GET',
    path: '/api/v2/cohorts/{id}/withdrawals/',
    handler: withdrawalsRoute.GET,
    request: async (world, s) => {
      await withdrawnStudentOfA(world);
      return { ...ofCohortA(world), ...authed(s) };
    },
    expected: staffOfA(200),
    check: (_, json) => expect(json).toMatchObject({ results: [{ reason: 'moved', isSelf: false }], byReason: { moved: 1 } }),
  },
  {
    method: 'POST',
    path: '/api/v2/cohorts/{id}/withdrawals/',
    handler: withdrawalsRoute.POST,
    request: (world, s) => ({ method: 'POST', ...ofCohortA(world), body: { userId: world.student.id, reason: 'finances', withdrawnOn: '2026-01-10' }, ...authed(s) }),
    expected: cohortAdminsOfA(201),
    check: (_, json, world) => expect(json).toMatchObject({ userId: world.student.id, reason: 'finances', withdrawnOn: '2026-01-10' }),
  },
  {
    method: 'DELETE',
    path: '/api/v2/cohorts/{id}/withdrawals/{userId}/',
    handler: readmitRoute,
    request: async (world, s) => {
      const leaver = await withdrawnStudentOfA(world);
      return { method: 'DELETE', path: `/api/v2/cohorts/${world.cohortA.id}/withdrawals/${leaver.id}/`, params: { id: String(world.cohortA.id), userId: String(leaver.id) }, ...authed(s) };
    },
    expected: cohortAdminsOfA(204),
  },
  {
    method: 'POST',
    path: '/api/v2/cohorts/{id}/my-withdrawal/',
    handler: myWithdrawalRoute,
    request: (world, s) => ({ method: 'POST', path: `/api/v2/cohorts/${world.cohortA.id}/my-withdrawal/`, params: { id: String(world.cohortA.id) }, body: { reason: 'health' }, ...authed(s) }),
    // Only a student of cohort A withdraws from it; staff are no students of it, B's student no member.
    expected: { outsider: 401, student: 201, otherStudent: 404, tutor: 404, admin: 404 },
    check: (_, json, world) => expect(json).toMatchObject({ userId: world.student.id, reason: 'health', isSelf: true }),
  },
];

