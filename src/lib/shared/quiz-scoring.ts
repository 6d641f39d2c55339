/**
 * Quiz scoring, pure and shared: the server scores attempts with it, the seed
 * scores the demo attempt, and tests pin its rules. A question is scored on
 * the version the attempt saw.
 */
import type { QuestionType } from './quizzes';

/** What scoring needs of a question version. */
export interface ScorableQuestion {
  questionId: number;
  type: QuestionType;
  points: number;
  options: readonly { id: number; correct: boolean }[];
  /** short_text: the accepted answers. */
  answers: readonly string[];
  /** numeric: the right number and how far an answer may be from it. */
  answer: number | null;
  tolerance: number;
}

/** A student's saved answer, and a grader's points for an open one. */
export interface GivenAnswer {
  optionIds?: readonly number[] | null;
  text?: string | null;
  number?: number | null;
  /** Points a person gave (open questions). */
  manualPoints?: number | null;
}

export interface QuestionScore {
  /** Points earned; null while an open answer waits for a person. */
  earned: number | null;
  /** Fully right, partly or not; null while waiting for a person (or for an open question nobody graded). */
  correct: boolean | null;
  answered: boolean;
}

export interface AttemptScore {
  score: number;
  maxScore: number;
  /** 0–100, one decimal. */
  percent: number;
  passed: boolean;
  pendingManualGrading: boolean;
  byQuestion: Map<number, QuestionScore>;
}

/** Points are kept to hundredths (0.5, 0.33), never floating-point noise. */
export const roundPoints = (value: number): number => Math.round(value * 100) / 100;

/** A short answer as compared: no case, no accents, no surrounding spaces, inner spaces collapsed. */
export function normalizeShortAnswer(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase('es')
    .trim()
    .replace(/\s+/g, ' ');
}

export function isAnswered(question: Pick<ScorableQuestion, 'type'>, given: GivenAnswer | undefined): boolean {
  if (!given) return false;
  switch (question.type) {
    case 'single':
    case 'multiple':
    case 'true_false':
      return (given.optionIds?.length ?? 0) > 0;
    case 'numeric':
      return typeof given.number === 'number' && Number.isFinite(given.number);
    default:
      return (given.text ?? '').trim() !== '';
  }
}

/**
 * One question's points: single and true/false all or nothing; multiple in
 * proportion to right choices minus wrong ones (never below zero); short
 * text when it matches an accepted answer (normalizeShortAnswer); numeric
 * within the tolerance; open as a person graded it.
 */
export function scoreQuestion(question: ScorableQuestion, given: GivenAnswer | undefined): QuestionScore {
  const answered = isAnswered(question, given);
  if (question.type === 'open') {
    const manual = given?.manualPoints;
    if (manual !== null && manual !== undefined) return { earned: roundPoints(Math.min(manual, question.points)), correct: manual >= question.points, answered };
    // A blank open answer earns nothing and waits for nobody.
    return answered ? { earned: null, correct: null, answered } : { earned: 0, correct: false, answered };
  }
  if (!answered || !given) return { earned: 0, correct: false, answered };
  let fraction = 0;
  switch (question.type) {
    case 'single':
    case 'true_false': {
      const chosen = given.optionIds ?? [];
      fraction = chosen.length === 1 && question.options.some((option) => option.id === chosen[0] && option.correct) ? 1 : 0;
      break;
    }
    case 'multiple': {
      const chosen = new Set(given.optionIds ?? []);
      const right = question.options.filter((option) => option.correct);
      const rightChosen = right.filter((option) => chosen.has(option.id)).length;
      const wrongChosen = question.options.filter((option) => !option.correct && chosen.has(option.id)).length;
      fraction = right.length === 0 ? 0 : Math.max(0, (rightChosen - wrongChosen) / right.length);
      break;
    }
    case 'short_text': {
      const text = normalizeShortAnswer(given.text ?? '');
      fraction = question.answers.some((accepted) => normalizeShortAnswer(accepted) === text) ? 1 : 0;
      break;
    }
    case 'numeric':
      fraction = question.answer !== null && Math.abs((given.number as number) - question.answer) <= question.tolerance + 1e-9 ? 1 : 0;
      break;
  }
  return { earned: roundPoints(question.points * fraction), correct: fraction === 1, answered };
}

/** An attempt's score over the questions it saw, with its pass mark (percent, 0–100). */
export function scoreAttempt(questions: readonly ScorableQuestion[], answers: ReadonlyMap<number, GivenAnswer>, passPercent: number): AttemptScore {
  const byQuestion = new Map<number, QuestionScore>();
  let score = 0;
  let maxScore = 0;
  let pendingManualGrading = false;
  for (const question of questions) {
    const result = scoreQuestion(question, answers.get(question.questionId));
    byQuestion.set(question.questionId, result);
    maxScore += question.points;
    if (result.earned === null) pendingManualGrading = true;
    else score += result.earned;
  }
  const percent = maxScore > 0 ? Math.round((score / maxScore) * 1000) / 10 : 0;
  return { score: roundPoints(score), maxScore: roundPoints(maxScore), percent, passed: percent >= passPercent, pendingManualGrading, byQuestion };
}
