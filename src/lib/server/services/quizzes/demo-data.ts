/**
 * Demo quizzes: a published quiz of each activity type in the demo courses
 * (the evaluation has one question of each of the six types and a time
 * limit), and Valentina's submitted attempt at the evaluation with her open
 * answer graded by the tutor, so a new user can take a quiz and see a
 * result at once.
 */
import { eq } from 'drizzle-orm';
import type { QuestionType } from '~/lib/shared/quizzes';
import { scoreAttempt, type GivenAnswer } from '~/lib/shared/quiz-scoring';
import type { Tx } from '~/lib/server/db/client';
import { attemptAnswers, bankQuestions, questionOptions, questionVersions, quizAttempts, quizItems, quizzes } from '~/lib/server/db/schema';

export interface DemoQuestion {
  type: QuestionType;
  prompt: string;
  points?: number;
  options?: { text: string; correct: boolean }[];
  answers?: string[];
  answer?: number;
  tolerance?: number;
  feedback?: string;
  tags?: string[];
}

export interface Inserted {
  questionId: number;
  versionId: number;
  question: DemoQuestion;
  optionIds: number[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);

async function insertQuestion(tx: Tx, courseId: number, question: DemoQuestion): Promise<Inserted> {
  const [bank] = await tx.insert(bankQuestions).values({ courseId, tags: question.tags ?? [] }).returning({ id: bankQuestions.id });
  const [version] = await tx
    .insert(questionVersions)
    .values({
      questionId: bank!.id,
      version: 1,
      type: question.type,
      prompt: question.prompt,
      points: question.points ?? 1,
      answers: question.answers ?? [],
      answer: question.answer ?? null,
      tolerance: question.tolerance ?? 0,
      feedback: question.feedback ?? null,
    })
    .returning({ id: questionVersions.id });
  const options = question.options?.length
    ? await tx
        .insert(questionOptions)
        .values(question.options.map((option, position) => ({ versionId: version!.id, position, text: option.text, isCorrect: option.correct })))
        .returning({ id: questionOptions.id })
    : [];
  await tx.update(bankQuestions).set({ currentVersionId: version!.id }).where(eq(bankQuestions.id, bank!.id));
  return { questionId: bank!.id, versionId: version!.id, question, optionIds: options.map((option) => option.id) };
}

/** Inserts a published quiz with its questions (each a new bank question, version 1) in order. */
export async function insertQuiz(
  tx: Tx,
  values: Omit<typeof quizzes.$inferInsert, 'published'>,
  questions: DemoQuestion[],
): Promise<{ quizId: number; inserted: Inserted[] }> {
  const [quiz] = await tx.insert(quizzes).values({ ...values, published: true }).returning({ id: quizzes.id });
  const inserted: Inserted[] = [];
  for (const question of questions) inserted.push(await insertQuestion(tx, values.courseId, question));
  await tx.insert(quizItems).values(inserted.map((item, position) => ({ quizId: quiz!.id, position, questionId: item.questionId })));
  return { quizId: quiz!.id, inserted };
}

const JS_EVALUATION: DemoQuestion[] = [
  {
    type: 'single',
    prompt: '¿Qué palabra clave declara una variable que **no** se puede reasignar?',
    options: [
      { text: 'let', correct: false },
      { text: 'const', correct: true },
      { text: 'var', correct: false },
    ],
    feedback: 'const impide reasignar la variable (aunque un objeto guardado en ella sí puede cambiar por dentro).',
    tags: ['variables'],
  },
  {
    type: 'multiple',
    prompt: '¿Cuáles de estos son tipos de datos primitivos de JavaScript?',
    points: 2,
    options: [
      { text: 'string', correct: true },
      { text: 'number', correct: true },
      { text: 'array', correct: false },
      { text: 'boolean', correct: true },
    ],
    tags: ['tipos'],
  },
  {
    type: 'true_false',
    prompt: '`if (edad >= 18)` se cumple cuando `edad` vale 18.',
    options: [
      { text: 'Verdadero', correct: true },
      { text: 'Falso', correct: false },
    ],
    tags: ['condicionales'],
  },
  {
    type: 'short_text',
    prompt: '¿Qué función de la consola muestra un mensaje? Escribe solo su nombre, por ejemplo `console.xxx`.',
    answers: ['console.log', 'log'],
    tags: ['consola'],
  },
  {
    type: 'numeric',
    prompt: '¿Cuánto vale `x` después de `let x = 7; x = x * 6;`?',
    answer: 42,
    tolerance: 0,
    tags: ['variables'],
  },
  {
    type: 'open',
    prompt: 'Explica con tus palabras qué es un **algoritmo** y da un ejemplo de tu vida diaria.',
    points: 3,
    tags: ['fundamentos'],
  },
];

const HTML_PRACTICE: DemoQuestion[] = [
  {
    type: 'single',
    prompt: '¿Qué etiqueta crea un enlace?',
    options: [
      { text: '<a>', correct: true },
      { text: '<link>', correct: false },
      { text: '<href>', correct: false },
    ],
    tags: ['html'],
  },
  { type: 'short_text', prompt: '¿Qué atributo de `<img>` describe la imagen para quien no la ve?', answers: ['alt'], tags: ['accesibilidad'] },
  {
    type: 'true_false',
    prompt: 'Un buen contraste de color ayuda a leer en la pantalla de un celular al sol.',
    options: [
      { text: 'Verdadero', correct: true },
      { text: 'Falso', correct: false },
    ],
    tags: ['accesibilidad'],
  },
  {
    type: 'multiple',
    prompt: '¿Cuáles son propiedades de Flexbox?',
    options: [
      { text: 'justify-content', correct: true },
      { text: 'align-items', correct: true },
      { text: 'font-size', correct: false },
    ],
    tags: ['css'],
  },
];

const ENGLISH_NIVELATION: DemoQuestion[] = [
  {
    type: 'single',
    prompt: 'In the docs, *"deprecated"* means the feature…',
    options: [
      { text: 'should no longer be used', correct: true },
      { text: 'is brand new', correct: false },
      { text: 'is faster', correct: false },
    ],
    tags: ['vocabulario'],
  },
  { type: 'short_text', prompt: '¿Cómo se dice **"depurar"** en inglés técnico? (una palabra)', answers: ['debug'], tags: ['vocabulario'] },
  { type: 'numeric', prompt: 'How many bits are there in one byte?', answer: 8, tags: ['lectura'] },
];

/** Valentina's answers to the evaluation: mostly right, one wrong, a multiple choice half right, and an open answer the tutor graded. */
function valentinaAnswers(inserted: Inserted[]): Map<number, GivenAnswer> {
  const [single, multiple, trueFalse, short, numeric, open] = inserted;
  return new Map<number, GivenAnswer>([
    [single!.questionId, { optionIds: [single!.optionIds[0]!] }],
    [multiple!.questionId, { optionIds: [multiple!.optionIds[0]!, multiple!.optionIds[1]!] }],
    [trueFalse!.questionId, { optionIds: [trueFalse!.optionIds[0]!] }],
    [short!.questionId, { text: 'Console.Log' }],
    [numeric!.questionId, { number: 42 }],
    [open!.questionId, { text: 'Un algoritmo es una lista de pasos ordenados para resolver algo, como la receta para preparar arepas.', manualPoints: 2.5 }],
  ]);
}

/** Seeds the demo quizzes into the demo courses (see the module comment). */
export async function seedDemoQuizzes(
  tx: Tx,
  courses: { basics: number; htmlCss: number; english: number },
  people: { valentina: number; tutor: number },
): Promise<void> {
  const evaluation = await insertQuiz(
    tx,
    {
      courseId: courses.basics,
      title: 'Evaluación: fundamentos de JavaScript',
      description: 'Variables, tipos, condicionales y algoritmos. Tienes 20 minutos y dos intentos.',
      activityType: 'evaluation',
      timeLimitS: 20 * 60,
      maxAttempts: 2,
      passPercent: 60,
      closesAt: inDays(14),
      showResults: 'after_submit',
    },
    JS_EVALUATION,
  );
  await insertQuiz(
    tx,
    {
      courseId: courses.htmlCss,
      title: 'Práctica: HTML accesible',
      description: 'Repasa enlaces, imágenes y contraste. Sin límite de tiempo; puedes intentarlo tres veces.',
      activityType: 'practical',
      maxAttempts: 3,
      shuffleOptions: true,
      showResults: 'after_submit',
    },
    HTML_PRACTICE,
  );
  await insertQuiz(
    tx,
    {
      courseId: courses.english,
      title: 'Nivelación: vocabulario técnico en inglés',
      description: 'Palabras que vas a leer en la documentación todos los días.',
      activityType: 'nivelation',
      maxAttempts: 3,
      showResults: 'after_submit',
    },
    ENGLISH_NIVELATION,
  );

  // Valentina submitted the evaluation two days ago; the tutor graded her open answer.
  const answers = valentinaAnswers(evaluation.inserted);
  const scored = scoreAttempt(
    evaluation.inserted.map(({ questionId, question, optionIds }) => ({
      questionId,
      type: question.type,
      points: question.points ?? 1,
      options: (question.options ?? []).map((option, index) => ({ id: optionIds[index]!, correct: option.correct })),
      answers: question.answers ?? [],
      answer: question.answer ?? null,
      tolerance: question.tolerance ?? 0,
    })),
    answers,
    60,
  );
  const startedAt = inDays(-2);
  const completedAt = new Date(startedAt.getTime() + 14 * 60_000);
  const [attempt] = await tx
    .insert(quizAttempts)
    .values({
      quizId: evaluation.quizId,
      userId: people.valentina,
      number: 1,
      status: 'completed',
      startedAt,
      deadline: new Date(startedAt.getTime() + 20 * 60_000),
      completedAt,
      closedBy: 'student',
      questions: evaluation.inserted.map((item) => ({ q: item.questionId, v: item.versionId })),
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
      text: given.text ?? null,
      number: given.number ?? null,
      clientSavedAt: completedAt,
      savedAt: completedAt,
      ...(given.manualPoints !== undefined && {
        manualPoints: given.manualPoints,
        graderFeedback: 'Buena definición. Para la nota completa, describe los pasos de tu ejemplo en orden.',
        gradedBy: people.tutor,
        gradedAt: inDays(-1),
      }),
    })),
  );
}
