/** The demo data's quizzes: one of each activity type, the six question types, a time limit, and Valentina's graded attempt. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/lib/server/db/client';
import { seedDemoData } from '~/lib/server/services/demo-data';
import { users } from '~/lib/server/db/schema';
import type { Caller } from '~/lib/server/access/permissions';
import { getAttemptDetail, listAttempts } from '~/lib/server/services/quizzes/attempt-results';
import { listMyQuizzes, listQuizHomework } from '~/lib/server/services/quizzes/list-quizzes';
import { getQuiz } from '~/lib/server/services/quizzes/author-quiz';
import { listMembershipsOf } from '~/lib/server/services/memberships';

async function callerNamed(email: string): Promise<Caller> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return { id: user!.id, email, userType: user!.userType, cohorts: [] };
}

describe('demo quizzes', () => {
  it('a student finds a published quiz of each activity type, one with all six question types and a time limit', async () => {
    await seedDemoData(await getDb());
    const student = await callerNamed('student@senda.test');
    const quizzes = await listMyQuizzes(student);
    // The study assistant's demo adds a second practice (services/jarvis/demo-data.ts), which Sofía already failed.
    expect(quizzes.map(({ quiz }) => quiz.activityType).sort()).toEqual(['evaluation', 'nivelation', 'practical', 'practical']);
    expect(quizzes.find(({ quiz }) => quiz.title === 'Práctica: variables y condicionales')!.quiz).toMatchObject({ status: 'completed', attemptsUsed: 1, bestPercent: 25 });
    const evaluation = quizzes.find(({ quiz }) => quiz.activityType === 'evaluation')!.quiz;
    expect(evaluation).toMatchObject({ timeLimitS: 1200, questionCount: 6, status: 'not_started', availability: 'open' });
    const tutorView = await getQuiz(await callerNamed('tutor@senda.test'), evaluation.id);
    expect('questions' in tutorView && tutorView.questions.map((question) => question.type)).toEqual(['single', 'multiple', 'true_false', 'short_text', 'numeric', 'open']);
  });

  it("Valentina's attempt is submitted and graded, and its stored score is the one the service computes", async () => {
    await seedDemoData(await getDb());
    const valentina = await callerNamed('valentina@senda.test');
    const evaluation = (await listMyQuizzes(valentina)).find(({ quiz }) => quiz.activityType === 'evaluation')!.quiz;
    expect(evaluation, JSON.stringify(evaluation)).toMatchObject({ status: 'completed', attemptsUsed: 1, bestPercent: 75.9 });
    const page = await listAttempts(valentina, evaluation.id, { page: 1 }, 'http://localhost/');
    const detail = await getAttemptDetail(valentina, evaluation.id, page.results[0]!.id);
    expect(detail.attempt).toMatchObject({ status: 'completed', score: 6.83, maxScore: 9, passed: true, pendingManualGrading: false });
    const earned = detail.review!.reduce((sum, item) => sum + (item.earned ?? 0), 0);
    expect(Math.round(earned * 100) / 100).toBe(6.83);
    expect(detail.review!.find((item) => item.type === 'open')).toMatchObject({ earned: 2.5, graderFeedback: expect.stringContaining('Buena definición') });
    // Submitted and graded: not homework any more; the other three still are.
    const [membership] = await listMembershipsOf(valentina.id);
    const homework = await listQuizHomework(valentina, membership!.learningPathId);
    expect(homework.map((item) => item.activityType).sort()).toEqual(['nivelation', 'practical', 'practical']);
  });
});
