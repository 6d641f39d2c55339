/**
 * The quiz caches (definitions, a course's quiz list, the activity counts)
 * show a write made by plain SQL at once, as another app server's would be:
 * the database announces it (ADR 006). Versions and attempt shapes are
 * cached by id and never change, so there is nothing to drop for them.
 */
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { getQuiz } from '~/lib/server/services/quizzes/author-quiz';
import { listCourseQuizEntries } from '~/lib/server/services/quizzes/list-quizzes';
import { startAttempt } from '~/lib/server/services/quizzes/start-attempt';
import { listCoursesForUser } from '~/lib/server/services/learning';
import { createWorld } from '../factories';
import { createSixTypeQuiz } from '../factories/quizzes';

const run = async (query: ReturnType<typeof sql>) => (await getDb()).execute(query);
let world: Awaited<ReturnType<typeof createWorld>>;
let student: Caller;
beforeEach(async () => {
  world = await createWorld();
  student = { id: world.student.id, email: world.student.email, userType: 'student', cohorts: [] };
});

describe('quiz caches follow the database', () => {
  it('quizzes: a quiz renamed or unpublished by SQL shows so on the next read, in the course list and the activity counts', async () => {
    const quiz = await createSixTypeQuiz(world.courseA.id);
    expect((await listCourseQuizEntries(student, world.courseA.id)).map((entry) => entry.quiz.title)).toEqual(['Cuestionario de prueba']);
    const counts = async () => (await listCoursesForUser(world.student.id)).find((course) => course.id === world.courseA.id)!.activityCounts;
    expect((await counts()).evaluation).toBe(1);
    await run(sql`update quizzes set title = 'Renombrado' where id = ${quiz.id}`);
    expect((await getQuiz(student, quiz.id)).title).toBe('Renombrado');
    await run(sql`update quizzes set published = false where id = ${quiz.id}`);
    expect(await listCourseQuizEntries(student, world.courseA.id)).toEqual([]);
    expect((await counts()).evaluation).toBe(0);
  });

  it('questions: a new current version written by SQL is what the next attempt gets', async () => {
    const quiz = await createSixTypeQuiz(world.courseA.id, { questions: [{ type: 'open', prompt: 'Primera versión' }] });
    const questionId = quiz.questions[0]!.id;
    await run(sql`with v as (insert into question_versions (question_id, version, type, prompt) values (${questionId}, 2, 'open', 'Segunda versión') returning id)
      update bank_questions set current_version_id = (select id from v) where id = ${questionId}`);
    expect((await startAttempt(student, quiz.id)).questions[0]!.prompt).toBe('Segunda versión');
  });

  it('quiz items: a question added by SQL counts in the course list', async () => {
    const quiz = await createSixTypeQuiz(world.courseA.id);
    expect((await listCourseQuizEntries(student, world.courseA.id))[0]!.quiz.questionCount).toBe(6);
    await run(sql`insert into quiz_items (quiz_id, position, draw_tag, draw_count) values (${quiz.id}, 6, 'extra', 2)`);
    expect((await listCourseQuizEntries(student, world.courseA.id))[0]!.quiz.questionCount).toBe(8);
  });
});
