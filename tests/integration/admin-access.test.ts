import { describe, expect, it } from 'vitest';
import { adminAccessOf } from '~/lib/server/services/admin-access';
import { ROLE_IDS } from '~/lib/shared/constants';
import { createCohort, createUser, enrollStudent } from '../factories';

const callerFor = (user: { id: number; email: string; userType: 'student' | 'staff' | 'admin' }) => ({ id: user.id, email: user.email, userType: user.userType, cohorts: [] });

describe('who opens the admin screens', () => {
  it('platform admins open them and see every cohort', async () => {
    const admin = await createUser({ userType: 'admin' });
    expect(await adminAccessOf(callerFor(admin))).toEqual({ open: true, isAdmin: true, cohortIds: [] });
  });

  it('tutors and cohort admins open them for the ACTIVE cohorts they manage only', async () => {
    const tutor = await createUser({ userType: 'staff' });
    const [taught, administered, studied, inactive] = await Promise.all([createCohort(), createCohort(), createCohort(), createCohort()]);
    await enrollStudent(tutor, taught, { roleId: ROLE_IDS.tutor });
    await enrollStudent(tutor, administered, { roleId: ROLE_IDS.cohortAdmin });
    await enrollStudent(tutor, studied, { roleId: ROLE_IDS.student });
    await enrollStudent(tutor, inactive, { roleId: ROLE_IDS.tutor, status: 'INACTIVE' });
    const access = await adminAccessOf(callerFor(tutor));
    expect(access.open).toBe(true);
    expect(access.isAdmin).toBe(false);
    expect(access.cohortIds.sort()).toEqual([taught.id, administered.id].sort());
  });

  it('students, and tutors whose only tutoring membership is INACTIVE, never see them', async () => {
    const student = await createUser();
    const cohort = await createCohort();
    await enrollStudent(student, cohort);
    expect((await adminAccessOf(callerFor(student))).open).toBe(false);

    const former = await createUser({ userType: 'staff' });
    await enrollStudent(former, cohort, { roleId: ROLE_IDS.tutor, status: 'INACTIVE' });
    expect((await adminAccessOf(callerFor(former))).open).toBe(false);
  });

  it('a tutor whose cohort is archived loses the admin screens', async () => {
    const tutor = await createUser({ userType: 'staff' });
    const archived = await createCohort({ status: 'INACTIVE' });
    await enrollStudent(tutor, archived, { roleId: ROLE_IDS.tutor });
    expect(await adminAccessOf(callerFor(tutor))).toMatchObject({ open: false, cohortIds: [] });
  });
});
