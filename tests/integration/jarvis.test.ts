/**
 * The study assistant's data part: the offline answer for prepared student
 * histories (the lessons it names for the wrong answers, nothing about a quiz
 * with an attempt open, progress, grades, due work and unseen feedback, the
 * week plan, the student's language), who may ask, the per-path switch, the
 * per-student cache and the authors' question → lesson links.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { GET as jarvisRoute } from '~/pages/api/v2/jarvis/index';
import * as questionLessonsRoute from '~/pages/api/v2/questions/[id]/lessons';
import { PATCH as patchPath } from '~/pages/api/v2/learning-paths/[id]';
import { getDb } from '~/lib/server/db/client';
import { seedDemoData } from '~/lib/server/services/demo-data';
import { feedbacks, learningPaths, lessonHistory, submissions, users } from '~/lib/server/db/schema';
import { getHomeCardFacts } from '~/lib/server/services/jarvis/get-jarvis-answer';
import { completeAttempt, gradeAnswer } from '~/lib/server/services/quizzes/attempt-results';
import { createQuiz } from '~/lib/server/services/quizzes/author-quiz';
import { ROLE_IDS } from '~/lib/shared/constants';
import type { JarvisAnswer } from '~/lib/shared/schemas/jarvis';
import { CreateQuizBodySchema, type StaffQuiz } from '~/lib/shared/schemas/quizzes';
import { call } from '../support/http';
import { accessTokenFor, createAssignment, createCohort, createLesson, createReleasedCourse, createUser, createWorld, enrollStudent } from '../factories';
import { SYSTEM_ADMIN } from '../factories/quizzes';
import { optionOf, studentCaller, takeQuiz } from '../factories/quiz-attempts';

type World = Awaited<ReturnType<typeof createWorld>>;
let world: World;
let tokens: Record<'student' | 'otherStudent' | 'tutor' | 'admin', string>;
let lessonsOfA: Record<'variables' | 'conditionals' | 'loops', { id: number; title: string }>;

const DAY_MS = 24 * 60 * 60 * 1000;

beforeEach(async () => {
  world = await createWorld();
  tokens = {
    student: await accessTokenFor(world.student),
    otherStudent: await accessTokenFor(world.otherStudent),
    tutor: await accessTokenFor(world.tutor),
    admin: await accessTokenFor(world.admin),
  };
  const courseId = world.courseA.id;
  lessonsOfA = {
    variables: await createLesson({ courseId, title: 'Variables y tipos de datos', contentMd: 'Una variable guarda un valor: `let edad = 19`. Los tipos de datos son texto, número y booleano.' }),
    conditionals: await createLesson({ courseId, title: 'Condicionales', contentMd: 'Con `if` y `else` el programa decide: si la condición es falsa se ejecuta el bloque else.' }),
    loops: await createLesson({ courseId, title: 'Ciclos', contentMd: 'Los ciclos `for` y `while` repiten instrucciones mientras se cumple una condición.' }),
  };
});

const ask = (userId: number, token?: string, headers?: Record<string, string>) => call(jarvisRoute, { path: `/api/v2/jarvis/?user_id=${userId}`, token, headers });
const answerOf = async (userId = world.student.id, token = tokens.student): Promise<JarvisAnswer> => {
  const response = await ask(userId, token);
  expect(response.status, JSON.stringify(response.json)).toBe(200);
  return response.json as JarvisAnswer;
};

/** A published practice of course A: the data type (0), the else block (1), a loop (2, answered right in the history). */
async function createPractice(overrides: Record<string, unknown> = {}): Promise<StaffQuiz> {
  const body = CreateQuizBodySchema.parse({
    title: 'Práctica de lógica',
    activityType: 'practical',
    published: true,
    maxAttempts: 3,
    questions: [
      { type: 'single', prompt: '¿Qué tipo de dato es el valor `true`?', options: [{ text: 'Texto', correct: false }, { text: 'Booleano', correct: true }] },
      { type: 'single', prompt: 'En un condicional if/else, ¿cuándo se ejecuta el bloque else?', options: [{ text: 'Siempre', correct: false }, { text: 'Cuando la condición es falsa', correct: true }] },
      { type: 'true_false', prompt: 'Un ciclo for repite instrucciones.', options: [{ text: 'Verdadero', correct: true }, { text: 'Falso', correct: false }] },
    ],
    ...overrides,
  });
  return createQuiz(SYSTEM_ADMIN, world.courseA.id, body);
}

/** The student misses the data type and the else block, and gets the loop right. */
const failPractice = (quiz: StaffQuiz, options: { submit?: boolean } = {}) =>
  takeQuiz(world.student, quiz, [{ optionIds: [optionOf(quiz, 0, 'Texto')] }, { optionIds: [optionOf(quiz, 1, 'Siempre')] }, { optionIds: [optionOf(quiz, 2, 'Verdadero')] }], options);

const linkLessons = (questionId: number, lessonIds: number[], token = tokens.tutor) =>
  call(questionLessonsRoute.PUT, { method: 'PUT', path: `/api/v2/questions/${questionId}/lessons/`, params: { id: String(questionId) }, body: { lessonIds }, token });

describe('the offline answer', () => {
  it("names the lessons for the wrong answers: the author's link beats the search, and the search finds the lesson whose text matches", async () => {
    const quiz = await createPractice();
    // The data-type question's words match "Variables y tipos de datos", but its author linked "Ciclos": the link wins.
    expect((await linkLessons(quiz.questions[0]!.id, [lessonsOfA.loops.id])).status).toBe(200);
    const attemptId = await failPractice(quiz);

    const answer = await answerOf();
    expect(answer).toMatchObject({ userId: world.student.id, source: 'offline', language: 'es' });
    const byTitle = new Map(answer.review.map((lesson) => [lesson.title, lesson]));
    expect([...byTitle.keys()].sort()).toEqual(['Ciclos', 'Condicionales']);
    expect(byTitle.get('Ciclos')).toMatchObject({
      lessonId: lessonsOfA.loops.id,
      url: `/lessons/${lessonsOfA.loops.id}`,
      matchedBy: 'author_link',
      courseName: world.courseA.name,
      reasons: [{ quizId: quiz.id, quizTitle: 'Práctica de lógica', questionPrompt: '¿Qué tipo de dato es el valor true?', url: `/quizzes/${quiz.id}/attempts/${attemptId}` }],
    });
    expect(byTitle.get('Condicionales')).toMatchObject({ lessonId: lessonsOfA.conditionals.id, matchedBy: 'search' });
    expect(byTitle.get('Condicionales')!.reasons.map((reason) => reason.questionPrompt)).toEqual(['En un condicional if/else, ¿cuándo se ejecuta el bloque else?']);
    // The question answered right is no reason to review anything.
    expect(JSON.stringify(answer.review)).not.toContain('Un ciclo for');
    // The summary says it was built without AI, names the lessons, and gives no answer away.
    expect(answer.summary).toContain('Resumen preparado con tus datos en Senda (sin IA).');
    expect(answer.summary).toContain('«Ciclos»');
    expect(answer.summary).toContain('«Condicionales»');
    expect(answer.summary).not.toContain('Booleano');
    expect(JSON.stringify(answer)).not.toMatch(/Booleano|Cuando la condición es falsa/);
    // Every page it links to is among its sources.
    const sourceUrls = answer.sources.map((source) => source.url);
    for (const url of [...answer.review.map((lesson) => lesson.url), ...answer.dueNext.map((item) => item.url), ...answer.weekPlan.map((step) => step.url)]) expect(sourceUrls).toContain(url);
    expect(sourceUrls).toContain(`/courses/${world.courseA.id}`);
  });

  it('takes a question answered right in a later attempt off the review, and an open answer counts only once graded below its points', async () => {
    const quiz = await createPractice({
      questions: [
        { type: 'single', prompt: 'En un condicional if/else, ¿cuándo se ejecuta el bloque else?', options: [{ text: 'Siempre', correct: false }, { text: 'Cuando la condición es falsa', correct: true }] },
        { type: 'open', prompt: 'Explica qué hace un ciclo while.', points: 2 },
      ],
    });
    const tutor = { id: world.tutor.id, email: world.tutor.email, userType: 'staff' as const, cohorts: [] };
    const openQuestion = quiz.questions[1]!.id;
    const titles = async () => (await answerOf()).review.map((lesson) => lesson.title).sort();
    const first = await takeQuiz(world.student, quiz, [{ optionIds: [optionOf(quiz, 0, 'Siempre')] }, { text: 'Repite cosas' }]);
    // The open answer waits for a person: only the else block is wrong.
    expect(await titles()).toEqual(['Condicionales']);
    await gradeAnswer(tutor, quiz.id, first, { questionId: openQuestion, points: 1 });
    expect(await titles()).toEqual(['Ciclos', 'Condicionales']);
    // Right the second time; the new open answer is not graded yet, so the first grade still stands.
    const second = await takeQuiz(world.student, quiz, [{ optionIds: [optionOf(quiz, 0, 'Cuando la condición es falsa')] }, { text: 'Repite un bloque mientras la condición se cumple' }]);
    expect(await titles()).toEqual(['Ciclos']);
    await gradeAnswer(tutor, quiz.id, second, { questionId: openQuestion, points: 2 });
    expect((await answerOf()).review).toEqual([]);
  });

  it('never mentions a quiz while the student has an attempt open on it, and does again once it is submitted', async () => {
    const practice = await createPractice();
    await failPractice(practice);
    const evaluation = await createPractice({ title: 'Evaluación secreta de ciclos', activityType: 'evaluation', maxAttempts: 2 });
    const first = await failPractice(evaluation);
    const open = await failPractice(evaluation, { submit: false });

    const answer = await answerOf();
    const text = JSON.stringify(answer);
    expect(text).not.toContain('Evaluación secreta de ciclos');
    expect(text).not.toContain(`/quizzes/${evaluation.id}`);
    expect(answer.review.flatMap((lesson) => lesson.reasons.map((reason) => reason.quizId))).not.toContain(evaluation.id);
    expect(answer.sources.filter((source) => source.kind === 'quiz').map((source) => source.id)).not.toContain(evaluation.id);
    // The other quiz is still talked about.
    expect(answer.review.length).toBeGreaterThan(0);
    expect((await getHomeCardFacts(studentCaller(world.student)))!.openQuizIds).toEqual([evaluation.id]);

    await completeAttempt(studentCaller(world.student), evaluation.id, open);
    const after = await answerOf();
    const reasons = after.review.flatMap((lesson) => lesson.reasons);
    expect(reasons.map((reason) => reason.url)).toContain(`/quizzes/${evaluation.id}/attempts/${open}`);
    expect(reasons.map((reason) => reason.url)).not.toContain(`/quizzes/${evaluation.id}/attempts/${first}`);
  });

  it('shows progress, released grades, what is behind and due next, unseen feedback and a week plan', async () => {
    const db = await getDb();
    const now = Date.now();
    await db.insert(lessonHistory).values({ userId: world.student.id, lessonId: lessonsOfA.variables.id, progress: 100, completedAt: new Date() });
    const quiz = await createPractice();
    await failPractice(quiz); // 1 of 3: 33.3 %
    // A graded assignment (80 of 100, released at once) with its feedback not read yet…
    const graded = await createAssignment({ courseId: world.courseA.id, title: 'Tarea calificada', maxScore: 100 });
    const [submission] = await db.insert(submissions).values({ assignmentId: graded.id, userId: world.student.id, number: 1, status: 'submitted', score: 80, gradedAt: new Date() }).returning();
    await db.insert(feedbacks).values({ studentId: world.student.id, submissionId: submission!.id, fromGrade: true, body: 'Muy buen trabajo con las **variables**.', releasedAt: new Date() });
    // …one overdue and one due in two days, not handed in; a draft nobody sees.
    const overdue = await createAssignment({ courseId: world.courseA.id, title: 'Tarea vencida', dueAt: new Date(now - 2 * DAY_MS) });
    const soon = await createAssignment({ courseId: world.courseA.id, title: 'Tarea para pasado mañana', dueAt: new Date(now + 2 * DAY_MS) });
    await createAssignment({ courseId: world.courseA.id, title: 'Borrador', published: false, dueAt: new Date(now + DAY_MS) });

    const answer = await answerOf();
    expect(answer.courses).toEqual([
      {
        courseId: world.courseA.id,
        name: world.courseA.name,
        url: `/courses/${world.courseA.id}`,
        progressPercent: 33,
        completedLessons: 1,
        totalLessons: 3,
        averageGrade: Math.round(((100 / 3 + 80) / 2) * 10) / 10,
        isBehind: true,
      },
    ]);
    expect(answer.dueNext.map((item) => [item.kind, item.title])).toEqual([
      ['assignment', 'Tarea vencida'],
      ['assignment', 'Tarea para pasado mañana'],
      ['assignment', 'Tarea A'],
    ]);
    expect(answer.dueNext[0]).toMatchObject({ id: overdue.id, url: `/assignments/${overdue.id}`, courseName: world.courseA.name });
    expect(answer.unseenFeedback).toEqual([{ id: expect.any(Number), excerpt: 'Muy buen trabajo con las variables.', url: '/feedback', createdAt: expect.any(String) }]);
    expect(answer.summary).toContain('Has completado 1 de 3 lecciones de tus cursos.');
    expect(answer.summary).toContain(`Vas con atraso en ${world.courseA.name}.`);
    expect(answer.summary).toContain('Lo próximo: «Tarea vencida»');
    expect(answer.summary).toContain('Tienes 1 comentario de tus tutores sin leer.');

    // The plan: review first, then due work by date (never after its due day), then the next lesson; a day each from today (Bogotá).
    const today = new Date(now - 5 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect(answer.weekPlan[0]).toMatchObject({ day: today });
    expect(answer.weekPlan.every((step) => /^\d{4}-\d{2}-\d{2}$/.test(step.day) && step.day >= today)).toBe(true);
    expect(answer.weekPlan.map((step) => step.day)).toEqual([...answer.weekPlan.map((step) => step.day)].sort());
    const urls = answer.weekPlan.map((step) => step.url);
    const reviewUrls = answer.review.map((lesson) => lesson.url);
    expect(reviewUrls).toContain(urls[0]);
    for (const url of reviewUrls) expect(urls).toContain(url);
    // Overdue work is for today.
    expect(answer.weekPlan.find((step) => step.url === `/assignments/${overdue.id}`)!.day).toBe(today);
    const soonStep = answer.weekPlan.find((step) => step.url === `/assignments/${soon.id}`)!;
    expect(soonStep.day <= new Date(now + 2 * DAY_MS - 5 * 60 * 60 * 1000).toISOString().slice(0, 10)).toBe(true);
    expect(soonStep.text).toBe(`Avanza en la tarea «Tarea para pasado mañana» (${world.courseA.name}).`);
    expect(urls).toContain(`/lessons/${lessonsOfA.conditionals.id}`);
  });

  it("is in the student's language for them, and in the asking tutor's for the tutor", async () => {
    const db = await getDb();
    await db.update(users).set({ language: 'en' }).where(eq(users.id, world.student.id));
    await failPractice(await createPractice());
    const own = await answerOf();
    expect(own.language).toBe('en');
    expect(own.summary).toContain('Summary built from your data in Senda (no AI).');
    expect(own.summary).toContain('review these lessons:');
    expect(own.weekPlan[0]!.text).toMatch(/^Review “/);
    const tutorView = (await ask(world.student.id, tokens.tutor, { 'accept-language': 'es-CO,es;q=0.9' })).json as JarvisAnswer;
    expect(tutorView.language).toBe('es');
    expect(tutorView.summary).toContain(`Resumen preparado con los datos de ${world.student.firstName} en Senda (sin IA).`);
  });
});

describe('who may ask', () => {
  it('the student themself, a tutor of their cohort and an admin; nobody else (404), and outsiders 401', async () => {
    const tutorOfB = await createUser({ userType: 'staff' });
    await enrollStudent(tutorOfB, world.cohortB, { roleId: ROLE_IDS.tutor });
    const formerTutor = await createUser({ userType: 'staff' });
    await enrollStudent(formerTutor, world.cohortA, { roleId: ROLE_IDS.tutor, status: 'INACTIVE' });
    const statusFor = async (token: string | undefined) => (await ask(world.student.id, token)).status;
    expect(await statusFor(tokens.student)).toBe(200);
    expect(await statusFor(tokens.tutor)).toBe(200);
    expect(await statusFor(tokens.admin)).toBe(200);
    expect(await statusFor(tokens.otherStudent)).toBe(404);
    expect(await statusFor(await accessTokenFor(tutorOfB))).toBe(404);
    expect(await statusFor(await accessTokenFor(formerTutor))).toBe(404);
    expect(await statusFor(undefined)).toBe(401);
    // Someone who is not a student of an ACTIVE cohort, or nobody at all, does not exist here.
    expect((await ask(world.tutor.id, tokens.admin)).status).toBe(404);
    expect((await ask(world.tutor.id, tokens.tutor)).status).toBe(404);
    expect((await ask(999_999, tokens.admin)).status).toBe(404);
    expect((await ask(world.student.id, tokens.student)).json.userId).toBe(world.student.id);
  });
});

describe('the per-path switch', () => {
  it('an admin turns the assistant off for a learning path (409 assistant_disabled); a student with another path on hears about that one only', async () => {
    const off = await call(patchPath, { method: 'PATCH', path: `/api/v2/learning-paths/${world.cohortA.learningPathId}/`, params: { id: String(world.cohortA.learningPathId) }, body: { assistantEnabled: false }, token: tokens.admin });
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ id: world.cohortA.learningPathId, assistantEnabled: false });
    const refused = await ask(world.student.id, tokens.student);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('assistant_disabled');
    expect(await getHomeCardFacts(studentCaller(world.student))).toBeNull();
    // Only platform admins flip it.
    const byTutor = await call(patchPath, { method: 'PATCH', path: `/api/v2/learning-paths/${world.cohortA.learningPathId}/`, params: { id: String(world.cohortA.learningPathId) }, body: { assistantEnabled: true }, token: tokens.tutor });
    expect(byTutor.status).toBe(403);

    const otherCohort = await createCohort({ status: 'ACTIVE' });
    const otherCourse = await createReleasedCourse(otherCohort, { name: 'Curso con asistente' });
    await enrollStudent(world.student, otherCohort);
    const answer = await answerOf();
    expect(answer.courses.map((course) => course.courseId)).toEqual([otherCourse.id]);
    expect(JSON.stringify(answer)).not.toContain(world.courseA.name);
    const db = await getDb();
    const [path] = await db.select({ enabled: learningPaths.assistantEnabled }).from(learningPaths).where(eq(learningPaths.id, world.cohortA.learningPathId));
    expect(path!.enabled).toBe(false);
  });
});

describe('the facts cache', () => {
  it("is dropped when the student completes another attempt: the next answer shows the new wrong answer", async () => {
    const practice = await createPractice();
    await takeQuiz(world.student, practice, [{ optionIds: [optionOf(practice, 0, 'Booleano')] }, { optionIds: [optionOf(practice, 1, 'Cuando la condición es falsa')] }, { optionIds: [optionOf(practice, 2, 'Verdadero')] }]);
    expect((await answerOf()).review).toEqual([]);
    const card = await getHomeCardFacts(studentCaller(world.student));
    // A warm home card reads the same cached facts.
    expect(await getHomeCardFacts(studentCaller(world.student))).toBe(card);

    await takeQuiz(world.student, practice, [{ optionIds: [optionOf(practice, 0, 'Booleano')] }, { optionIds: [optionOf(practice, 1, 'Siempre')] }, { optionIds: [optionOf(practice, 2, 'Verdadero')] }]);
    expect((await answerOf()).review.map((lesson) => lesson.title)).toEqual(['Condicionales']);
    expect(await getHomeCardFacts(studentCaller(world.student))).not.toBe(card);
  });

  it("is dropped when an author links a question to a lesson", async () => {
    const quiz = await createPractice();
    await failPractice(quiz);
    expect((await answerOf()).review.find((lesson) => lesson.reasons.some((reason) => reason.questionPrompt.startsWith('¿Qué tipo')))!.title).toBe('Variables y tipos de datos');
    await linkLessons(quiz.questions[0]!.id, [lessonsOfA.loops.id]);
    expect((await answerOf()).review.find((lesson) => lesson.reasons.some((reason) => reason.questionPrompt.startsWith('¿Qué tipo')))).toMatchObject({ title: 'Ciclos', matchedBy: 'author_link' });
  });
});

describe('question → lesson links', () => {
  it("a tutor of the course reads and replaces a question's lessons, of its course only", async () => {
    const quiz = await createPractice();
    const questionId = quiz.questions[0]!.id;
    const get = (token: string) => call(questionLessonsRoute.GET, { path: `/api/v2/questions/${questionId}/lessons/`, params: { id: String(questionId) }, token });
    expect((await get(tokens.tutor)).json).toEqual({ questionId, lessons: [] });
    const set = await linkLessons(questionId, [lessonsOfA.loops.id, lessonsOfA.variables.id, lessonsOfA.loops.id]);
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ questionId, lessons: [{ id: lessonsOfA.variables.id, title: 'Variables y tipos de datos' }, { id: lessonsOfA.loops.id, title: 'Ciclos' }] });
    expect((await linkLessons(questionId, [lessonsOfA.conditionals.id])).json.lessons).toEqual([{ id: lessonsOfA.conditionals.id, title: 'Condicionales' }]);

    const lessonOfB = await createLesson({ courseId: world.courseB.id, title: 'Otra lección' });
    const refused = await linkLessons(questionId, [lessonsOfA.variables.id, lessonOfB.id], tokens.admin);
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.json.error.fields)).toEqual(['lessonIds']);
    expect((await linkLessons(questionId, [999_999], tokens.admin)).status).toBe(400);
    expect((await get(tokens.admin)).json.lessons).toEqual([{ id: lessonsOfA.conditionals.id, title: 'Condicionales' }]);
    expect((await linkLessons(questionId, [], tokens.admin)).json.lessons).toEqual([]);

    expect((await get(tokens.student)).status).toBe(403);
    expect((await get(tokens.otherStudent)).status).toBe(404);
    expect((await call(questionLessonsRoute.GET, { path: '/api/v2/questions/999999/lessons/', params: { id: '999999' }, token: tokens.admin })).status).toBe(404);
  });
});

describe('the demo data', () => {
  it("gives Sofía lessons to review on her home card: one linked by its author, one found by the text of an if/else question", async () => {
    const db = await getDb();
    await db.execute(sql`truncate users, organizations, programs restart identity cascade`);
    await seedDemoData(db);
    const [sofia] = await db.select().from(users).where(eq(users.email, 'student@senda.test'));
    const facts = await getHomeCardFacts(studentCaller(sofia!));
    const byTitle = new Map(facts!.review.map((lesson) => [lesson.title, lesson]));
    expect(byTitle.get('Variables y tipos de datos')).toMatchObject({ matchedBy: 'author_link', courseName: 'Fundamentos de programación' });
    expect(byTitle.get('Condicionales')).toMatchObject({ matchedBy: 'search' });
    expect(byTitle.get('Condicionales')!.reasons[0]!.questionPrompt).toContain('if … else');
    expect(facts!.review.flatMap((lesson) => lesson.reasons).every((reason) => reason.quizTitle === 'Práctica: variables y condicionales')).toBe(true);
  });
});
