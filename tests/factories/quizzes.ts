/** Quiz builders: a quiz with one question of each type, written through the authoring service as a platform admin. */
import type { Caller } from '~/lib/server/access/permissions';
import { createQuiz } from '~/lib/server/services/quizzes/author-quiz';
import { CreateQuizBodySchema, type StaffQuiz } from '~/lib/shared/schemas/quizzes';

/** The platform's authority, for building data (any course, any cohort). */
export const SYSTEM_ADMIN: Caller = { id: 0, email: 'system@senda.test', userType: 'admin', cohorts: [] };

/** One question of each of the six types; the right answers are easy to spot in a payload (they must never reach a student early). */
export const SIX_QUESTIONS = [
  {
    type: 'single',
    prompt: '¿Cuál es la capital de Colombia?',
    points: 2,
    options: [
      { text: 'Bogotá', correct: true },
      { text: 'Medellín', correct: false },
      { text: 'Cali', correct: false },
    ],
    feedback: 'SECRET-FEEDBACK-single',
  },
  {
    type: 'multiple',
    prompt: '¿Cuáles son lenguajes de programación?',
    points: 2,
    options: [
      { text: 'JavaScript', correct: true },
      { text: 'Python', correct: true },
      { text: 'HTML', correct: false },
    ],
  },
  {
    type: 'true_false',
    prompt: 'El agua hierve a 100 °C al nivel del mar.',
    options: [
      { text: 'Verdadero', correct: true },
      { text: 'Falso', correct: false },
    ],
  },
  { type: 'short_text', prompt: '¿Qué etiqueta HTML crea un enlace?', answers: ['SECRET-ANSWER-a', 'ancla'] },
  { type: 'numeric', prompt: '¿Cuánto es 7 × 6?', answer: 4242, tolerance: 0.5 },
  { type: 'open', prompt: 'Explica con tus palabras qué es una variable.', points: 3 },
] as const;

/** A published quiz in a course with the six questions (override anything). */
export async function createSixTypeQuiz(courseId: number, overrides: Record<string, unknown> = {}): Promise<StaffQuiz> {
  const body = CreateQuizBodySchema.parse({ title: 'Cuestionario de prueba', activityType: 'evaluation', published: true, questions: SIX_QUESTIONS, ...overrides });
  return createQuiz(SYSTEM_ADMIN, courseId, body);
}
