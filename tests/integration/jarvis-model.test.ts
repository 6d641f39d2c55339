/**
 * The study assistant's model part, against a fake OpenAI-compatible server
 * on 127.0.0.1: the feedback phrased by the model and cached by its data (a
 * second read asks nothing), every failure (timeout, 500, 429, malformed)
 * falling back to the offline answer and logged; the AI policy (required
 * before the chat, recorded, listed by admins); the per-user and per-site
 * hourly limits; the prompt holding the asking student's data only (never a
 * classmate's or another cohort's, never their own name or e-mail, never a
 * right answer, nothing about a quiz with an attempt open); the chat
 * grounded in the lessons of the student's own courses; the audit log
 * listed and purged by platform admins only.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET as jarvisRoute } from '~/pages/api/v2/jarvis/index';
import { POST as chatRoute } from '~/pages/api/v2/jarvis/chat';
import * as policyRoute from '~/pages/api/v2/jarvis/policy/index';
import { GET as acceptancesRoute } from '~/pages/api/v2/jarvis/policy/acceptances';
import * as logsRoute from '~/pages/api/v2/jarvis/logs';
import { getDb } from '~/lib/server/db/client';
import { feedbacks, jarvisAnswers, jarvisLogs, lessonHistory, submissions, users } from '~/lib/server/db/schema';
import { completeChat } from '~/lib/server/ai/chat-completions';
import { purgeOldJarvisRecords } from '~/lib/server/services/jarvis/jarvis-logs';
import { createQuiz } from '~/lib/server/services/quizzes/author-quiz';
import { CreateQuizBodySchema, type StaffQuiz } from '~/lib/shared/schemas/quizzes';
import type { JarvisAnswer } from '~/lib/shared/schemas/jarvis';
import { call } from '../support/http';
import { restoreEnv, useEnv } from '../support/test-env';
import { startFakeOpenAi, type FakeOpenAi, type OpenAiScript } from '../support/fakes/fake-openai';
import { AI_TEST_KEY, AI_TEST_MODEL, sendaEnvOf } from '../support/fakes/test-keys';
import { accessTokenFor, createAssignment, createLesson, createUser, createWorld, enrollStudent } from '../factories';
import { SYSTEM_ADMIN } from '../factories/quizzes';
import { optionOf, studentCaller, takeQuiz } from '../factories/quiz-attempts';
import { completeAttempt } from '~/lib/server/services/quizzes/attempt-results';

type World = Awaited<ReturnType<typeof createWorld>>;
type Person = { id: number; email: string };

let fake: FakeOpenAi;
let world: World;
let classmate: Awaited<ReturnType<typeof createUser>>;
let tokens: Record<'student' | 'classmate' | 'otherStudent' | 'tutor' | 'admin', string>;
let lessons: Record<'variables' | 'conditionals' | 'loops' | 'otherCohort', { id: number; title: string }>;

/** What identifies the classmate (cohort A) and the other cohort's student: none of it may ever reach the model. */
const CLASSMATE = { firstName: 'Ximena', lastName: 'Zuluaga-Quintero', email: 'ximena.zuluaga@privado.co', feedback: 'Ximena, revisa tu ortografía en el informe confidencial.' };
const OTHER = { firstName: 'Bartolomé', lastName: 'Ñañez-Urrutia', email: 'bartolome.nanez@privado.co', feedback: 'Comentario reservado para Bartolomé sobre su proyecto.' };
const STUDENT = { firstName: 'Valeria', lastName: 'Castañeda-Ospina', email: 'valeria.castaneda@correo.co' };

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: AI_TEST_KEY });
});
afterAll(async () => {
  await fake.close();
});

const withoutModel = () => useEnv({ AI_BASE_URL: undefined, AI_API_KEY: undefined, AI_MODEL: undefined });

beforeEach(async () => {
  useEnv({ ...sendaEnvOf({ ai: fake.url }), AI_TIMEOUT_MS: '600', AI_MAX_PER_USER_HOUR: undefined, AI_MAX_PER_SITE_HOUR: undefined });
  world = await createWorld();
  const db = await getDb();
  // Distinctive names and addresses, so a leak is easy to spot.
  await db.update(users).set(STUDENT).where(eq(users.id, world.student.id));
  await db.update(users).set({ firstName: OTHER.firstName, lastName: OTHER.lastName, email: OTHER.email }).where(eq(users.id, world.otherStudent.id));
  world.student = { ...world.student, ...STUDENT };
  world.otherStudent = { ...world.otherStudent, email: OTHER.email };
  classmate = await createUser({ userType: 'student', firstName: CLASSMATE.firstName, lastName: CLASSMATE.lastName, email: CLASSMATE.email });
  await enrollStudent(classmate, world.cohortA);
  tokens = {
    student: await accessTokenFor(world.student),
    classmate: await accessTokenFor(classmate),
    otherStudent: await accessTokenFor(world.otherStudent),
    tutor: await accessTokenFor(world.tutor),
    admin: await accessTokenFor(world.admin),
  };
  lessons = {
    variables: await createLesson({ courseId: world.courseA.id, title: 'Variables y tipos de datos', contentMd: 'Una variable guarda un valor que el programa usa después. Los tipos de datos son texto, número y booleano.' }),
    conditionals: await createLesson({ courseId: world.courseA.id, title: 'Condicionales', contentMd: 'Con if y else el programa decide: si la condición es falsa se ejecuta el bloque else.' }),
    loops: await createLesson({ courseId: world.courseA.id, title: 'Ciclos', contentMd: 'Los ciclos for y while repiten instrucciones mientras se cumple una condición.' }),
    otherCohort: await createLesson({ courseId: world.courseB.id, title: 'Variables en la cohorte B', contentMd: 'Una variable guarda un valor: lección de otro curso.' }),
  };
});

afterEach(() => {
  restoreEnv();
  fake.reset();
});

// ── Helpers ───────────────────────────────────────────────────────────────

const acceptPolicy = (token: string, version: number = 1) => call(policyRoute.POST, { method: 'POST', path: '/api/v2/jarvis/policy/', body: { version }, token });
const feedbackOf = (userId: number, token: string) => call(jarvisRoute, { path: `/api/v2/jarvis/?user_id=${userId}`, token });
const chat = (token: string, body: Record<string, unknown>, headers?: Record<string, string>) => call(chatRoute, { method: 'POST', path: '/api/v2/jarvis/chat/', body, token, headers });

async function feedbackAnswer(userId = world.student.id, token = tokens.student): Promise<JarvisAnswer> {
  const response = await feedbackOf(userId, token);
  expect(response.status, JSON.stringify(response.json)).toBe(200);
  return response.json as JarvisAnswer;
}

async function logRows() {
  const db = await getDb();
  return db.select().from(jarvisLogs).orderBy(jarvisLogs.id);
}

/** A published practice of course A whose first two questions `person` answers wrong (the third right). */
async function failedPractice(person: Person, title = 'Práctica de lógica'): Promise<StaffQuiz> {
  const quiz = await createPracticeQuiz(title);
  await takeQuiz(person, quiz, [{ optionIds: [optionOf(quiz, 0, 'Texto')] }, { optionIds: [optionOf(quiz, 1, 'Siempre')] }, { optionIds: [optionOf(quiz, 2, 'Verdadero')] }]);
  return quiz;
}

function createPracticeQuiz(title: string, overrides: Record<string, unknown> = {}): Promise<StaffQuiz> {
  const body = CreateQuizBodySchema.parse({
    title,
    activityType: 'practical',
    published: true,
    maxAttempts: 3,
    questions: [
      { type: 'single', prompt: '¿Qué tipo de dato es el valor true?', options: [{ text: 'Texto', correct: false }, { text: 'Booleano', correct: true }] },
      { type: 'single', prompt: 'En un condicional if/else, ¿cuándo se ejecuta el bloque else?', options: [{ text: 'Siempre', correct: false }, { text: 'Cuando la condición es falsa', correct: true }] },
      { type: 'true_false', prompt: 'Un ciclo for repite instrucciones.', options: [{ text: 'Verdadero', correct: true }, { text: 'Falso', correct: false }] },
    ],
    ...overrides,
  });
  return createQuiz(SYSTEM_ADMIN, world.courseA.id, body);
}

/** Graded work with released, unseen feedback for a student. */
async function feedbackFor(person: Person, body: string) {
  const db = await getDb();
  const assignment = await createAssignment({ courseId: person.id === world.otherStudent.id ? world.courseB.id : world.courseA.id, title: `Entrega de ${person.id}`, maxScore: 100 });
  const [submission] = await db.insert(submissions).values({ assignmentId: assignment.id, userId: person.id, number: 1, status: 'submitted', score: 55, gradedAt: new Date() }).returning();
  await db.insert(feedbacks).values({ studentId: person.id, submissionId: submission!.id, fromGrade: true, body, releasedAt: new Date() });
}

// ── The feedback card ─────────────────────────────────────────────────────

describe('the feedback phrased by the model', () => {
  it("replaces the summary with the model's text, asks once for the same data, and logs the exchange", async () => {
    await acceptPolicy(tokens.student);
    await failedPractice(world.student);
    const offline = await (async () => {
      withoutModel();
      return feedbackAnswer();
    })();
    useEnv(sendaEnvOf({ ai: fake.url }));

    const first = await feedbackAnswer();
    expect(first.source).toBe('model');
    // The fake cites the first lesson title of the prompt: a lesson the student should review.
    expect(first.summary).toMatch(/^Te sugiero repasar «(Condicionales|Variables y tipos de datos)»/);
    // Everything else is the offline answer's.
    expect({ ...first, summary: '', source: '', generatedAt: '' }).toEqual({ ...offline, summary: '', source: '', generatedAt: '' });
    expect(fake.received).toHaveLength(1);
    const [request] = fake.received;
    expect(request).toMatchObject({ model: AI_TEST_MODEL, authorization: `Bearer ${AI_TEST_KEY}`, status: 200 });
    expect(request!.body).toMatchObject({ temperature: 0.2, max_tokens: 600 });
    expect(request!.messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(request!.messages[0]!.content).toContain('Modo pista');
    expect(request!.messages[1]!.content).toContain('«Condicionales»');

    // Same data: the cached text, no second request.
    const second = await feedbackAnswer();
    expect(second.summary).toBe(first.summary);
    expect(second.source).toBe('model');
    expect(fake.received).toHaveLength(1);

    const [log] = await logRows();
    expect(log).toMatchObject({ subjectId: world.student.id, askedBy: world.student.id, kind: 'feedback', model: AI_TEST_MODEL, answer: first.summary, outcome: 'ok' });
    expect(log!.prompt).toEqual(request!.messages);
  });

  it('asks again when the data changes (a new cache key)', async () => {
    await acceptPolicy(tokens.student);
    await failedPractice(world.student);
    await feedbackAnswer();
    await feedbackFor(world.student, 'Buen avance, sigue así.');
    const after = await feedbackAnswer();
    expect(after.source).toBe('model');
    expect(fake.received).toHaveLength(2);
    expect(fake.received[1]!.messages[1]!.content).toContain('Buen avance, sigue así.');
    const db = await getDb();
    expect(await db.select().from(jarvisAnswers).where(eq(jarvisAnswers.userId, world.student.id))).toHaveLength(2);
  });

  const failures: [string, OpenAiScript, string][] = [
    ['no answer within AI_TIMEOUT_MS', 'hang', 'timeout'],
    ['a 500', 500, 'error'],
    ['a 429 from the provider', 429, 'rate_limited'],
    ['a completion without choices', 'no-choices', 'malformed'],
    ['an answer that is not JSON', 'not-json', 'malformed'],
    ['an empty text', { content: '   ' }, 'malformed'],
  ];
  for (const [what, script, outcome] of failures) {
    it(`falls back to the offline answer on ${what}, logs "${outcome}" and caches nothing`, async () => {
      await acceptPolicy(tokens.student);
      await failedPractice(world.student);
      fake.answerNext(1, script);
      const answer = await feedbackAnswer();
      expect(answer.source).toBe('offline');
      expect(answer.summary).toContain('(sin IA)');
      expect(fake.received).toHaveLength(1);
      expect((await logRows()).map((row) => ({ outcome: row.outcome, answer: row.answer, kind: row.kind }))).toEqual([{ outcome, answer: null, kind: 'feedback' }]);
      const db = await getDb();
      expect(await db.select().from(jarvisAnswers)).toEqual([]);
      // The next read, the model back, is phrased.
      expect((await feedbackAnswer()).source).toBe('model');
    });
  }

  it('stays offline, asking nothing, until the student accepted the policy — even when their tutor did', async () => {
    await failedPractice(world.student);
    await acceptPolicy(tokens.tutor);
    expect((await feedbackAnswer()).source).toBe('offline');
    expect((await feedbackAnswer(world.student.id, tokens.tutor)).source).toBe('offline');
    expect(fake.received).toEqual([]);
    await acceptPolicy(tokens.student);
    const byTutor = await feedbackAnswer(world.student.id, tokens.tutor);
    expect(byTutor.source).toBe('model');
    expect((await logRows())[0]).toMatchObject({ subjectId: world.student.id, askedBy: world.tutor.id });
  });

  it('stays offline without a model configured', async () => {
    withoutModel();
    await acceptPolicy(tokens.student);
    expect((await feedbackAnswer()).source).toBe('offline');
    expect(fake.received).toEqual([]);
  });
});

// ── The AI policy ─────────────────────────────────────────────────────────

describe('the AI policy', () => {
  it('is required before the chat uses a model, recorded once, and listed for platform admins only', async () => {
    const before = await call(policyRoute.GET, { path: '/api/v2/jarvis/policy/', token: tokens.student });
    expect(before.json).toEqual({ version: 1, accepted: false, acceptedAt: null, modelConfigured: true });
    const refused = await chat(tokens.student, { message: '¿Qué es una variable?' });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('ai_policy_required');
    expect(fake.received).toEqual([]);

    expect((await acceptPolicy(tokens.student, 2)).status).toBe(400);
    const accepted = await acceptPolicy(tokens.student);
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({ version: 1, accepted: true, modelConfigured: true });
    const again = await acceptPolicy(tokens.student);
    expect(again.json.acceptedAt).toBe(accepted.json.acceptedAt);

    expect((await chat(tokens.student, { message: '¿Qué es una variable?' })).json.source).toBe('model');

    const list = await call(acceptancesRoute, { path: '/api/v2/jarvis/policy/acceptances/?page=1', token: tokens.admin });
    expect(list.status).toBe(200);
    expect(list.json).toMatchObject({ count: 1, next: null, previous: null, results: [{ userId: world.student.id, email: STUDENT.email, name: `${STUDENT.firstName} ${STUDENT.lastName}`, version: 1 }] });
    for (const token of [tokens.student, tokens.tutor]) expect((await call(acceptancesRoute, { path: '/api/v2/jarvis/policy/acceptances/', token })).status).toBe(403);
  });

  it('is not needed without a model: the chat answers from the lessons and says so', async () => {
    withoutModel();
    expect((await call(policyRoute.GET, { path: '/api/v2/jarvis/policy/', token: tokens.student })).json.modelConfigured).toBe(false);
    const response = await chat(tokens.student, { message: '¿Cómo funcionan las variables?' });
    expect(response.status).toBe(200);
    expect(response.json.source).toBe('offline');
    expect(response.json.answer).toContain('Este asistente funciona sin IA');
    expect(response.json.answer).toContain('«Variables y tipos de datos»');
    expect(response.json.sources).toContainEqual({ kind: 'lesson', id: lessons.variables.id, title: lessons.variables.title, url: `/lessons/${lessons.variables.id}` });
  });
});

// ── The hourly limits ─────────────────────────────────────────────────────

describe('the hourly limits', () => {
  it('per user: past AI_MAX_PER_USER_HOUR the chat is 429 with Retry-After, the feedback offline (logged as limited), others unaffected', async () => {
    useEnv({ AI_MAX_PER_USER_HOUR: '2' });
    for (const token of [tokens.student, tokens.classmate]) await acceptPolicy(token);
    await failedPractice(world.student);
    expect((await chat(tokens.student, { message: '¿Qué es una variable?' })).json.source).toBe('model');
    expect((await chat(tokens.student, { message: '¿Qué es un ciclo?' })).json.source).toBe('model');
    const limited = await chat(tokens.student, { message: '¿Qué es un condicional?' });
    expect(limited.status).toBe(429);
    expect(limited.json.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(3600);

    const feedback = await feedbackAnswer();
    expect(feedback.source).toBe('offline');
    expect(fake.received).toHaveLength(2);
    expect((await logRows()).at(-1)).toMatchObject({ kind: 'feedback', outcome: 'limited', prompt: [], answer: null });
    // A classmate has their own count.
    expect((await chat(tokens.classmate, { message: '¿Qué es una variable?' })).json.source).toBe('model');
  });

  it('per site: past AI_MAX_PER_SITE_HOUR everyone is refused', async () => {
    useEnv({ AI_MAX_PER_SITE_HOUR: '1' });
    for (const token of [tokens.student, tokens.classmate]) await acceptPolicy(token);
    expect((await chat(tokens.student, { message: '¿Qué es una variable?' })).status).toBe(200);
    const refused = await chat(tokens.classmate, { message: '¿Qué es una variable?' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(fake.received).toHaveLength(1);
  });

  it('a cached feedback costs nothing against the limits', async () => {
    useEnv({ AI_MAX_PER_USER_HOUR: '1' });
    await acceptPolicy(tokens.student);
    await failedPractice(world.student);
    for (let read = 0; read < 3; read++) expect((await feedbackAnswer()).source).toBe('model');
    expect(fake.received).toHaveLength(1);
  });
});

// ── What reaches the model ────────────────────────────────────────────────

describe('what reaches the model', () => {
  it("holds only the asking student's data: never a classmate's or another cohort's, never their own name or e-mail, never a right answer", async () => {
    for (const token of [tokens.student, tokens.classmate, tokens.otherStudent, tokens.tutor]) await acceptPolicy(token);
    const db = await getDb();
    // The student: a failed practice and a feedback of their own.
    await failedPractice(world.student);
    await feedbackFor(world.student, 'Buen trabajo: entregó a tiempo.');
    // The classmate (same cohort and course): her own wrong answer, on a quiz the student never took (due for both: its title
    // is the course's, but what she answered is hers), her feedback and progress.
    const classmateQuiz = await createPracticeQuiz('Diagnóstico de lógica', {
      questions: [{ type: 'single', prompt: '¿Qué operador compara dos valores sin convertir su tipo?', options: [{ text: '==', correct: false }, { text: '===', correct: true }] }],
    });
    await takeQuiz(classmate, classmateQuiz, [{ optionIds: [optionOf(classmateQuiz, 0, '==')] }]);
    await feedbackFor(classmate, CLASSMATE.feedback);
    await db.insert(lessonHistory).values({ userId: classmate.id, lessonId: lessons.loops.id, progress: 100, completedAt: new Date() });
    // Another cohort's student, with their own lessons and feedback.
    await feedbackFor(world.otherStudent, OTHER.feedback);
    await db.insert(lessonHistory).values({ userId: world.otherStudent.id, lessonId: lessons.otherCohort.id, progress: 100, completedAt: new Date() });

    await feedbackAnswer();
    await feedbackAnswer(world.student.id, tokens.tutor);
    await chat(tokens.student, { message: '¿Qué me conviene repasar de variables?' });
    await chat(tokens.tutor, { user_id: world.student.id, message: '¿Cómo va con los condicionales?' });
    expect(fake.received.length).toBeGreaterThanOrEqual(3);

    const sent = fake.promptText();
    // The student's own data is there…
    expect(sent).toContain('Buen trabajo: entregó a tiempo.');
    expect(sent).toContain('¿Qué tipo de dato es el valor true?');
    // …and nobody else's: names, addresses, feedback, quizzes, lessons of other courses.
    for (const text of [CLASSMATE.firstName, CLASSMATE.lastName, CLASSMATE.email, CLASSMATE.feedback, '¿Qué operador compara dos valores', OTHER.firstName, OTHER.lastName, OTHER.email, OTHER.feedback, lessons.otherCohort.title, world.courseB.name]) {
      expect(sent).not.toContain(text);
    }
    // Not even the student's own name or address.
    for (const text of [STUDENT.firstName, STUDENT.lastName, STUDENT.email]) expect(sent).not.toContain(text);
    // Never a right answer or a question's options.
    for (const text of ['Booleano', 'Cuando la condición es falsa']) expect(sent).not.toContain(text);
    // The classmate's completed lesson does not show as the student's progress: the student has completed nothing.
    expect(sent).toContain(`0 % de avance (0 de 3 lecciones)`);
  });

  it('says nothing about a quiz with an attempt open, and refuses a question that names it without asking the model', async () => {
    await acceptPolicy(tokens.student);
    await failedPractice(world.student);
    const secret = await createPracticeQuiz('Evaluación secreta de ciclos', {
      activityType: 'evaluation',
      questions: [{ type: 'single', prompt: '¿Cuántas veces se repite un ciclo for de cero a nueve?', options: [{ text: 'Diez', correct: true }, { text: 'Nueve', correct: false }] }],
    });
    await takeQuiz(world.student, secret, [], { submit: false });

    await feedbackAnswer();
    const grounded = await chat(tokens.student, { message: '¿Qué lecciones debo repasar?' });
    expect(grounded.json.source).toBe('model');
    const sent = fake.promptText();
    expect(sent).not.toContain('Evaluación secreta de ciclos');
    expect(sent).not.toContain('¿Cuántas veces se repite');
    expect(JSON.stringify(grounded.json.sources)).not.toContain(`/quizzes/${secret.id}`);

    const asked = fake.received.length;
    for (const message of ['Ayúdame con la evaluación secreta de ciclos', '¿cuántas veces se repite un ciclo FOR de cero a nueve?']) {
      const refusal = await chat(tokens.student, { message });
      expect(refusal.status).toBe(200);
      expect(refusal.json).toEqual({ answer: expect.stringContaining('Tienes un intento abierto en el cuestionario "Evaluación secreta de ciclos"'), source: 'offline', sources: [] });
    }
    expect(fake.received).toHaveLength(asked);
  });

  it("issue 28: with an attempt open, the attempt's question never reaches the model, whichever turn carries it; submitted, the history is sent again", async () => {
    await acceptPolicy(tokens.student);
    // A short prompt (two words of four letters or more): only quoting it whole names it.
    const QUESTION = '¿Qué imprime print(2 ** 3)?';
    const secret = await createPracticeQuiz('Evaluación de potencias', {
      activityType: 'evaluation',
      questions: [{ type: 'single', prompt: QUESTION, options: [{ text: 'Ocho', correct: true }, { text: 'Seis', correct: false }, { text: 'Nueve', correct: false }] }],
    });
    const attemptId = await takeQuiz(world.student, secret, [], { submit: false });
    const ASK = 'Dame la respuesta correcta de la pregunta anterior';

    // In an earlier turn, the student's or one the client says the assistant wrote: the question is asked, without the conversation.
    for (const history of [
      [{ role: 'user', content: QUESTION }],
      [{ role: 'user', content: 'Hola' }, { role: 'assistant', content: `La pregunta es: ${QUESTION} Opciones: Ocho, Seis, Nueve.` }],
    ]) {
      const answered = await chat(tokens.student, { message: ASK, history });
      expect(answered.status).toBe(200);
      expect(answered.json.source).toBe('model');
      expect(fake.received.at(-1)!.messages.map((message) => message.role)).toEqual(['system', 'user']);
      expect(fake.received.at(-1)!.messages.at(-1)!.content).toBe(ASK);
    }
    // In the question itself, quoted whole or as its choices: refused without asking the model.
    const asked = fake.received.length;
    for (const message of [`${ASK}: ${QUESTION}`, 'Entre ocho, seis y nueve, ¿cuál es la correcta?']) {
      const refusal = await chat(tokens.student, { message, history: [{ role: 'user', content: QUESTION }] });
      expect(refusal.json).toEqual({ answer: expect.stringContaining('Tienes un intento abierto en el cuestionario "Evaluación de potencias"'), source: 'offline', sources: [] });
    }
    expect(fake.received).toHaveLength(asked);
    const sent = fake.promptText();
    for (const text of ['print(2 ** 3)', 'imprime print', 'Ocho', 'Nueve']) expect(sent).not.toContain(text);

    // Submitted: the chat carries the conversation again.
    await completeAttempt(studentCaller(world.student), secret.id, attemptId);
    await chat(tokens.student, { message: '¿Y qué es una variable?', history: [{ role: 'user', content: 'Hola' }, { role: 'assistant', content: '¡Hola! ¿En qué te ayudo?' }] });
    expect(fake.received.at(-1)!.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
  });
});

// ── The chat ──────────────────────────────────────────────────────────────

describe('the chat', () => {
  it("is grounded in the lessons of the student's own courses (published only), cites them, and logs the exchange", async () => {
    await acceptPolicy(tokens.student);
    await createLesson({ courseId: world.courseA.id, title: 'Variables: borrador', contentMd: 'Una variable guarda un valor (borrador).', publishedAt: null });
    const history = [
      { role: 'user', content: 'Hola' },
      { role: 'assistant', content: '¡Hola! ¿En qué te ayudo?' },
    ];
    const response = await chat(tokens.student, { message: '¿Qué es una variable y cómo guarda un valor?', history });
    expect(response.status).toBe(200);
    expect(response.json.source).toBe('model');
    expect(response.json.answer).toBe('Te sugiero repasar «Variables y tipos de datos» antes de seguir: léela con calma y vuelve a intentar los ejercicios.');
    const lessonSources = response.json.sources.filter((source: { kind: string }) => source.kind === 'lesson');
    expect(lessonSources[0]).toEqual({ kind: 'lesson', id: lessons.variables.id, title: 'Variables y tipos de datos', url: `/lessons/${lessons.variables.id}` });
    const courseALessonIds = new Set(Object.values(lessons).filter((lesson) => lesson.id !== lessons.otherCohort.id).map((lesson) => lesson.id));
    for (const source of lessonSources) expect(courseALessonIds.has(source.id)).toBe(true);
    expect(lessonSources.length).toBeLessThanOrEqual(3);

    const [request] = fake.received;
    expect(request!.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(request!.messages.at(-1)!.content).toBe('¿Qué es una variable y cómo guarda un valor?');
    const system = request!.messages[0]!.content;
    expect(system).toContain('Modo pista');
    expect(system).toContain('«Variables y tipos de datos» del curso "Curso de la cohorte A": Una variable guarda un valor');
    expect(system).not.toContain('borrador');
    expect(system).not.toContain('Variables en la cohorte B');
    expect((await logRows())[0]).toMatchObject({ kind: 'chat', subjectId: world.student.id, askedBy: world.student.id, outcome: 'ok', answer: response.json.answer });
  });

  it('answers in English with English rules for an English reader', async () => {
    await acceptPolicy(tokens.student);
    const response = await chat(tokens.student, { message: 'What is a variable?' }, { 'accept-language': 'en' });
    expect(response.status).toBe(200);
    expect(fake.received[0]!.messages[0]!.content).toContain('always in English');
  });

  for (const [what, script] of [
    ['a 500', 500],
    ['a timeout', 'hang'],
    ['a malformed answer', 'no-choices'],
    ['a 429 from the provider', 429],
  ] as [string, OpenAiScript][]) {
    it(`answers "Sin servicio de IA" with the lessons found on ${what}`, async () => {
      await acceptPolicy(tokens.student);
      fake.answerNext(1, script);
      const response = await chat(tokens.student, { message: '¿Cómo funcionan los ciclos for y while?' });
      expect(response.status).toBe(200);
      expect(response.json.source).toBe('offline');
      expect(response.json.answer).toMatch(/^Sin servicio de IA/);
      expect(response.json.answer).toContain('«Ciclos»');
      expect(response.json.sources).toContainEqual({ kind: 'lesson', id: lessons.loops.id, title: 'Ciclos', url: `/lessons/${lessons.loops.id}` });
      expect((await logRows())).toHaveLength(1);
    });
  }

  it("lets a tutor ask about their cohort's student, 404 for another cohort's, and uses the model only once the student accepted too", async () => {
    await acceptPolicy(tokens.tutor);
    const notAccepted = await chat(tokens.tutor, { user_id: world.student.id, message: '¿Cómo va con las variables?' });
    expect(notAccepted.status).toBe(200);
    expect(notAccepted.json.source).toBe('offline');
    expect(fake.received).toEqual([]);
    await acceptPolicy(tokens.student);
    expect((await chat(tokens.tutor, { user_id: world.student.id, message: '¿Cómo va con las variables?' })).json.source).toBe('model');
    expect((await chat(tokens.tutor, { user_id: world.otherStudent.id, message: 'Hola' })).status).toBe(404);
    expect((await chat(tokens.student, { user_id: classmate.id, message: 'Hola' })).status).toBe(404);
  });
});

// ── The adapter ───────────────────────────────────────────────────────────

describe('the chat-completions adapter', () => {
  it('sends no Authorization header without a key (a local server such as Ollama)', async () => {
    const local = await startFakeOpenAi();
    try {
      const result = await completeChat({ baseUrl: local.baseUrl, apiKey: null, model: 'llama3.2', timeoutMs: 2000 }, [{ role: 'user', content: 'Hola' }]);
      expect(result).toMatchObject({ outcome: 'ok', usage: { promptTokens: 1, completionTokens: expect.any(Number) } });
      expect(local.received[0]!.authorization).toBeNull();
    } finally {
      await local.close();
    }
  });

  it('counts a refused key and an unreachable server as errors', async () => {
    const wrongKey = await completeChat({ baseUrl: fake.baseUrl, apiKey: 'sk-wrong', model: AI_TEST_MODEL, timeoutMs: 2000 }, [{ role: 'user', content: 'Hola' }]);
    expect(wrongKey.outcome).toBe('error');
    const nobody = await completeChat({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: null, model: AI_TEST_MODEL, timeoutMs: 2000 }, [{ role: 'user', content: 'Hola' }]);
    expect(nobody.outcome).toBe('error');
  });
});

// ── The audit log ─────────────────────────────────────────────────────────

describe('the audit log', () => {
  async function twoStudentsLogged() {
    for (const token of [tokens.student, tokens.classmate]) await acceptPolicy(token);
    await chat(tokens.student, { message: '¿Qué es una variable?' });
    await chat(tokens.classmate, { message: '¿Qué es un ciclo?' });
    await chat(tokens.classmate, { message: '¿Qué es un condicional?' });
  }

  it('is listed by platform admins (all, or one student’s) and by nobody else', async () => {
    await twoStudentsLogged();
    const all = await call(logsRoute.GET, { path: '/api/v2/jarvis/logs/', token: tokens.admin });
    expect(all.status).toBe(200);
    expect(all.json.count).toBe(3);
    expect(all.json.results[0]).toMatchObject({ subjectId: classmate.id, askedBy: classmate.id, kind: 'chat', model: AI_TEST_MODEL, outcome: 'ok' });
    expect(all.json.results[0].prompt.at(-1)).toEqual({ role: 'user', content: '¿Qué es un condicional?' });
    const one = await call(logsRoute.GET, { path: `/api/v2/jarvis/logs/?user_id=${world.student.id}`, token: tokens.admin });
    expect(one.json.results.map((row: { subjectId: number }) => row.subjectId)).toEqual([world.student.id]);
    for (const token of [tokens.student, tokens.tutor]) expect((await call(logsRoute.GET, { path: '/api/v2/jarvis/logs/', token })).status).toBe(403);
    expect((await call(logsRoute.GET, { path: '/api/v2/jarvis/logs/' })).status).toBe(401);
  });

  it("is purged by platform admins: one student's entries (and cached answers), or everything before a day", async () => {
    await twoStudentsLogged();
    for (const token of [tokens.student, tokens.tutor]) {
      expect((await call(logsRoute.DELETE, { method: 'DELETE', path: `/api/v2/jarvis/logs/?user_id=${classmate.id}`, token })).status).toBe(403);
    }
    const unscoped = await call(logsRoute.DELETE, { method: 'DELETE', path: '/api/v2/jarvis/logs/', token: tokens.admin });
    expect(unscoped.status).toBe(400);
    expect(Object.keys(unscoped.json.error.fields)).toContain('user_id');

    const one = await call(logsRoute.DELETE, { method: 'DELETE', path: `/api/v2/jarvis/logs/?user_id=${classmate.id}`, token: tokens.admin });
    expect(one.json).toEqual({ deleted: 2 });
    expect((await logRows()).map((row) => row.subjectId)).toEqual([world.student.id]);
    // Yesterday (Bogotá) leaves today's entries; tomorrow takes them.
    const day = (offsetDays: number) => new Date(Date.now() - 5 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
    expect((await call(logsRoute.DELETE, { method: 'DELETE', path: `/api/v2/jarvis/logs/?before=${day(0)}`, token: tokens.admin })).json).toEqual({ deleted: 0 });
    expect((await call(logsRoute.DELETE, { method: 'DELETE', path: `/api/v2/jarvis/logs/?before=${day(1)}`, token: tokens.admin })).json).toEqual({ deleted: 1 });
    expect(await logRows()).toEqual([]);
  });

  it('forgets entries after 90 days and cached answers after 30 (the daily job)', async () => {
    await twoStudentsLogged();
    const db = await getDb();
    const [oldest] = await logRows();
    await db.update(jarvisLogs).set({ createdAt: new Date(Date.now() - 91 * 86_400_000) }).where(eq(jarvisLogs.id, oldest!.id));
    await db.insert(jarvisAnswers).values([
      { userId: world.student.id, dataHash: 'old', text: 'viejo', createdAt: new Date(Date.now() - 31 * 86_400_000) },
      { userId: world.student.id, dataHash: 'new', text: 'nuevo' },
    ]);
    expect(await purgeOldJarvisRecords()).toEqual({ logs: 1, answers: 1 });
    expect((await logRows()).map((row) => row.id)).not.toContain(oldest!.id);
    expect((await db.select().from(jarvisAnswers)).map((row) => row.dataHash)).toEqual(['new']);
  });
});
