/**
 * The lessons a student should review: the questions they got wrong in their
 * completed attempts, each taken to the lessons that teach it — the ones its
 * author linked (question_lessons), else the course's lessons whose text
 * matches the question best (PostgreSQL full-text search, Spanish
 * configuration, on PGlite and PostgreSQL alike). The caller passes only the
 * quizzes that may be talked about: published, their review visible to the
 * student, and no attempt of theirs still open.
 */
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { scoreQuestion } from '~/lib/shared/quiz-scoring';
import type { JarvisAnswer } from '~/lib/shared/schemas/jarvis';
import { getDb } from '~/lib/server/db/client';
import { attemptAnswers, lessons, questionLessons, quizAttempts } from '~/lib/server/db/schema';
import { excerptOf } from '~/lib/server/services/forums/render-post';
import { getVersions } from '~/lib/server/services/quizzes/quiz-cache';
import { toGiven, toScorable } from '~/lib/server/services/quizzes/quiz-views';
import { rowsOf } from '~/lib/server/services/quizzes/sql-rows';
import { anyWordQueryOf, isReadableLessonSql, lessonDocumentOf } from './lesson-search';

/** A quiz the review may draw on, with its course. */
export interface ReviewableQuiz {
  id: number;
  title: string;
  courseId: number;
  courseName: string;
}

/** Lessons listed at most, wrong questions looked at at most (the latest first), reasons kept per lesson. */
const REVIEW_LESSONS_MAX = 5;
const WRONG_QUESTIONS_MAX = 30;
const REASONS_PER_LESSON_MAX = 3;
/** Lessons found by search per question: the best, and the second when it ranks at least half as well. */
const SEARCH_MATCHES_MAX = 2;
const SECOND_MATCH_MIN_SHARE = 0.5;
const PROMPT_EXCERPT_LENGTH = 160;

interface WrongQuestion {
  questionId: number;
  prompt: string;
  quiz: ReviewableQuiz;
  attemptId: number;
}

/**
 * Each question's latest verdict over the student's completed attempts (a
 * question missed once and answered right later is not wrong any more),
 * keeping the wrong ones, latest attempt first. Scored with the quizzes' own
 * rules (quiz-scoring.ts) on the version each attempt saw; an open answer is
 * wrong only once a person graded it below its points (ungraded, it changes
 * no verdict).
 */
async function listWrongQuestions(studentId: number, quizzes: readonly ReviewableQuiz[]): Promise<WrongQuestion[]> {
  if (quizzes.length === 0) return [];
  const quizById = new Map(quizzes.map((quiz) => [quiz.id, quiz]));
  const db = await getDb();
  const attempts = await db
    .select({ id: quizAttempts.id, quizId: quizAttempts.quizId, questions: quizAttempts.questions })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, studentId), eq(quizAttempts.status, 'completed'), inArray(quizAttempts.quizId, [...quizById.keys()])))
    .orderBy(asc(quizAttempts.completedAt), asc(quizAttempts.id));
  if (attempts.length === 0) return [];
  const [answers, versions] = await Promise.all([
    db.select().from(attemptAnswers).where(inArray(attemptAnswers.attemptId, attempts.map((attempt) => attempt.id))),
    getVersions(attempts.flatMap((attempt) => attempt.questions.map((question) => question.v))),
  ]);
  const answerOf = new Map(answers.map((answer) => [`${answer.attemptId}:${answer.questionId}`, answer]));
  // Later attempts overwrite earlier verdicts; a Map keeps the first insertion's order, so re-insert to move it last.
  const verdicts = new Map<number, WrongQuestion | null>();
  for (const attempt of attempts) {
    for (const { q, v } of attempt.questions) {
      const version = versions.get(v);
      if (!version) continue;
      const answer = answerOf.get(`${attempt.id}:${q}`);
      const manualPoints = answer?.manualPoints ?? null;
      // An open answer nobody graded yet says nothing either way: an earlier verdict stands.
      if (version.type === 'open' && manualPoints === null) continue;
      const isWrong = version.type === 'open' ? manualPoints! < version.points : scoreQuestion(toScorable(version), answer ? toGiven(answer) : undefined).correct === false;
      verdicts.delete(q);
      verdicts.set(q, isWrong ? { questionId: q, prompt: version.prompt, quiz: quizById.get(attempt.quizId)!, attemptId: attempt.id } : null);
    }
  }
  return [...verdicts.values()]
    .filter((verdict): verdict is WrongQuestion => verdict !== null)
    .reverse()
    .slice(0, WRONG_QUESTIONS_MAX);
}

interface LessonMatch {
  questionId: number;
  lessonId: number;
  title: string;
}

/** The published lessons (of the questions' own courses) that authors linked to the questions. */
async function readAuthorLinks(wrong: readonly WrongQuestion[]): Promise<LessonMatch[]> {
  const db = await getDb();
  const courseIds = [...new Set(wrong.map((item) => item.quiz.courseId))];
  return db
    .select({ questionId: questionLessons.questionId, lessonId: lessons.id, title: lessons.title })
    .from(questionLessons)
    .innerJoin(lessons, eq(lessons.id, questionLessons.lessonId))
    .where(
      and(
        inArray(questionLessons.questionId, wrong.map((item) => item.questionId)),
        inArray(lessons.courseId, courseIds),
        eq(lessons.status, 'ACTIVE'),
        isNotNull(lessons.publishedAt),
        lte(lessons.publishedAt, sql`now()`),
      ),
    )
    .orderBy(asc(lessons.position), asc(lessons.id));
}

/**
 * For each question, the published lessons of its course whose title and
 * text match any word of its prompt best (lesson-search.ts), ranked with the
 * title weighted above the text. One statement for every question (a
 * lateral join).
 */
async function searchLessons(questions: readonly WrongQuestion[]): Promise<LessonMatch[]> {
  if (questions.length === 0) return [];
  const db = await getDb();
  const values = sql.join(
    questions.map((item) => sql`(${item.questionId}::int, ${item.quiz.courseId}::int, ${item.prompt}::text)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with asked as (
      select q.question_id, q.course_id, ${anyWordQueryOf(sql`q.prompt`)} as terms
      from (values ${values}) as q(question_id, course_id, prompt)
    )
    select asked.question_id, found.id as lesson_id, found.title, found.rank
    from asked cross join lateral (
      select l.id, l.title,
        ts_rank(setweight(to_tsvector('spanish', l.title), 'A') || to_tsvector('spanish', l.content_md), asked.terms) as rank
      from ${lessons} l
      where asked.terms is not null and l.course_id = asked.course_id and ${isReadableLessonSql('l')}
        and ${lessonDocumentOf('l')} @@ asked.terms
      order by rank desc, l.position asc, l.id asc
      limit ${SEARCH_MATCHES_MAX}
    ) found
    order by asked.question_id, found.rank desc`);
  const rows = rowsOf<{ question_id: number; lesson_id: number; title: string; rank: number }>(result);
  const best = new Map<number, number>();
  const matches: LessonMatch[] = [];
  for (const row of rows) {
    const questionId = Number(row.question_id);
    const rank = Number(row.rank);
    const top = best.get(questionId);
    if (top === undefined) best.set(questionId, rank);
    else if (rank < top * SECOND_MATCH_MIN_SHARE) continue;
    matches.push({ questionId, lessonId: Number(row.lesson_id), title: row.title });
  }
  return matches;
}

/**
 * The lessons to review for a student (up to REVIEW_LESSONS_MAX), each with
 * the questions that lead to it: the author's links first, then what the
 * search found; lessons with more reasons first.
 */
export async function listReviewLessons(studentId: number, quizzes: readonly ReviewableQuiz[]): Promise<JarvisAnswer['review']> {
  const wrong = await listWrongQuestions(studentId, quizzes);
  if (wrong.length === 0) return [];
  const links = await readAuthorLinks(wrong);
  const linked = new Set(links.map((link) => link.questionId));
  const found = await searchLessons(wrong.filter((item) => !linked.has(item.questionId)));
  const questionById = new Map(wrong.map((item, order) => [item.questionId, { item, order }]));

  const byLesson = new Map<number, JarvisAnswer['review'][number] & { firstOrder: number }>();
  const add = (match: LessonMatch, matchedBy: 'author_link' | 'search') => {
    const { item, order } = questionById.get(match.questionId)!;
    let entry = byLesson.get(match.lessonId);
    if (!entry) {
      entry = { lessonId: match.lessonId, title: match.title, courseName: item.quiz.courseName, url: `/lessons/${match.lessonId}`, matchedBy, reasons: [], firstOrder: order };
      byLesson.set(match.lessonId, entry);
    }
    if (matchedBy === 'author_link') entry.matchedBy = 'author_link';
    entry.firstOrder = Math.min(entry.firstOrder, order);
    entry.reasons.push({
      quizId: item.quiz.id,
      quizTitle: item.quiz.title,
      questionPrompt: excerptOf(item.prompt, PROMPT_EXCERPT_LENGTH),
      url: `/quizzes/${item.quiz.id}/attempts/${item.attemptId}`,
    });
  };
  for (const link of links) add(link, 'author_link');
  for (const match of found) add(match, 'search');

  return [...byLesson.values()]
    .sort((a, b) => b.reasons.length - a.reasons.length || Number(b.matchedBy === 'author_link') - Number(a.matchedBy === 'author_link') || a.firstOrder - b.firstOrder || a.lessonId - b.lessonId)
    .slice(0, REVIEW_LESSONS_MAX)
    .map(({ firstOrder: _order, reasons, ...lesson }) => ({ ...lesson, reasons: reasons.slice(0, REASONS_PER_LESSON_MAX) }));
}
