/**
 * A student's own state in quizzes (attempts used, best result, an attempt
 * under way), read fresh from their attempts by index: never cached, since
 * it changes with every start and submit. An attempt found past its
 * deadline is closed first (close on read), so what they see is right even
 * before the job engine gets to it.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { availabilityOf } from '~/lib/shared/quizzes';
import type { QuizStudentStatus, ReaderQuiz } from '~/lib/shared/schemas/quizzes';
import { getDb } from '~/lib/server/db/client';
import { quizAttempts } from '~/lib/server/db/schema';
import { closeAttempt, isPastGrace } from './close-attempts';
import type { QuizSettings } from './quiz-cache';
import { toQuizSettingsView } from './quiz-views';

export interface StudentQuizState {
  attemptsUsed: number;
  bestPercent: number | null;
  status: QuizStudentStatus;
  openAttemptId: number | null;
}

const NOT_STARTED: StudentQuizState = { attemptsUsed: 0, bestPercent: null, status: 'not_started', openAttemptId: null };

async function readAttempts(userId: number, quizIds: number[]) {
  const db = await getDb();
  return db
    .select({ id: quizAttempts.id, quizId: quizAttempts.quizId, status: quizAttempts.status, deadline: quizAttempts.deadline, percent: quizAttempts.percent })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), inArray(quizAttempts.quizId, quizIds)));
}

/** A student's state in each of some quizzes (closing any attempt of theirs found past its deadline first). */
export async function readStudentStates(userId: number, quizIds: readonly number[]): Promise<Map<number, StudentQuizState>> {
  const states = new Map<number, StudentQuizState>(quizIds.map((id) => [id, { ...NOT_STARTED }]));
  if (quizIds.length === 0) return states;
  let rows = await readAttempts(userId, [...quizIds]);
  const overdue = rows.filter((row) => isPastGrace(row));
  if (overdue.length > 0) {
    for (const row of overdue) await closeAttempt(row.id, { onlyPastGrace: true });
    rows = await readAttempts(userId, [...quizIds]);
  }
  for (const row of rows) {
    const state = states.get(row.quizId)!;
    state.attemptsUsed++;
    if (row.status === 'in_progress') {
      state.status = 'in_progress';
      state.openAttemptId = row.id;
    } else {
      if (state.status !== 'in_progress') state.status = 'completed';
      if (row.percent !== null) state.bestPercent = Math.max(state.bestPercent ?? 0, row.percent);
    }
  }
  return states;
}

/** A quiz as a student sees it: its settings, its window now, their own state; never its questions. */
export function toReaderQuiz(quiz: QuizSettings, state: StudentQuizState, now = Date.now()): ReaderQuiz {
  return {
    ...toQuizSettingsView(quiz),
    availability: availabilityOf(quiz, now),
    attemptsUsed: state.attemptsUsed,
    bestPercent: state.bestPercent,
    status: state.status,
    openAttemptId: state.openAttemptId,
  };
}
