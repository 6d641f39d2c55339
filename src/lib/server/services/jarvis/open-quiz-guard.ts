/**
 * Nothing about a quiz while the student has an attempt open on it: the
 * quizzes they are taking now (read from their attempts, not from any cache)
 * and whether a chat question names one — by its title, or by most of the
 * words of one of the questions the attempt shows. Such a question is
 * refused politely without reaching the model or the lesson search.
 */
import { and, eq } from 'drizzle-orm';
import { getDb } from '~/lib/server/db/client';
import { quizAttempts, quizzes } from '~/lib/server/db/schema';
import { getVersions } from '~/lib/server/services/quizzes/quiz-cache';

export interface OpenQuiz {
  id: number;
  title: string;
  questionPrompts: string[];
}

/** A question shares this much of a prompt's significant words (and at least MIN_SHARED_WORDS of them) to name it. */
const PROMPT_WORDS_SHARE = 0.6;
const MIN_SHARED_WORDS = 3;
const SIGNIFICANT_WORD_LENGTH = 4;
/** Titles shorter than this ("Quiz", "1") are too common to count as naming the quiz. */
const TITLE_MIN_LENGTH = 5;

/** Lower case, without accents or punctuation, single spaces. */
const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The quizzes the student has an attempt in progress on, with the questions those attempts show. */
export async function listOpenQuizzes(studentId: number): Promise<OpenQuiz[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: quizzes.id, title: quizzes.title, questions: quizAttempts.questions })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .where(and(eq(quizAttempts.userId, studentId), eq(quizAttempts.status, 'in_progress')));
  if (rows.length === 0) return [];
  const versions = await getVersions(rows.flatMap((row) => row.questions.map((question) => question.v)));
  return rows.map((row) => ({ id: row.id, title: row.title, questionPrompts: row.questions.flatMap((question) => versions.get(question.v)?.prompt ?? []) }));
}

function namesPrompt(messageWords: ReadonlySet<string>, prompt: string): boolean {
  const words = [...new Set(normalize(prompt).split(' '))].filter((word) => word.length >= SIGNIFICANT_WORD_LENGTH);
  const shared = words.filter((word) => messageWords.has(word)).length;
  return shared >= MIN_SHARED_WORDS && shared >= words.length * PROMPT_WORDS_SHARE;
}

/** The open quiz a chat question names, if any. */
export function findNamedOpenQuiz(message: string, openQuizzes: readonly OpenQuiz[]): OpenQuiz | null {
  const text = ` ${normalize(message)} `;
  const words = new Set(text.trim().split(' '));
  return (
    openQuizzes.find((quiz) => {
      const title = normalize(quiz.title);
      if (title.length >= TITLE_MIN_LENGTH && text.includes(` ${title} `)) return true;
      return quiz.questionPrompts.some((prompt) => namesPrompt(words, prompt));
    }) ?? null
  );
}
