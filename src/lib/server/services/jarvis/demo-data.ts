/**
 * Demo data for the study assistant: a practice quiz of "Fundamentos de
 * programación" that Sofía (the demo student) submitted yesterday and failed,
 * with three wrong answers — one question its author linked to the lesson
 * "Variables y tipos de datos", one about if/else that the lessons' text
 * search takes to "Condicionales", one about `let` that the search also
 * takes to "Variables y tipos de datos" — so her home's card has lessons to
 * review. She has attempts left, so the quiz is hers to retry once reviewed.
 */
import { and, eq } from 'drizzle-orm';
import { scoreAttempt, type GivenAnswer } from '~/lib/shared/quiz-scoring';
import type { Tx } from '~/lib/server/db/client';
import { attemptAnswers, lessons, questionLessons, quizAttempts } from '~/lib/server/db/schema';
import { insertQuiz, type DemoQuestion, type Inserted } from '~/lib/server/services/quizzes/demo-data';

const DAY_MS = 24 * 60 * 60 * 1000;
const PASS_PERCENT = 60;

const PRACTICE: DemoQuestion[] = [
  {
    type: 'single',
    prompt: '¿Qué tipo de dato es el valor `true`?',
    options: [
      { text: 'Texto', correct: false },
      { text: 'Número', correct: false },
      { text: 'Booleano', correct: true },
    ],
    tags: ['tipos'],
  },
  {
    type: 'single',
    prompt: 'En un condicional `if … else`, ¿cuándo se ejecuta el bloque `else`?',
    options: [
      { text: 'Cuando la condición del if es falsa', correct: true },
      { text: 'Siempre, después del bloque if', correct: false },
      { text: 'Cuando la condición del if es verdadera', correct: false },
    ],
    tags: ['condicionales'],
  },
  { type: 'numeric', prompt: '¿Cuánto vale `x` después de `let x = 3; x = x + 2;`?', answer: 5, tolerance: 0, tags: ['variables'] },
  {
    type: 'true_false',
    prompt: '`console.log` muestra un mensaje en la consola del navegador.',
    options: [
      { text: 'Verdadero', correct: true },
      { text: 'Falso', correct: false },
    ],
    tags: ['consola'],
  },
];

/** Sofía's answers: the data type, the else block and the value of x wrong; the console right. */
function sofiaAnswers(inserted: Inserted[]): Map<number, GivenAnswer> {
  const [dataType, elseBlock, value, consoleLog] = inserted;
  return new Map<number, GivenAnswer>([
    [dataType!.questionId, { optionIds: [dataType!.optionIds[0]!] }],
    [elseBlock!.questionId, { optionIds: [elseBlock!.optionIds[1]!] }],
    [value!.questionId, { number: 6 }],
    [consoleLog!.questionId, { optionIds: [consoleLog!.optionIds[0]!] }],
  ]);
}

/** Seeds the study assistant's demo (see the module comment). */
export async function seedDemoJarvis(tx: Tx, ids: { basics: number; sofia: number }): Promise<void> {
  const practice = await insertQuiz(
    tx,
    {
      courseId: ids.basics,
      title: 'Práctica: variables y condicionales',
      description: 'Repasa tipos de datos, variables y if/else antes de la evaluación. Puedes intentarlo tres veces.',
      activityType: 'practical',
      maxAttempts: 3,
      passPercent: PASS_PERCENT,
      showResults: 'after_submit',
    },
    PRACTICE,
  );
  const [variables] = await tx
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.courseId, ids.basics), eq(lessons.title, 'Variables y tipos de datos')));
  // The author linked the data-type question to its lesson; the other two are left to the search.
  await tx.insert(questionLessons).values({ questionId: practice.inserted[0]!.questionId, lessonId: variables!.id });

  const answers = sofiaAnswers(practice.inserted);
  const scored = scoreAttempt(
    practice.inserted.map(({ questionId, question, optionIds }) => ({
      questionId,
      type: question.type,
      points: question.points ?? 1,
      options: (question.options ?? []).map((option, index) => ({ id: optionIds[index]!, correct: option.correct })),
      answers: question.answers ?? [],
      answer: question.answer ?? null,
      tolerance: question.tolerance ?? 0,
    })),
    answers,
    PASS_PERCENT,
  );
  const startedAt = new Date(Date.now() - DAY_MS);
  const completedAt = new Date(startedAt.getTime() + 9 * 60_000);
  const [attempt] = await tx
    .insert(quizAttempts)
    .values({
      quizId: practice.quizId,
      userId: ids.sofia,
      number: 1,
      status: 'completed',
      startedAt,
      completedAt,
      closedBy: 'student',
      questions: practice.inserted.map((item) => ({ q: item.questionId, v: item.versionId })),
      score: scored.score,
      maxScore: scored.maxScore,
      percent: scored.percent,
      passed: scored.passed,
      pendingManualGrading: scored.pendingManualGrading,
    })
    .returning({ id: quizAttempts.id });
  await tx.insert(attemptAnswers).values(
    [...answers].map(([questionId, given]) => ({
      attemptId: attempt!.id,
      questionId,
      optionIds: given.optionIds ? [...given.optionIds] : null,
      number: given.number ?? null,
      clientSavedAt: completedAt,
      savedAt: completedAt,
    })),
  );
}
