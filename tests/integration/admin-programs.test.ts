/** What the programs admin pages load for each kind of caller (the pages call these services directly). */
import { describe, expect, it } from 'vitest';
import { getManagedProgram, listManagedPrograms } from '~/lib/server/services/content/programs';
import type { Caller } from '~/lib/server/access/permissions';
import { ROLE_IDS } from '~/lib/shared/constants';
import { createCohort, createProgram, createUser, createWorld, enrollStudent } from '../factories';

const callerOf = (user: { id: number; email: string; userType: Caller['userType'] }): Caller => ({ id: user.id, email: user.email, userType: user.userType, cohorts: [] });

describe('programs in the admin screens', () => {
  it("lists to a tutor the programs of the cohorts they manage, not those where they study, nor an inactive cohort's", async () => {
    const world = await createWorld();
    const tutor = callerOf(world.tutor);
    const studied = await createCohort({ programId: (await createProgram({ name: 'Donde estudia' })).id });
    await enrollStudent(world.tutor, studied);
    const paused = await createCohort({ programId: (await createProgram({ name: 'Cohorte pausada' })).id, status: 'INACTIVE' });
    await enrollStudent(world.tutor, paused, { roleId: ROLE_IDS.tutor });
    const coManaged = await createCohort({ programId: world.cohortA.programId });
    await enrollStudent(world.tutor, coManaged, { roleId: ROLE_IDS.cohortAdmin });

    const listed = await listManagedPrograms(tutor);

    // The program followed by two managed cohorts shows once.
    expect(listed.map((program) => program.id)).toEqual([world.cohortA.programId]);
    expect(await listManagedPrograms(callerOf(world.student))).toEqual([]);
  });

  it("opens a program's page for admins and its cohort's tutor; its student and everyone else get 404", async () => {
    const world = await createWorld();
    const programId = world.cohortA.programId!;

    expect((await getManagedProgram(callerOf(world.admin), programId)).id).toBe(programId);
    expect((await getManagedProgram(callerOf(world.tutor), programId)).id).toBe(programId);
    for (const caller of [callerOf(world.student), callerOf(world.otherStudent), callerOf(await createUser({ userType: 'staff' }))]) {
      await expect(getManagedProgram(caller, programId)).rejects.toMatchObject({ code: 'not_found' });
    }
    await expect(getManagedProgram(callerOf(world.tutor), world.cohortB.programId!)).rejects.toMatchObject({ code: 'not_found' });
    await expect(getManagedProgram(callerOf(world.admin), 999_999)).rejects.toMatchObject({ code: 'not_found' });
  });
});
