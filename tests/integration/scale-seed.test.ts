import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/lib/server/db/client';
import { scaleCounts, seedScaleData } from '~/lib/server/db/scale-seed';
import { loginWithPassword } from '~/lib/server/services/auth/login';
import { listCoursesForUser } from '~/lib/server/services/learning';

const countOf = async (table: string) => {
  const result = (await (await getDb()).execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] } | { n: number }[];
  return (Array.isArray(result) ? result : result.rows)[0]!.n;
};

describe('the scale seed', () => {
  it('produces the issue-3 dataset in proportion (20,000 students, …, 200,000 history rows at scale 1)', () => {
    expect(scaleCounts(1)).toEqual({ students: 20_000, cohorts: 200, programs: 100, courses: 1_000, lessons: 20_000, lessonHistory: 200_000 });
  });

  it('inserts those rows, and its students can sign in and see their program', async () => {
    const counts = await seedScaleData(await getDb(), 0.01);
    expect(counts).toEqual({ students: 200, cohorts: 2, programs: 1, courses: 10, lessons: 200, lessonHistory: 2_000 });
    expect(await countOf('users')).toBe(200);
    expect(await countOf('cohorts')).toBe(2);
    expect(await countOf('courses')).toBe(10);
    expect(await countOf('lessons')).toBe(200);
    expect(await countOf('memberships')).toBe(200);
    expect(await countOf('lesson_history')).toBe(2_000);
    const session = await loginWithPassword({ email: 'scale-student-7@senda.test', password: 'Senda-scale-1', ip: '10.3.0.1' });
    expect((await listCoursesForUser(session.user.id)).length).toBe(10);
  });
});
