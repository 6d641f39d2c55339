/**
 * Nothing about a quiz while the student has an attempt open on it: the
 * quizzes they are taking now (read from their attempts, not from any cache)
 * and whether a chat question names one — by its title, by one of the
 * questions the attempt shows (quoted whole, or most of its words), or by
 * all the choices of one of them. Such a question is refused politely
 * without reaching the model or the lesson search. The conversation sent
 * with it is not checked here: while an attempt is open it is not sent to
 * the model at all (chat.ts).
 */
import { and, eq } from 'drizzle-orm';
import { getDb } from '~/lib/server/db/client';
import { quizAttempts, quizzes } from '~/lib/server/db/schema';
import { getVersions } from '~/lib/server/services/quizzes/quiz-cache';

export interface OpenQuiz {
  id: number;
  title: string;
  /** The questions the attempt shows: their prompts and, for choice questions, the choices' texts. */
  questions: { prompt: string; options: string[] }[];
}

/** A question shares this much of a prompt's significant words (and at least MIN_SHARED_WORDS of them) to name it. */
const PROMPT_WORDS_SHARE = 0.6;
const MIN_SHARED_WORDS = 3;
const SIGNIFICANT_WORD_LENGTH = 4;
/** Titles shorter than this ("Quiz", "1") are too common to count as naming the quiz. */
const TITLE_MIN_LENGTH = 5;
/** A prompt quoted whole names its question from this length on (normalized): "que es html" does, "que es" does not. */
const QUOTED_PROMPT_MIN_LENGTH = 10;
/** The choices of a question, all quoted, name it from this combined length on ("si" and "no" do not). */
const QUOTED_OPTIONS_MIN_LENGTH = 10;
/** Questions whose choices are words everyone writes ("Verdadero", "Falso"): their choices name nothing. */
const CHOICE_TYPES = new Set(['single', 'multiple']);

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
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    questions: row.questions.flatMap((question) => {
      const version = versions.get(question.v);
      return version ? [{ prompt: version.prompt, options: CHOICE_TYPES.has(version.type) ? version.options.map((option) => option.text) : [] }] : [];
    }),
  }));
}

/** `text` (normalized, between spaces) holds `phrase` as whole words. */
const quotes = (text: string, phrase: string) => phrase.length > 0 && text.includes(` ${phrase} `);

function namesPrompt(text: string, messageWords: ReadonlySet<string>, prompt: string): boolean {
  const normalized = normalize(prompt);
  if (normalized.length >= QUOTED_PROMPT_MIN_LENGTH && quotes(text, normalized)) return true;
  const words = [...new Set(normalized.split(' '))].filter((word) => word.length >= SIGNIFICANT_WORD_LENGTH);
  const shared = words.filter((word) => messageWords.has(word)).length;
  return shared >= MIN_SHARED_WORDS && shared >= words.length * PROMPT_WORDS_SHARE;
}

function namesOptions(text: string, options: readonly string[]): boolean {
  const normalized = options.map(normalize).filter((option) => option.length > 0);
  return normalized.length >= 2 && normalized.join('').length >= QUOTED_OPTIONS_MIN_LENGTH && normalized.every((option) => quotes(text, option));
}

/** The open quiz a chat question names, if any. */
export function findNamedOpenQuiz(message: string, openQuizzes: readonly OpenQuiz[]): OpenQuiz | null {
  const text = ` ${normalize(message)} `;
  const words = new Set(text.trim().split(' '));
  return (
    openQuizzes.find((quiz) => {
      const title = normalize(quiz.title);
      if (title.length >= TITLE_MIN_LENGTH && quotes(text, title)) return true;
      return quiz.questions.some((question) => namesPrompt(text, words, question.prompt) || namesOptions(text, question.options));
    }) ?? null
  );
}
