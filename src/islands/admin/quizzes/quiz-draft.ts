/**
 * The quiz editor's form state and its conversion to and from the API: the
 * form keeps what people type (numbers as text, accepted answers one per
 * line, tags separated by commas); the API gets typed values.
 */
import { fromBogotaInputValue, toBogotaInputValue } from '~/lib/shared/bogota-time';
import type { ActivityType, QuestionType, ShowResults } from '~/lib/shared/quizzes';
import type { BankQuestion, CreateQuizBody, QuestionInput, StaffQuestion, StaffQuiz } from '~/lib/shared/schemas/quizzes';

export interface OptionDraft {
  text: string;
  correct: boolean;
}

export interface QuestionDraft {
  /** A key for React that survives reordering. */
  key: string;
  /** The bank question it is (absent for a new one). */
  id?: number;
  version?: number;
  type: QuestionType;
  prompt: string;
  points: string;
  options: OptionDraft[];
  /** short_text: accepted answers, one per line. */
  answers: string;
  answer: string;
  tolerance: string;
  feedback: string;
  tags: string;
}

export interface QuizDraft {
  title: string;
  description: string;
  activityType: ActivityType;
  /** Minutes, empty for none. */
  timeLimitMin: string;
  maxAttempts: string;
  passPercent: string;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  /** datetime-local values, Bogotá time. */
  opensAt: string;
  closesAt: string;
  showResults: ShowResults;
  published: boolean;
  questions: QuestionDraft[];
  draws: { tag: string; count: string }[];
}

let keys = 0;
export const newKey = () => `q${++keys}`;

/** A number as people type it (3.5 or 3,5); NaN when it is not one, null when empty. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '');
  if (trimmed === '') return null;
  return /^[-+]?(\d+([.,]\d+)?|[.,]\d+)$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** A new question of a type, with the options its type starts with. */
export function blankQuestion(type: QuestionType, labels: { true: string; false: string }): QuestionDraft {
  const options =
    type === 'true_false'
      ? [
          { text: labels.true, correct: true },
          { text: labels.false, correct: false },
        ]
      : type === 'single' || type === 'multiple'
        ? [
            { text: '', correct: true },
            { text: '', correct: false },
          ]
        : [];
  return { key: newKey(), type, prompt: '', points: '1', options, answers: '', answer: '', tolerance: '', feedback: '', tags: '' };
}

/** A question of the staff view or the bank, as the form shows it. */
export function questionDraftOf(question: StaffQuestion | BankQuestion): QuestionDraft {
  return {
    key: newKey(),
    id: question.id,
    version: question.version,
    type: question.type,
    prompt: question.prompt,
    points: numberText(question.points),
    options: (question.options ?? []).map((option) => ({ text: option.text, correct: option.correct })),
    answers: (question.answers ?? []).join('\n'),
    answer: numberText(question.answer),
    tolerance: question.tolerance ? numberText(question.tolerance) : '',
    feedback: question.feedback ?? '',
    tags: question.tags.join(', '),
  };
}

export function quizDraftOf(quiz: StaffQuiz | null): QuizDraft {
  return {
    title: quiz?.title ?? '',
    description: quiz?.description ?? '',
    activityType: quiz?.activityType ?? 'evaluation',
    timeLimitMin: quiz?.timeLimitS ? String(Math.round(quiz.timeLimitS / 60)) : '',
    maxAttempts: String(quiz?.maxAttempts ?? 1),
    passPercent: numberText(quiz?.passPercent ?? 60),
    shuffleQuestions: quiz?.shuffleQuestions ?? false,
    shuffleOptions: quiz?.shuffleOptions ?? false,
    opensAt: quiz?.opensAt ? toBogotaInputValue(quiz.opensAt) : '',
    closesAt: quiz?.closesAt ? toBogotaInputValue(quiz.closesAt) : '',
    showResults: quiz?.showResults ?? 'after_submit',
    published: quiz?.published ?? false,
    questions: (quiz?.questions ?? []).map(questionDraftOf),
    draws: (quiz?.draws ?? []).map((draw) => ({ tag: draw.tag, count: String(draw.count) })),
  };
}

const splitTags = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/**
 * A question as the API takes it. Numbers that do not read as numbers are
 * sent as the text typed, so the server names the field in its answer.
 */
export function questionInputOf(draft: QuestionDraft): QuestionInput {
  const number = (text: string) => {
    const parsed = parseNumber(text);
    return parsed === null ? undefined : Number.isNaN(parsed) ? (text as unknown as number) : parsed;
  };
  const isChoice = draft.type === 'single' || draft.type === 'multiple' || draft.type === 'true_false';
  return {
    ...(draft.id && { id: draft.id }),
    type: draft.type,
    prompt: draft.prompt,
    points: number(draft.points) ?? 1,
    ...(isChoice && { options: draft.options.map((option) => ({ text: option.text, correct: option.correct })) }),
    ...(draft.type === 'short_text' && {
      answers: draft.answers
        .split('\n')
        .map((answer) => answer.trim())
        .filter(Boolean),
    }),
    ...(draft.type === 'numeric' && { answer: number(draft.answer), tolerance: number(draft.tolerance) }),
    ...(draft.feedback.trim() && { feedback: draft.feedback }),
    tags: splitTags(draft.tags),
  } as QuestionInput;
}

/** The whole quiz as the API takes it (create, or replace on update). */
export function quizBodyOf(draft: QuizDraft): Omit<CreateQuizBody, 'idUser' | 'idTrainingPath'> {
  const minutes = parseNumber(draft.timeLimitMin);
  const whole = (text: string, fallback: number) => {
    const parsed = parseNumber(text);
    return parsed === null ? fallback : Number.isNaN(parsed) ? (text as unknown as number) : parsed;
  };
  return {
    title: draft.title,
    description: draft.description,
    activityType: draft.activityType,
    timeLimitS: minutes === null ? null : Number.isNaN(minutes) ? (draft.timeLimitMin as unknown as number) : Math.round(minutes * 60),
    maxAttempts: whole(draft.maxAttempts, 1),
    passPercent: whole(draft.passPercent, 60),
    shuffleQuestions: draft.shuffleQuestions,
    shuffleOptions: draft.shuffleOptions,
    opensAt: draft.opensAt ? (fromBogotaInputValue(draft.opensAt) ?? draft.opensAt) : null,
    closesAt: draft.closesAt ? (fromBogotaInputValue(draft.closesAt) ?? draft.closesAt) : null,
    showResults: draft.showResults,
    published: draft.published,
    questions: draft.questions.map(questionInputOf),
    draws: draft.draws.filter((draw) => draw.tag.trim()).map((draw) => ({ tag: draw.tag.trim(), count: whole(draw.count, 1) })),
  };
}

/** Two drafts that would send the same quiz (the kept draft is not offered again when it is what the form shows). */
export const sameQuizDraft = (a: QuizDraft, b: QuizDraft) => JSON.stringify(quizBodyOf(a)) === JSON.stringify(quizBodyOf(b));
