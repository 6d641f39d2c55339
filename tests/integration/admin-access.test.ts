import { describe, expect, it } from 'vitest';
import { getAdminAccess, getAdminCohort } from '~/lib/server/access/loaders';
import { listAdminCohorts } from '~/lib/server/services/structure/cohorts';
import { ROLE_IDS } from '~/lib/shared/constants';
import { createCohort, createUser, enrollStudent } from '../factories';

const callerFor = (user: { id: number; email: string; userType: 'student' | 'staff' | 'admin' }) => ({ id: user.id, email: user.email, userType: user.userType, cohorts: [] });

describe('who opens the admin screens', () => {
  it('platform admins open them and see every cohort', async () => {
    const admin = await createUser({ userType: 'admin' });
    expect(await getAdminAccess(callerFor(admin))).toEqual({ open: true, isAdmin: true, cohortIds: [] });
  });

  it('tutors and cohort admins open them for the ACTIVE cohorts they manage only', async () => {
    const tutor = await createUser({ userType: 'staff' });
    const [taught, administered, studied, inactive] = await Promise.all([createCohort(), createCohort(), createCohort(), createCohort()]);
    await enrollStudent(tutor, taught, { roleId: ROLE_IDS.tutor });
    await enrollStudent(tutor, administered, { roleId: ROLE_IDS.cohortAdmin });
    await enrollStudent(tutor, studied, { roleId: ROLE_IDS.student });
    await enrollStudent(tutor, inactive, { roleId: ROLE_IDS.tutor, status: 'INACTIVE' });
    const access = await getAdminAccess(callerFor(tutor));
    expect(access.open).toBe(true);
    expect(access.isAdmin).toBe(false);
    expect(access.cohortIds.sort()).toEqual([taught.id, administered.id].sort());
  });

  it('students, and tutors whose only tutoring membership is INACTIVE, never see them', async () => {
    const student = await createUser();
    const cohort = await createCohort();
    await enrollStudent(student, cohort);
    expect((await getAdminAccess(callerFor(student))).open).toBe(false);

    const former = await createUser({ userType: 'staff' });
    await enrollStudent(former, cohort, { roleId: ROLE_IDS.tutor, status: 'INACTIVE' });
    expect((await getAdminAccess(callerFor(former))).open).toBe(false);
  });

  it('a tutor whose cohort is archived loses the admin screens', async () => {
    const tutor = await createUser({ userType: 'staff' });
    const archived = await createCohort({ status: 'INACTIVE' });
    await enrollStudent(tutor, archived, { roleId: ROLE_IDS.tutor });
    expect(await getAdminAccess(callerFor(tutor))).toMatchObject({ open: false, cohortIds: [] });
  });
});

describe('the cohorts of the admin screens', () => {
  it('lists a tutor only the cohorts they manage, counted and paged as such', async () => {
    const tutor = await createUser({ userType: 'staff' });
    const taught = await createCohort();
    // More cohorts where they study than fit a page: the one they tutor still shows, on page 1.
    for (let index = 0; index < 21; index += 1) await enrollStudent(tutor, await createCohort(), { roleId: ROLE_IDS.student });
    await enrollStudent(tutor, taught, { roleId: ROLE_IDS.tutor });
    const caller = callerFor(tutor);
    const listed = await listAdminCohorts(caller, await getAdminAccess(caller), 1);
    expect(listed.results.map((cohort) => cohort.id)).toEqual([taught.id]);
    expect(listed.count).toBe(1);
  });

  it("opens a cohort's page only for those who manage it, with what their role allows", async () => {
    const tutor = await createUser({ userType: 'staff' });
    const [taught, studied] = await Promise.all([createCohort(), createCohort()]);
    await enrollStudent(tutor, taught, { roleId: ROLE_IDS.tutor });
    await enrollStudent(tutor, studied, { roleId: ROLE_IDS.student });
    const found = await getAdminCohort(callerFor(tutor), taught.id);
    expect(found.cohort.id).toBe(taught.id);
    expect(found.can).toEqual({ assignUsers: false, releaseCourses: true, manageLevels: true, manageNewsAndBanners: true, manageDueDates: true });
    await expect(getAdminCohort(callerFor(tutor), studied.id)).rejects.toMatchObject({ code: 'not_found' });

    const admin = await createUser({ userType: 'admin' });
    expect((await getAdminCohort(callerFor(admin), studied.id)).can.assignUsers).toBe(true);
    await expect(getAdminCohort(callerFor(admin), 2_000_000_000)).rejects.toMatchObject({ code: 'not_found' });
  });
});
