/**
 * Assignments, submissions, grading and feedback: what the API reads and
 * answers. A student's view of a submission shows `score` (after any late
 * penalty) and `feedback` only once grades are released; the staff view
 * always does, and hides who the student is while an anonymous assignment's
 * grades are not released.
 */
import { z } from 'zod';
import { ACTIVITY_TYPES } from '~/lib/shared/constants';
import { pageSchemaOf, PageQuerySchema } from '~/lib/shared/pagination';
import {
  ASSIGNMENT_INSTRUCTIONS_MAX_LENGTH,
  ASSIGNMENT_MAX_FILE_MB_LIMIT,
  ASSIGNMENT_MAX_SCORE_LIMIT,
  ASSIGNMENT_TITLE_MAX_LENGTH,
  FEEDBACK_MAX_LENGTH,
  GRADE_RELEASES,
  GRADES_BULK_MAX,
  LATE_POLICY_MODES,
  ROSTER_FILTERS,
  ROSTER_SORTS,
  ROSTER_STATES,
  SUBMISSION_FILE_TYPES,
  SUBMISSION_LINK_MAX_LENGTH,
  SUBMISSION_TEXT_MAX_LENGTH,
  SUBMISSION_TYPES,
} from '~/lib/shared/assignments';
import { ClientKeySchema, IdSchema, linkSchema, SessionBodySchema, textSchema } from './common';

export const AssignmentParamsSchema = z.object({ id: IdSchema });

const dateField = z.iso.datetime({ offset: true, message: 'validation.date.invalid' });
const numberField = z.number({ message: 'validation.numeric' }).refine(Number.isFinite, 'validation.numeric');
/** `?flag=true|false` in a query string. */
const queryBoolean = z.enum(['true', 'false'], { message: 'validation.invalid_value' }).transform((value) => value === 'true');

// ── Assignments ───────────────────────────────────────────────────────────

export const LatePolicySchema = z
  .object({
    mode: z.enum(LATE_POLICY_MODES, { message: 'validation.invalid_value' }),
    /** With `penalize`: the share of the score lost per day late (started), up to 100. */
    penaltyPercentPerDay: numberField.pipe(z.number().gt(0, 'validation.number.positive').max(100, 'validation.number.max')).nullish(),
  })
  .superRefine((policy, context) => {
    if (policy.mode === 'penalize' && !policy.penaltyPercentPerDay) {
      context.addIssue({ code: 'custom', path: ['penaltyPercentPerDay'], message: 'validation.assignments.penaltyNeeded' });
    }
  })
  .transform((policy) => ({ mode: policy.mode, penaltyPercentPerDay: policy.mode === 'penalize' ? (policy.penaltyPercentPerDay ?? null) : null }))
  .meta({ id: 'LatePolicy' });

const settingsShape = {
  title: textSchema('validation.required.title').trim().min(1, 'validation.required.title').max(ASSIGNMENT_TITLE_MAX_LENGTH, 'validation.length.max'),
  /** Markdown. */
  instructions: textSchema().max(ASSIGNMENT_INSTRUCTIONS_MAX_LENGTH, 'validation.length.max'),
  activityType: z.enum(ACTIVITY_TYPES, { message: 'validation.quiz.activityType' }),
  isCheckpoint: z.boolean({ message: 'validation.invalid_type' }),
  maxScore: numberField.pipe(z.number().gt(0, 'validation.number.positive').max(ASSIGNMENT_MAX_SCORE_LIMIT, 'validation.number.max')),
  dueAt: dateField.nullable(),
  latePolicy: LatePolicySchema,
  submissionTypes: z
    .array(z.enum(SUBMISSION_TYPES, { message: 'validation.invalid_value' }), { message: 'validation.invalid_type' })
    .min(1, 'validation.assignments.submissionTypes')
    .max(SUBMISSION_TYPES.length, 'validation.array.max')
    .transform((types) => SUBMISSION_TYPES.filter((type) => types.includes(type))),
  /** Extensions (`pdf`, `docx`, …) a file may have; null: any type Senda stores. */
  allowedFileTypes: z
    .array(z.enum(SUBMISSION_FILE_TYPES, { message: 'validation.invalid_value' }), { message: 'validation.invalid_type' })
    .min(1, 'validation.assignments.fileTypes')
    .max(SUBMISSION_FILE_TYPES.length, 'validation.array.max')
    .transform((types) => SUBMISSION_FILE_TYPES.filter((type) => types.includes(type)))
    .nullable(),
  maxFileMb: z.number({ message: 'validation.numeric' }).int('validation.numeric').min(1, 'validation.number.min').max(ASSIGNMENT_MAX_FILE_MB_LIMIT, 'validation.number.max'),
  published: z.boolean({ message: 'validation.invalid_type' }),
  anonymousGrading: z.boolean({ message: 'validation.invalid_type' }),
  gradeRelease: z.enum(GRADE_RELEASES, { message: 'validation.invalid_value' }),
};

/** Anonymous grading needs the release step: names come back with the grades. */
const anonymousNeedsManualRelease = (value: { anonymousGrading?: boolean; gradeRelease?: string }, context: z.RefinementCtx) => {
  if (value.anonymousGrading && value.gradeRelease === 'automatic') {
    context.addIssue({ code: 'custom', path: ['gradeRelease'], message: 'validation.assignments.anonymousNeedsManual' });
  }
};

export const CreateAssignmentBodySchema = SessionBodySchema.extend({
  courseId: IdSchema,
  title: settingsShape.title,
  instructions: settingsShape.instructions.default(''),
  activityType: settingsShape.activityType,
  isCheckpoint: settingsShape.isCheckpoint.default(false),
  maxScore: settingsShape.maxScore.default(100),
  dueAt: settingsShape.dueAt.optional().transform((value) => value ?? null),
  latePolicy: settingsShape.latePolicy.default({ mode: 'accept', penaltyPercentPerDay: null }),
  submissionTypes: settingsShape.submissionTypes.default(['file', 'text', 'link']),
  allowedFileTypes: settingsShape.allowedFileTypes.optional().transform((value) => value ?? null),
  maxFileMb: settingsShape.maxFileMb.default(25),
  published: settingsShape.published.default(false),
  anonymousGrading: settingsShape.anonymousGrading.default(false),
  /** Default: `manual` for anonymous grading, else `automatic`. */
  gradeRelease: settingsShape.gradeRelease.optional(),
})
  .superRefine(anonymousNeedsManualRelease)
  .transform((body) => ({ ...body, gradeRelease: body.gradeRelease ?? (body.anonymousGrading ? 'manual' : 'automatic') }))
  .meta({ id: 'CreateAssignmentBody' });
export type CreateAssignmentBody = z.output<typeof CreateAssignmentBodySchema>;

export const UpdateAssignmentBodySchema = SessionBodySchema.extend({
  title: settingsShape.title.optional(),
  instructions: settingsShape.instructions.optional(),
  activityType: settingsShape.activityType.optional(),
  isCheckpoint: settingsShape.isCheckpoint.optional(),
  maxScore: settingsShape.maxScore.optional(),
  dueAt: settingsShape.dueAt.optional(),
  latePolicy: settingsShape.latePolicy.optional(),
  submissionTypes: settingsShape.submissionTypes.optional(),
  allowedFileTypes: settingsShape.allowedFileTypes.optional(),
  maxFileMb: settingsShape.maxFileMb.optional(),
  published: settingsShape.published.optional(),
  anonymousGrading: settingsShape.anonymousGrading.optional(),
  gradeRelease: settingsShape.gradeRelease.optional(),
})
  .superRefine(anonymousNeedsManualRelease)
  .meta({ id: 'UpdateAssignmentBody' });
export type UpdateAssignmentBody = z.output<typeof UpdateAssignmentBodySchema>;

/** A student's own standing on an assignment. */
export const MyAssignmentStateSchema = z
  .object({
    status: z.enum(['not_submitted', 'submitted', 'late', 'graded']),
    submissionsCount: z.number().int(),
    lastSubmittedAt: z.string().nullable(),
    /** After any late penalty; null until graded and released. */
    score: z.number().nullable(),
    /** Whether a new submission is accepted now (published, and on time or the late policy accepts it). */
    canSubmit: z.boolean(),
  })
  .meta({ id: 'MyAssignmentState' });
export type MyAssignmentState = z.infer<typeof MyAssignmentStateSchema>;

export const AssignmentSchema = z
  .object({
    id: z.number().int(),
    courseId: z.number().int(),
    course: z.object({ id: z.number().int(), name: z.string() }),
    title: z.string(),
    instructions: z.string(),
    activityType: z.enum(ACTIVITY_TYPES),
    isCheckpoint: z.boolean(),
    maxScore: z.number(),
    /** Staff: the assignment's own due date. A student: theirs (their cohort's, when it moved it). */
    dueAt: z.string().nullable(),
    latePolicy: z.object({ mode: z.enum(LATE_POLICY_MODES), penaltyPercentPerDay: z.number().nullable() }),
    submissionTypes: z.array(z.enum(SUBMISSION_TYPES)),
    allowedFileTypes: z.array(z.enum(SUBMISSION_FILE_TYPES)).nullable(),
    maxFileMb: z.number().int(),
    published: z.boolean(),
    anonymousGrading: z.boolean(),
    gradeRelease: z.enum(GRADE_RELEASES),
    gradesReleasedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Students only. */
    mine: MyAssignmentStateSchema.optional(),
    /** Staff only: submissions so far (any student, any cohort they see). */
    submissionsCount: z.number().int().optional(),
  })
  .meta({ id: 'Assignment' });
export type Assignment = z.infer<typeof AssignmentSchema>;
export const AssignmentPageSchema = pageSchemaOf(AssignmentSchema).meta({ id: 'AssignmentPage' });

export const AssignmentListQuerySchema = PageQuerySchema.extend({
  course: IdSchema.optional(),
  program: IdSchema.optional(),
  cohort: IdSchema.optional(),
  is_checkpoint: queryBoolean.optional(),
});
export type AssignmentListQuery = z.output<typeof AssignmentListQuerySchema>;

export const ProgramAssignmentsQuerySchema = PageQuerySchema.extend({ is_checkpoint: queryBoolean.optional() });

// ── Submissions ───────────────────────────────────────────────────────────

export const SubmissionFileSchema = z
  .object({ id: z.number().int(), name: z.string(), size: z.number().int(), contentType: z.string() })
  .meta({ id: 'SubmissionFile' });
export type SubmissionFile = z.infer<typeof SubmissionFileSchema>;

const submissionShape = {
  id: z.number().int(),
  assignmentId: z.number().int(),
  userId: z.number().int(),
  /** 1 for the first submission, 2 for the first resubmission… */
  number: z.number().int(),
  status: z.enum(['submitted', 'late']),
  submittedAt: z.string(),
  text: z.string().nullable(),
  link: z.string().nullable(),
  files: z.array(SubmissionFileSchema),
  /** After any late penalty; for the student, null until graded and released. */
  score: z.number().nullable(),
  feedback: z.string().nullable(),
  /** Days (started) after the due date, and the share of the score that costs. */
  lateDays: z.number().int(),
  penaltyPercent: z.number(),
  gradedAt: z.string().nullable(),
};

export const SubmissionSchema = z.object(submissionShape).meta({ id: 'Submission' });
export type Submission = z.infer<typeof SubmissionSchema>;
export const SubmissionPageSchema = pageSchemaOf(SubmissionSchema).meta({ id: 'SubmissionPage' });

/** Who a student is for a grader: null while the assignment is graded anonymously. */
export const StudentRefSchema = z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), email: z.string() }).meta({ id: 'StudentRef' });
export type StudentRef = z.infer<typeof StudentRefSchema>;

/** A submission as its graders see it: the grade before the penalty too, and who sent it (unless anonymous). */
export const StaffSubmissionSchema = z
  .object({
    ...submissionShape,
    userId: z.number().int().nullable(),
    student: StudentRefSchema.nullable(),
    /** The student's number on this assignment ("Estudiante 3"), the same for every grader. */
    anonymousNumber: z.number().int(),
    /** The grader's score, before the late penalty. */
    rawScore: z.number().nullable(),
  })
  .meta({ id: 'StaffSubmission' });
export type StaffSubmission = z.infer<typeof StaffSubmissionSchema>;

/** One student's line in the grading list: their state and latest submission. */
export const RosterRowSchema = z
  .object({
    anonymousNumber: z.number().int(),
    student: StudentRefSchema.nullable(),
    cohortId: z.number().int(),
    state: z.enum(ROSTER_STATES),
    /** The latest submission came after the due date, by so many days (started). */
    isLate: z.boolean(),
    lateDays: z.number().int(),
    submissionId: z.number().int().nullable(),
    submissionsCount: z.number().int(),
    submittedAt: z.string().nullable(),
    rawScore: z.number().nullable(),
    score: z.number().nullable(),
    penaltyPercent: z.number(),
    filesCount: z.number().int(),
  })
  .meta({ id: 'RosterRow' });
export type RosterRow = z.infer<typeof RosterRowSchema>;

export const RosterCountsSchema = z.object({
  total: z.number().int(),
  missing: z.number().int(),
  submitted: z.number().int(),
  late: z.number().int(),
  graded: z.number().int(),
});
export type RosterCounts = z.infer<typeof RosterCountsSchema>;

export const RosterSchema = z.object({ rows: z.array(RosterRowSchema), counts: RosterCountsSchema }).meta({ id: 'Roster' });
export type Roster = z.infer<typeof RosterSchema>;

export const RosterQuerySchema = z.object({
  cohort: IdSchema.optional(),
  status: z.enum(ROSTER_FILTERS, { message: 'validation.invalid_value' }).optional(),
  search: textSchema().trim().max(100, 'validation.length.max').optional(),
  sort: z.enum(ROSTER_SORTS, { message: 'validation.invalid_value' }).default('status'),
});
export type RosterQuery = z.output<typeof RosterQuerySchema>;
export const SubmissionListQuerySchema = PageQuerySchema.extend(RosterQuerySchema.shape);

/** A student's own submissions, or their graders' list of students (one page each). */
export const SubmissionListSchema = z.union([SubmissionPageSchema, pageSchemaOf(RosterRowSchema)]).meta({ id: 'SubmissionList' });

/** The multipart fields of a submission (files go straight to storage, one field `files` per file). */
export const SubmissionFieldsSchema = SessionBodySchema.extend({
  text: textSchema().max(SUBMISSION_TEXT_MAX_LENGTH, 'validation.length.max').optional(),
  link: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : typeof value === 'string' ? value.trim() : value), linkSchema().max(SUBMISSION_LINK_MAX_LENGTH, 'validation.length.max').optional()),
});
/** A submission's query: its idempotency key (in the address, as the body is a stream read after the due date is checked). */
export const SubmitQuerySchema = z.object({ clientKey: ClientKeySchema.optional() });

/** What the OpenAPI document shows of a submission's body. */
export const SubmissionFormSchema = z
  .object({
    text: z.string().optional(),
    link: z.string().optional(),
    files: z.array(z.string().meta({ format: 'binary' })).optional(),
  })
  .meta({ id: 'SubmissionForm' });

/** One submission with the student's whole history on the assignment (newest first). */
export const SubmissionDetailSchema = z
  .object({ submission: StaffSubmissionSchema, history: z.array(StaffSubmissionSchema), assignment: AssignmentSchema })
  .meta({ id: 'SubmissionDetail' });
export type SubmissionDetail = z.infer<typeof SubmissionDetailSchema>;

// ── Grading ───────────────────────────────────────────────────────────────

const gradeShape = {
  submissionId: IdSchema,
  /** The grader's score (0 to the assignment's maximum), before any late penalty. */
  score: numberField.pipe(z.number().min(0, 'validation.number.min')),
  feedback: textSchema().trim().max(FEEDBACK_MAX_LENGTH, 'validation.length.max').optional(),
};

export const GradeBodySchema = SessionBodySchema.extend(gradeShape).meta({ id: 'GradeBody' });

export const GradeItemSchema = z.object(gradeShape);
export type GradeItem = z.output<typeof GradeItemSchema>;
export const BulkGradeBodySchema = SessionBodySchema.extend({
  grades: z.array(GradeItemSchema, { message: 'validation.invalid_type' }).min(1, 'validation.array.min').max(GRADES_BULK_MAX, 'validation.array.max'),
}).meta({ id: 'BulkGradeBody' });
export const BulkGradeResultSchema = z.object({ graded: z.number().int() }).meta({ id: 'BulkGradeResult' });

export const GradingSheetQuerySchema = z.object({ dryRun: queryBoolean.default(false) });
export const GradingSheetRowSchema = z.object({
  /** The sheet's row number (the header is row 1). */
  row: z.number().int(),
  submissionId: z.number().int(),
  label: z.string(),
  score: z.number().nullable(),
  feedback: z.string(),
  change: z.enum(['grade', 'unchanged']),
});
export const GradingSheetResultSchema = z
  .object({ dryRun: z.boolean(), total: z.number().int(), graded: z.number().int(), unchanged: z.number().int(), rows: z.array(GradingSheetRowSchema) })
  .meta({ id: 'GradingSheetResult' });
export type GradingSheetResult = z.infer<typeof GradingSheetResultSchema>;
export const GradingSheetUploadSchema = SessionBodySchema.extend({ file: z.custom<{ name: string; declaredType: string; data: Uint8Array }>((value) => Boolean(value && typeof value === 'object' && 'data' in value), 'validation.required.file') })
  .meta({ id: 'GradingSheetUpload' });

// ── Zips of submissions ───────────────────────────────────────────────────

export const ZipQuerySchema = z.object({
  cohort: IdSchema.optional(),
  /** `auto` streams small sets and builds large ones in the background; `stream` and `job` choose. */
  delivery: z.enum(['auto', 'stream', 'job'], { message: 'validation.invalid_value' }).default('auto'),
});
export const SubmissionExportSchema = z
  .object({
    id: z.number().int(),
    assignmentId: z.number().int(),
    status: z.enum(['queued', 'running', 'ready', 'failed']),
    filesTotal: z.number().int(),
    filesDone: z.number().int(),
    bytesTotal: z.number().int(),
    bytesDone: z.number().int(),
    sizeBytes: z.number().int().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    /** Where the ready zip downloads (API, with the token). */
    downloadUrl: z.string().nullable(),
  })
  .meta({ id: 'SubmissionExport' });
export type SubmissionExport = z.infer<typeof SubmissionExportSchema>;
export const ExportParamsSchema = z.object({ exportId: IdSchema });

// ── Cohorts' due dates ────────────────────────────────────────────────────

export const CohortAssignmentParamsSchema = z.object({ id: IdSchema, assignmentId: IdSchema });
export const CohortAssignmentsQuerySchema = PageQuerySchema.extend({ students: queryBoolean.optional() });
export const DueDateBodySchema = SessionBodySchema.extend({
  /** The cohort's due date; null gives the cohort the assignment's own again. */
  dueAt: dateField.nullable(),
}).meta({ id: 'DueDateBody' });

export const CohortAssignmentSchema = z
  .object({
    assignment: z.object({
      id: z.number().int(),
      title: z.string(),
      course: z.object({ id: z.number().int(), name: z.string() }),
      activityType: z.enum(ACTIVITY_TYPES),
      isCheckpoint: z.boolean(),
      published: z.boolean(),
    }),
    /** The cohort's due date (its own, or the assignment's). */
    dueAt: z.string().nullable(),
    defaultDueAt: z.string().nullable(),
    isMoved: z.boolean(),
    counts: RosterCountsSchema,
    /** With `?students=true`: each student's state. */
    students: z
      .array(z.object({ student: StudentRefSchema, state: z.enum(ROSTER_STATES), isLate: z.boolean(), score: z.number().nullable() }))
      .optional(),
  })
  .meta({ id: 'CohortAssignment' });
export type CohortAssignment = z.infer<typeof CohortAssignmentSchema>;
export const CohortAssignmentPageSchema = pageSchemaOf(CohortAssignmentSchema).meta({ id: 'CohortAssignmentPage' });

// ── Feedback ──────────────────────────────────────────────────────────────

export const FeedbackSchema = z
  .object({
    id: z.number().int(),
    studentId: z.number().int(),
    author: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
    submissionId: z.number().int().nullable(),
    quizAttemptId: z.number().int().nullable(),
    lessonId: z.number().int().nullable(),
    /** What it is about: the assignment, quiz or lesson, and its page. */
    about: z.object({ kind: z.enum(['assignment', 'quiz', 'lesson']), id: z.number().int(), title: z.string(), href: z.string() }),
    body: z.string(),
    createdAt: z.string(),
    seenAt: z.string().nullable(),
  })
  .meta({ id: 'Feedback' });
export type Feedback = z.infer<typeof FeedbackSchema>;
export const FeedbackPageSchema = pageSchemaOf(FeedbackSchema).meta({ id: 'FeedbackPage' });

export const FeedbackListQuerySchema = PageQuerySchema.extend({
  /** Staff: one student's. */
  student: IdSchema.optional(),
  unseen: queryBoolean.optional(),
});

export const CreateFeedbackBodySchema = SessionBodySchema.extend({
  studentId: IdSchema,
  body: textSchema('validation.required.feedback').trim().min(1, 'validation.required.feedback').max(FEEDBACK_MAX_LENGTH, 'validation.length.max'),
  submissionId: IdSchema.optional(),
  quizAttemptId: IdSchema.optional(),
  lessonId: IdSchema.optional(),
})
  .superRefine((body, context) => {
    const targets = [body.submissionId, body.quizAttemptId, body.lessonId].filter((value) => value !== undefined).length;
    if (targets !== 1) context.addIssue({ code: 'custom', path: ['submissionId'], message: 'validation.feedback.oneTarget' });
  })
  .meta({ id: 'CreateFeedbackBody' });
export type CreateFeedbackBody = z.output<typeof CreateFeedbackBodySchema>;

export const UnseenFeedbackCountSchema = z.object({ count: z.number().int() }).meta({ id: 'UnseenFeedbackCount' });
