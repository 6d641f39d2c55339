import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCohortCatalogs } from '~/lib/server/services/cohort-catalog';
import { forgetMemberships } from '~/lib/server/services/memberships';
import { listCoursesForUser } from '~/lib/server/services/learning';
import { createCohort, createReleasedCourse, createUser, enrollStudent } from '../factories';

const names = async (userId: number) => (await listCoursesForUser(userId)).map((course) => course.name);

afterEach(() => vi.useRealTimers());

describe('cohort catalogs and memberships are cached briefly', () => {
  it('shows a course added by another server within 30 s, and at once when this process writes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const student = await createUser();
    const cohort = await createCohort();
    await enrollStudent(student, cohort);
    await createReleasedCourse(cohort, { name: 'Primero', position: 1 });
    expect(await names(student.id)).toEqual(['Primero']);

    await createReleasedCourse(cohort, { name: 'Segundo', position: 2 });
    expect(await names(student.id)).toEqual(['Primero']);
    vi.advanceTimersByTime(30_001);
    expect(await names(student.id)).toEqual(['Primero', 'Segundo']);

    await createReleasedCourse(cohort, { name: 'Tercero', position: 3 });
    forgetCohortCatalogs([cohort.id]);
    expect(await names(student.id)).toEqual(['Primero', 'Segundo', 'Tercero']);
  });

  it('drops a removed membership within 10 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const student = await createUser();
    const cohort = await createCohort();
    const later = await createCohort();
    await enrollStudent(student, cohort);
    await createReleasedCourse(cohort, { name: 'Actual' });
    await createReleasedCourse(later, { name: 'Nuevo' });
    expect(await names(student.id)).toEqual(['Actual']);
    await enrollStudent(student, later);
    vi.advanceTimersByTime(10_001);
    expect(await names(student.id)).toEqual(['Actual', 'Nuevo']);
    forgetMemberships(student.id);
  });
});
