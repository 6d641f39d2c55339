/**
 * Quizzes, their questions (a course's question bank, versioned), attempts
 * and answers: what the API reads and answers. Staff views carry the right
 * answers; everything a student reaches before an attempt is closed is built
 * from the `Reader…`/`Taking…` schemas, which have no field that could hold one.
 */
import { z } from 'zod';
import { ACTIVITY_TYPES, RECORD_STATUSES } from '~/lib/shared/constants';
import { pageSchemaOf, PageQuerySchema } from '~/lib/shared/pagination';
import {
  ATTEMPT_STATUSES,
  OPEN_ANSWER_MAX_LENGTH,
  QUESTION_IMPORT_FORMATS,
  QUESTION_MAX_OPTIONS,
  QUESTION_MAX_POINTS,
  QUESTION_TYPES,
  QUIZ_MAX_ATTEMPTS,
  QUIZ_MAX_DRAWS,
  QUIZ_MAX_QUESTIONS,
  QUIZ_TIME_LIMIT_MAX_S,
  QUIZ_TIME_LIMIT_MIN_S,
  SHORT_ANSWER_MAX_LENGTH,
  SHOW_RESULTS,
} from '~/lib/shared/quizzes';
import { IdSchema, SessionBodySchema, textSchema } from './common';

const MAX_TITLE_LENGTH = 200;
const MAX_DESCRIPTION_LENGTH = 5000;
const MAX_PROMPT_LENGTH = 20_000;
const MAX_OPTION_LENGTH = 1000;
const MAX_FEEDBACK_LENGTH = 5000;
const MAX_TAG_LENGTH = 60;
const MAX_TAGS = 20;

export const QuizIdParamsSchema = z.object({ id: IdSchema });
export const AttemptParamsSchema = z.object({ id: IdSchema, attemptId: IdSchema });

const dateField = z.iso.datetime({ offset: true, message: 'validation.date.invalid' });
const numberField = z.number({ message: 'validation.numeric' }).refine(Number.isFinite, 'validation.numeric');
const tagField = textSchema().trim().min(1, 'validation.quiz.tag').max(MAX_TAG_LENGTH, 'validation.length.max');
const tagsField = z
  .array(tagField, { message: 'validation.invalid_type' })
  .max(MAX_TAGS, 'validation.array.max')
  .transform((tags) => [...new Set(tags)]);

// ── Questions ─────────────────────────────────────────────────────────────

const OptionInputSchema = z.object({
  text: textSchema('validation.quiz.optionText').trim().min(1, 'validation.quiz.optionText').max(MAX_OPTION_LENGTH, 'validation.length.max'),
  correct: z.boolean({ message: 'validation.invalid_type' }).default(false),
});

/** The content of a question: what makes a version (a change to any of it, once an attempt used it, is a new version). */
const questionContentShape = {
  type: z.enum(QUESTION_TYPES, { message: 'validation.quiz.questionType' }),
  /** Markdown. */
  prompt: textSchema('validation.quiz.prompt').trim().min(1, 'validation.quiz.prompt').max(MAX_PROMPT_LENGTH, 'validation.length.max'),
  points: numberField.pipe(z.number().positive('validation.quiz.points').max(QUESTION_MAX_POINTS, 'validation.number.max')).default(1),
  options: z.array(OptionInputSchema, { message: 'validation.invalid_type' }).max(QUESTION_MAX_OPTIONS, 'validation.array.max').optional(),
  /** short_text: accepted answers, compared without case, accents or surrounding spaces. */
  answers: z
    .array(textSchema().trim().min(1, 'validation.quiz.acceptedAnswer').max(SHORT_ANSWER_MAX_LENGTH, 'validation.length.max'), { message: 'validation.invalid_type' })
    .max(50, 'validation.array.max')
    .optional(),
  /** numeric: the right number, and how far an answer may be from it. */
  answer: numberField.optional(),
  tolerance: numberField.pipe(z.number().min(0, 'validation.number.min')).optional(),
  feedback: textSchema().trim().max(MAX_FEEDBACK_LENGTH, 'validation.length.max').optional(),
};

type QuestionContentInput = {
  type: (typeof QUESTION_TYPES)[number];
  options?: { correct: boolean }[];
  answers?: string[];
  answer?: number;
};

/** The rules of each type: choices with the right count of correct options, accepted answers, a number. */
function checkQuestionContent(question: QuestionContentInput, context: z.RefinementCtx): void {
  const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
  const options = question.options ?? [];
  const correct = options.filter((option) => option.correct).length;
  switch (question.type) {
    case 'single':
      if (options.length < 2) issue('options', 'validation.quiz.twoOptions');
      else if (correct !== 1) issue('options', 'validation.quiz.oneCorrect');
      break;
    case 'true_false':
      if (options.length !== 2) issue('options', 'validation.quiz.trueFalseOptions');
      else if (correct !== 1) issue('options', 'validation.quiz.oneCorrect');
      break;
    case 'multiple':
      if (options.length < 2) issue('options', 'validation.quiz.twoOptions');
      else if (correct < 1) issue('options', 'validation.quiz.someCorrect');
      break;
    case 'short_text':
      if ((question.answers ?? []).length === 0) issue('answers', 'validation.quiz.acceptedAnswers');
      break;
    case 'numeric':
      if (question.answer === undefined) issue('answer', 'validation.quiz.numericAnswer');
      break;
    case 'open':
      break;
  }
}

/** A question as authors write it. With `id`: a question of the course's bank (reused as is, or edited: a new version if attempts used it). */
export const QuestionInputSchema = z
  .object({ id: IdSchema.optional(), ...questionContentShape, tags: tagsField.optional() })
  .superRefine(checkQuestionContent)
  .meta({ id: 'QuestionInput' });
export type QuestionInput = z.output<typeof QuestionInputSchema>;

/** Questions drawn at random for each attempt from the bank's questions with a tag. */
export const DrawInputSchema = z
  .object({ tag: tagField, count: z.number({ message: 'validation.numeric' }).int('validation.numeric').min(1, 'validation.number.min').max(100, 'validation.number.max') })
  .meta({ id: 'DrawInput' });
export type DrawInput = z.output<typeof DrawInputSchema>;

const OptionSchema = z.object({ id: z.number().int(), text: z.string(), correct: z.boolean() });

/** A question as its authors see it, right answers included (staff only). */
export const StaffQuestionSchema = z
  .object({
    id: z.number().int(),
    /** 1, 2, …: a new version whenever a question that attempts used is edited; old attempts keep theirs. */
    version: z.number().int(),
    versionId: z.number().int(),
    type: z.enum(QUESTION_TYPES),
    prompt: z.string(),
    points: z.number(),
    options: z.array(OptionSchema).optional(),
    answers: z.array(z.string()).optional(),
    answer: z.number().nullable().optional(),
    tolerance: z.number().optional(),
    feedback: z.string().nullable(),
    tags: z.array(z.string()),
  })
  .meta({ id: 'StaffQuestion' });
export type StaffQuestion = z.infer<typeof StaffQuestionSchema>;

/** A bank question: the staff view plus its state in the bank. */
export const BankQuestionSchema = StaffQuestionSchema.extend({
  status: z.enum(RECORD_STATUSES),
  /** Attempts that answered an older version (they keep being scored on it). */
  attemptsOnOlderVersions: z.number().int(),
}).meta({ id: 'BankQuestion' });
export type BankQuestion = z.infer<typeof BankQuestionSchema>;

/** A question as a student taking the quiz sees it: never which option or answer is right. */
export const TakingQuestionSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(QUESTION_TYPES),
    /** Markdown, as written. */
    prompt: z.string(),
    /** The prompt rendered to sanitized HTML by the server. */
    promptHtml: z.string(),
    points: z.number(),
    options: z.array(z.object({ id: z.number().int(), text: z.string() })).optional(),
  })
  .meta({ id: 'TakingQuestion' });
export type TakingQuestion = z.infer<typeof TakingQuestionSchema>;

// ── Quizzes ───────────────────────────────────────────────────────────────

const settingsShape = {
  title: textSchema('validation.required.title').trim().min(1, 'validation.required.title').max(MAX_TITLE_LENGTH, 'validation.length.max'),
  description: textSchema().trim().max(MAX_DESCRIPTION_LENGTH, 'validation.length.max'),
  activityType: z.enum(ACTIVITY_TYPES, { message: 'validation.quiz.activityType' }),
  /** Seconds; null: no time limit. */
  timeLimitS: z
    .number({ message: 'validation.numeric' })
    .int('validation.numeric')
    .min(QUIZ_TIME_LIMIT_MIN_S, 'validation.number.min')
    .max(QUIZ_TIME_LIMIT_MAX_S, 'validation.number.max')
    .nullable(),
  maxAttempts: z.number({ message: 'validation.numeric' }).int('validation.numeric').min(1, 'validation.number.min').max(QUIZ_MAX_ATTEMPTS, 'validation.number.max'),
  passPercent: numberField.pipe(z.number().min(0, 'validation.number.min').max(100, 'validation.number.max')),
  shuffleQuestions: z.boolean({ message: 'validation.invalid_type' }),
  shuffleOptions: z.boolean({ message: 'validation.invalid_type' }),
  opensAt: dateField.nullable(),
  closesAt: dateField.nullable(),
  showResults: z.enum(SHOW_RESULTS, { message: 'validation.invalid_value' }),
  published: z.boolean({ message: 'validation.invalid_type' }),
  /** The quiz's questions in order (replaced as a whole by an update). */
  questions: z.array(QuestionInputSchema, { message: 'validation.invalid_type' }).max(QUIZ_MAX_QUESTIONS, 'validation.array.max'),
  /** Questions drawn at random for each attempt, after the fixed ones (replaced as a whole by an update). */
  draws: z.array(DrawInputSchema, { message: 'validation.invalid_type' }).max(QUIZ_MAX_DRAWS, 'validation.array.max'),
};

const closesAfterOpens = (value: { opensAt?: string | null; closesAt?: string | null }, context: z.RefinementCtx) => {
  if (value.opensAt && value.closesAt && Date.parse(value.closesAt) <= Date.parse(value.opensAt)) {
    context.addIssue({ code: 'custom', path: ['closesAt'], message: 'validation.date.endBeforeStart' });
  }
};

export const CreateQuizBodySchema = SessionBodySchema.extend({
  title: settingsShape.title,
  description: settingsShape.description.default(''),
  activityType: settingsShape.activityType,
  timeLimitS: settingsShape.timeLimitS.optional().transform((value) => value ?? null),
  maxAttempts: settingsShape.maxAttempts.default(1),
  passPercent: settingsShape.passPercent.default(60),
  shuffleQuestions: settingsShape.shuffleQuestions.default(false),
  shuffleOptions: settingsShape.shuffleOptions.default(false),
  opensAt: settingsShape.opensAt.optional().transform((value) => value ?? null),
  closesAt: settingsShape.closesAt.optional().transform((value) => value ?? null),
  showResults: settingsShape.showResults.default('after_submit'),
  published: settingsShape.published.default(false),
  questions: settingsShape.questions.default([]),
  draws: settingsShape.draws.default([]),
})
  .superRefine(closesAfterOpens)
  .meta({ id: 'CreateQuizBody' });
export type CreateQuizBody = z.output<typeof CreateQuizBodySchema>;

export const UpdateQuizBodySchema = SessionBodySchema.extend({
  title: settingsShape.title.optional(),
  description: settingsShape.description.optional(),
  activityType: settingsShape.activityType.optional(),
  timeLimitS: settingsShape.timeLimitS.optional(),
  maxAttempts: settingsShape.maxAttempts.optional(),
  passPercent: settingsShape.passPercent.optional(),
  shuffleQuestions: settingsShape.shuffleQuestions.optional(),
  shuffleOptions: settingsShape.shuffleOptions.optional(),
  opensAt: settingsShape.opensAt.optional(),
  closesAt: settingsShape.closesAt.optional(),
  showResults: settingsShape.showResults.optional(),
  published: settingsShape.published.optional(),
  questions: settingsShape.questions.optional(),
  draws: settingsShape.draws.optional(),
})
  .superRefine(closesAfterOpens)
  .meta({ id: 'UpdateQuizBody' });
export type UpdateQuizBody = z.output<typeof UpdateQuizBodySchema>;

const quizSettingsOut = {
  id: z.number().int(),
  courseId: z.number().int(),
  title: z.string(),
  description: z.string(),
  activityType: z.enum(ACTIVITY_TYPES),
  timeLimitS: z.number().int().nullable(),
  maxAttempts: z.number().int(),
  passPercent: z.number(),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  showResults: z.enum(SHOW_RESULTS),
  /** Questions each attempt gets: the fixed ones plus those drawn. */
  questionCount: z.number().int(),
};

/** The staff view: settings, the questions with their right answers, the draws. */
export const StaffQuizSchema = z
  .object({
    ...quizSettingsOut,
    shuffleQuestions: z.boolean(),
    shuffleOptions: z.boolean(),
    published: z.boolean(),
    questions: z.array(StaffQuestionSchema),
    draws: z.array(z.object({ tag: z.string(), count: z.number().int(), available: z.number().int() })),
    attemptsCount: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: 'StaffQuiz' });
export type StaffQuiz = z.infer<typeof StaffQuizSchema>;

export const QUIZ_STUDENT_STATUSES = ['not_started', 'in_progress', 'completed'] as const;
export type QuizStudentStatus = (typeof QUIZ_STUDENT_STATUSES)[number];

/** What a student sees of a quiz (never its questions): its settings, its window and their own state. */
export const ReaderQuizSchema = z
  .object({
    ...quizSettingsOut,
    availability: z.enum(['upcoming', 'open', 'closed']),
    attemptsUsed: z.number().int(),
    /** Their best percentage among completed attempts. */
    bestPercent: z.number().nullable(),
    status: z.enum(QUIZ_STUDENT_STATUSES),
    /** The attempt under way, to resume. */
    openAttemptId: z.number().int().nullable(),
  })
  .meta({ id: 'ReaderQuiz' });
export type ReaderQuiz = z.infer<typeof ReaderQuizSchema>;

/**
 * A student's read of one quiz: the reader's view, and the questions a phone
 * may keep to answer it offline (issue 34, ADR 038) — only for an untimed
 * quiz with no random draws that is open to them with an attempt left (null
 * otherwise: a timed quiz's clock must start on the server). Never a right answer.
 */
export const ReaderQuizReadSchema = ReaderQuizSchema.extend({
  offlineQuestions: z.array(TakingQuestionSchema).nullable(),
}).meta({ id: 'ReaderQuizRead' });
export type ReaderQuizRead = z.infer<typeof ReaderQuizReadSchema>;

/** A quiz in the course's list: students get their state; staff whether it is published and how many attempts it has. */
export const QuizListItemSchema = z
  .object({
    ...quizSettingsOut,
    published: z.boolean().optional(),
    attemptsCount: z.number().int().optional(),
    availability: z.enum(['upcoming', 'open', 'closed']),
    attemptsUsed: z.number().int().optional(),
    bestPercent: z.number().nullable().optional(),
    status: z.enum(QUIZ_STUDENT_STATUSES).optional(),
    openAttemptId: z.number().int().nullable().optional(),
  })
  .meta({ id: 'QuizListItem' });
export type QuizListItem = z.infer<typeof QuizListItemSchema>;
export const QuizPageSchema = pageSchemaOf(QuizListItemSchema).meta({ id: 'QuizPage' });

// ── Attempts and answers ───────────────────────────────────────────────────

export const AnswerSchema = z
  .object({ questionId: z.number().int(), optionIds: z.array(z.number().int()).optional(), text: z.string().optional(), number: z.number().nullable().optional() })
  .meta({ id: 'Answer' });
export type Answer = z.infer<typeof AnswerSchema>;

/** An attempt being taken: its clock (server time) and the answers saved so far. */
export const TakingAttemptSchema = z
  .object({
    id: z.number().int(),
    status: z.literal('in_progress'),
    startedAt: z.string(),
    /** When it closes itself; null without a time limit or closing date. */
    deadline: z.string().nullable(),
    answers: z.array(AnswerSchema),
  })
  .meta({ id: 'TakingAttempt' });

export const StartAttemptResultSchema = z
  .object({
    attempt: TakingAttemptSchema,
    /** In the order this attempt shows them (kept for the attempt). */
    questions: z.array(TakingQuestionSchema),
    /** The server's clock when it answered, so the player counts down from the server's time, not the device's. */
    serverNow: z.string(),
  })
  .meta({ id: 'StartAttemptResult' });
export type StartAttemptResult = z.infer<typeof StartAttemptResultSchema>;

export const StartAttemptBodySchema = SessionBodySchema.meta({ id: 'StartAttemptBody' });

export const SaveAnswerBodySchema = SessionBodySchema.extend({
  attemptId: IdSchema,
  questionId: IdSchema,
  optionIds: z.array(IdSchema, { message: 'validation.invalid_type' }).max(QUESTION_MAX_OPTIONS, 'validation.array.max').optional(),
  text: textSchema().max(OPEN_ANSWER_MAX_LENGTH, 'validation.length.max').optional(),
  /** null clears a numeric answer. */
  number: numberField.nullable().optional(),
  /** When the student gave it, on their device: an older save arriving after a newer one never overwrites it. */
  clientSavedAt: dateField.optional(),
})
  .superRefine((body, context) => {
    const given = [body.optionIds, body.text, body.number].filter((value) => value !== undefined).length;
    if (given !== 1) context.addIssue({ code: 'custom', path: ['answer'], message: 'validation.quiz.oneAnswer' });
  })
  .meta({ id: 'SaveAnswerBody' });
export type SaveAnswerBody = z.output<typeof SaveAnswerBodySchema>;

export const SaveAnswerResultSchema = z
  .object({
    questionId: z.number().int(),
    /** When the answer the server keeps was saved. */
    savedAt: z.string(),
    /** False when a newer answer (by clientSavedAt) was already kept, or this one changed nothing. */
    applied: z.boolean(),
    /** The answer the server keeps, when it is not this one (a newer save from another tab or device). */
    kept: AnswerSchema.optional(),
  })
  .meta({ id: 'SaveAnswerResult' });
export type SaveAnswerResult = z.infer<typeof SaveAnswerResultSchema>;

export const AttemptIdBodySchema = SessionBodySchema.extend({ attemptId: IdSchema }).meta({ id: 'CompleteAttemptBody' });

/** An attempt's outcome (the contract's `attempt` of answers/completed/). */
export const AttemptSchema = z
  .object({
    id: z.number().int(),
    quizId: z.number().int(),
    /** 1 for the first attempt, 2 for the second… */
    number: z.number().int(),
    status: z.enum(ATTEMPT_STATUSES),
    startedAt: z.string(),
    deadline: z.string().nullable(),
    completedAt: z.string().nullable(),
    /** Who closed it: the student, or the clock. */
    closedBy: z.enum(['student', 'deadline']).nullable(),
    score: z.number().nullable(),
    maxScore: z.number().nullable(),
    percent: z.number().nullable(),
    passed: z.boolean().nullable(),
    pendingManualGrading: z.boolean(),
  })
  .meta({ id: 'Attempt' });
export type Attempt = z.infer<typeof AttemptSchema>;

/** One question of a closed attempt: what was given, what was right, the points. Only where showResults allows (staff: always). */
export const ReviewItemSchema = z
  .object({
    questionId: z.number().int(),
    version: z.number().int(),
    type: z.enum(QUESTION_TYPES),
    prompt: z.string(),
    promptHtml: z.string(),
    points: z.number(),
    options: z.array(OptionSchema).optional(),
    answers: z.array(z.string()).optional(),
    answer: z.number().nullable().optional(),
    tolerance: z.number().optional(),
    feedback: z.string().nullable(),
    given: AnswerSchema.omit({ questionId: true }).nullable(),
    /** Null while an open answer waits for a person. */
    earned: z.number().nullable(),
    correct: z.boolean().nullable(),
    pending: z.boolean(),
    graderFeedback: z.string().nullable(),
  })
  .meta({ id: 'ReviewItem' });
export type ReviewItem = z.infer<typeof ReviewItemSchema>;

export const CompleteAttemptResultSchema = z
  .object({ attempt: AttemptSchema, review: z.array(ReviewItemSchema).optional() })
  .meta({ id: 'CompleteAttemptResult' });
export type CompleteAttemptResult = z.infer<typeof CompleteAttemptResultSchema>;

const StudentSchema = z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), email: z.string() });

export const AttemptRowSchema = AttemptSchema.extend({ student: StudentSchema }).meta({ id: 'AttemptRow' });
export type AttemptRow = z.infer<typeof AttemptRowSchema>;
export const AttemptPageSchema = pageSchemaOf(AttemptRowSchema).meta({ id: 'AttemptPage' });

/** One attempt with its answers: staff always get the review; a student, theirs as showResults allows. */
export const AttemptDetailSchema = z
  .object({ attempt: AttemptSchema, student: StudentSchema, review: z.array(ReviewItemSchema).optional() })
  .meta({ id: 'AttemptDetail' });
export type AttemptDetail = z.infer<typeof AttemptDetailSchema>;

export const AttemptsQuerySchema = PageQuerySchema.extend({
  cohort: IdSchema.optional(),
  status: z.enum(ATTEMPT_STATUSES, { message: 'validation.invalid_value' }).optional(),
});

export const GradeAnswerBodySchema = SessionBodySchema.extend({
  questionId: IdSchema,
  points: numberField.pipe(z.number().min(0, 'validation.number.min').max(QUESTION_MAX_POINTS, 'validation.number.max')),
  feedback: textSchema().trim().max(MAX_FEEDBACK_LENGTH, 'validation.length.max').optional(),
}).meta({ id: 'GradeAnswerBody' });
export type GradeAnswerBody = z.output<typeof GradeAnswerBodySchema>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const ExportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { message: 'validation.invalid_value' }).default('xlsx'),
  cohort: IdSchema.optional(),
});

// ── The question bank ──────────────────────────────────────────────────────

export const BankQuery = PageQuerySchema.extend({
  tag: tagField.optional(),
  search: textSchema().trim().max(200, 'validation.length.max').optional(),
  status: z.enum(RECORD_STATUSES, { message: 'validation.invalid_value' }).default('ACTIVE'),
});
export const BankPageSchema = pageSchemaOf(BankQuestionSchema).meta({ id: 'BankQuestionPage' });

export const BankTagSchema = z.object({ tag: z.string(), count: z.number().int() }).meta({ id: 'BankTag' });

export const UpdateBankQuestionBodySchema = SessionBodySchema.extend({
  tags: tagsField.optional(),
  status: z.enum(RECORD_STATUSES, { message: 'validation.invalid_value' }).optional(),
}).meta({ id: 'UpdateBankQuestionBody' });
export type UpdateBankQuestionBody = z.output<typeof UpdateBankQuestionBodySchema>;

export const QuestionImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { message: 'validation.invalid_value' })
    .optional()
    .transform((value) => value === 'true'),
});

/** multipart/form-data: `file`, and optionally `format` (else told from the file) and `tags` (comma-separated, added to every question). */
export const QuestionImportBodySchema = SessionBodySchema.extend({
  file: z.custom<{ name: string; declaredType: string; data: Uint8Array }>((value) => typeof value === 'object' && value !== null && (value as { data?: unknown }).data instanceof Uint8Array, {
    message: 'validation.required.file',
  }).meta({ type: 'string', format: 'binary' }),
  format: z.enum(QUESTION_IMPORT_FORMATS, { message: 'validation.invalid_value' }).optional(),
  tags: textSchema().max(500, 'validation.length.max').optional(),
}).meta({ id: 'QuestionImportBody' });
export type QuestionImportBody = z.output<typeof QuestionImportBodySchema>;

export const QuestionImportItemSchema = z
  .object({
    /** Where it starts: the line of a GIFT/Aiken file, or the row of a spreadsheet (the header is row 1). */
    line: z.number().int(),
    type: z.enum(QUESTION_TYPES).nullable(),
    prompt: z.string(),
    points: z.number().nullable(),
    tags: z.array(z.string()),
    /** Problems by field, in the caller's language; empty when the question is fine. */
    errors: z.record(z.string(), z.string()),
  })
  .meta({ id: 'QuestionImportItem' });
export type QuestionImportItem = z.infer<typeof QuestionImportItemSchema>;

export const QuestionImportResultSchema = z
  .object({
    dryRun: z.boolean(),
    format: z.enum(QUESTION_IMPORT_FORMATS),
    items: z.array(QuestionImportItemSchema),
    invalid: z.number().int(),
    /** The questions added to the bank (empty in a dry run). */
    questions: z.array(BankQuestionSchema),
  })
  .meta({ id: 'QuestionImportResult' });
export type QuestionImportResult = z.infer<typeof QuestionImportResultSchema>;
