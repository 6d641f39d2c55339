/** The demo data's assignments: an evaluation with two submissions for the tutor to grade (one late, penalized), and Valentina's graded practice with feedback she has not read. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/lib/server/db/client';
import { seedDemoData } from '~/lib/server/services/demo-data';
import { users } from '~/lib/server/db/schema';
import type { Caller } from '~/lib/server/access/permissions';
import { listMyAssignments } from '~/lib/server/services/assignments/list-assignments';
import { getRoster } from '~/lib/server/services/assignments/submissions';
import { countUnseenFeedback } from '~/lib/server/services/assignments/feedbacks';
import { listHomework } from '~/lib/server/services/learning';
import { memberships, cohorts } from '~/lib/server/db/schema';

async function callerNamed(email: string): Promise<Caller> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return { id: user!.id, email, userType: user!.userType, cohorts: [] };
}

describe('demo assignments', () => {
  it('the tutor finds an evaluation with two submissions to grade, one a day late with 10 % off', async () => {
    await seedDemoData(await getDb());
    const tutor = await callerNamed('tutor@senda.test');
    const report = (await listMyAssignments(tutor, { activityType: 'evaluation' })).find(({ assignment }) => assignment.title === 'Informe: tu primer programa')!;
    expect(report.role).toBe('staff');
    const roster = await getRoster(tutor, report.assignment.id, { sort: 'status' });
    const submitted = roster.rows.filter((row) => row.state === 'submitted');
    expect(submitted.map((row) => row.student?.email).sort()).toEqual(['student@senda.test', 'valentina@senda.test']);
    expect(submitted.find((row) => row.student?.email === 'student@senda.test')).toMatchObject({ isLate: true, lateDays: 1, penaltyPercent: 10 });
  });

  it("Valentina sees her graded practice and has one unseen feedback; neither assignment is anyone's homework", async () => {
    await seedDemoData(await getDb());
    const valentina = await callerNamed('valentina@senda.test');
    const glossary = (await listMyAssignments(valentina, { activityType: 'practical' })).find(({ assignment }) => assignment.title === 'Glosario de HTML')!;
    expect(glossary.assignment.mine).toMatchObject({ status: 'graded', score: 90, canSubmit: false });
    expect(await countUnseenFeedback(valentina.id)).toBe(1);
    const db = await getDb();
    const [membership] = await db.select({ pathId: cohorts.learningPathId }).from(memberships).innerJoin(cohorts, eq(cohorts.id, memberships.cohortId)).where(eq(memberships.userId, valentina.id));
    for (const email of ['valentina@senda.test', 'student@senda.test']) {
      const homework = await listHomework((await callerNamed(email)).id, membership!.pathId);
      expect(homework.map((item) => item.title)).not.toContain('Glosario de HTML');
      expect(homework.map((item) => item.title)).not.toContain('Informe: tu primer programa');
    }
  });
});
