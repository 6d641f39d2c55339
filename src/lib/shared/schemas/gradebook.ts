/**
 * The gradebook and approval rules: what the API reads and answers (ADR 027).
 * Percentages are 0–100 with two decimals; grades are on the Colombian
 * 0.0–5.0 scale with one.
 */
import { z } from 'zod';
import { APPROVAL_STATES, CATEGORY_NAME_MAX_LENGTH, GRADE_ITEM_KINDS, GRADE_SCALE_MAX, ITEM_STATUSES, OVERRIDE_REASON_MAX_LENGTH } from '~/lib/shared/gradebook';
import { IdSchema, SessionBodySchema, textSchema } from './common';
import { REPORT_TYPES, ReportQuerySchema } from './reports';
import { isCalendarDate, todayInBogota } from '~/lib/shared/age-bands';

const numberField = z.number({ message: 'validation.numeric' }).refine(Number.isFinite, 'validation.numeric');
const percentField = numberField.pipe(z.number().min(0, 'validation.number.min').max(100, 'validation.number.max'));
const gradeField = numberField.pipe(z.number().min(0, 'validation.number.min').max(GRADE_SCALE_MAX, 'validation.number.max'));
const booleanField = z.boolean({ message: 'validation.invalid_type' });

export const GradebookIdParamsSchema = z.object({ id: IdSchema });

// ── Categories ────────────────────────────────────────────────────────────

const categoryShape = {
  name: textSchema('validation.required').trim().min(1, 'validation.required').max(CATEGORY_NAME_MAX_LENGTH),
  /** Percent of the course grade (more than 0, at most 100). */
  weight: numberField.pipe(z.number().gt(0, 'validation.number.positive').max(100, 'validation.number.max')),
  /** How many of the category's lowest scores are left out of its average (one always stays). */
  dropLowest: numberField.pipe(z.number().int('validation.numeric').min(0, 'validation.number.min').max(50, 'validation.number.max')),
};

export const CreateGradeCategoryBodySchema = SessionBodySchema.extend({ ...categoryShape, dropLowest: categoryShape.dropLowest.default(0) }).meta({
  id: 'CreateGradeCategoryBody',
});
export type CreateGradeCategoryBody = z.infer<typeof CreateGradeCategoryBodySchema>;

export const UpdateGradeCategoryBodySchema = SessionBodySchema.extend({
  name: categoryShape.name.optional(),
  weight: categoryShape.weight.optional(),
  dropLowest: categoryShape.dropLowest.optional(),
}).meta({ id: 'UpdateGradeCategoryBody' });
export type UpdateGradeCategoryBody = z.infer<typeof UpdateGradeCategoryBodySchema>;

/** The whole set of a course's categories at once, in order (ids of the existing ones to keep them): their weights must add up to exactly 100. */
export const ReplaceGradeCategoriesBodySchema = SessionBodySchema.extend({
  categories: z
    .array(z.object({ id: IdSchema.optional(), ...categoryShape, dropLowest: categoryShape.dropLowest.default(0) }), { message: 'validation.invalid_type' })
    .min(1, 'validation.array.min')
    .max(50, 'validation.array.max'),
}).meta({ id: 'ReplaceGradeCategoriesBody' });
export type ReplaceGradeCategoriesBody = z.infer<typeof ReplaceGradeCategoriesBodySchema>;

export const GradeCategorySchema = z
  .object({ id: z.number().int(), courseId: z.number().int(), name: z.string(), weight: z.number(), dropLowest: z.number().int(), position: z.number().int() })
  .meta({ id: 'GradeCategory' });
export type GradeCategory = z.infer<typeof GradeCategorySchema>;

export const GradeCategoryListSchema = z
  .object({
    results: z.array(GradeCategorySchema),
    totalWeight: z.number(),
    /** Whether the weights add up to 100 (the gradebook is computed only then). */
    complete: z.boolean(),
  })
  .meta({ id: 'GradeCategoryList' });
export type GradeCategoryList = z.infer<typeof GradeCategoryListSchema>;

// ── Items ─────────────────────────────────────────────────────────────────

export const GradeItemSchema = z
  .object({
    key: z.string(),
    kind: z.enum(GRADE_ITEM_KINDS),
    id: z.number().int(),
    title: z.string(),
    categoryId: z.number().int().nullable(),
    countsForGrade: z.boolean(),
    mustPass: z.boolean(),
    /** The cohort's due date (an assignment's, moved or not; a quiz's closing time), when the list is for a cohort. */
    dueAt: z.string().nullable(),
    maxScore: z.number().nullable(),
  })
  .meta({ id: 'GradeItem' });
export type GradeItem = z.infer<typeof GradeItemSchema>;

export const GradeItemListSchema = z.object({ results: z.array(GradeItemSchema) }).meta({ id: 'GradeItemList' });

export const UpdateGradeItemsBodySchema = SessionBodySchema.extend({
  items: z
    .array(
      z.object({
        kind: z.enum(GRADE_ITEM_KINDS, { message: 'validation.invalid_value' }),
        id: IdSchema,
        categoryId: IdSchema.nullable().optional(),
        countsForGrade: booleanField.optional(),
        mustPass: booleanField.optional(),
      }),
      { message: 'validation.invalid_type' },
    )
    .min(1, 'validation.array.min')
    .max(500, 'validation.array.max'),
}).meta({ id: 'UpdateGradeItemsBody' });
export type UpdateGradeItemsBody = z.infer<typeof UpdateGradeItemsBodySchema>;

// ── Approval rules ────────────────────────────────────────────────────────

export const ApprovalRuleBodySchema = SessionBodySchema.extend({
  /** 0.0–5.0: the course grade required (each course's, or their mean). */
  minGrade: gradeField,
  minCompletionPercent: percentField,
  minAttendancePercent: percentField,
  /** Items marked mustPass must each be passed: score at least the pass mark as a percentage (3.0 → 60 %). */
  mustPassItems: booleanField,
  /** Every course must reach minGrade (true) or the mean of the courses' grades (false). */
  allCoursesRequired: booleanField,
  /** 0.0–5.0, default 3.0: the grade an item passes with. */
  passMark: gradeField.default(3),
}).meta({ id: 'ApprovalRuleBody' });
export type ApprovalRuleBody = z.infer<typeof ApprovalRuleBodySchema>;

export const ApprovalRuleSchema = z
  .object({
    minGrade: z.number(),
    minCompletionPercent: z.number(),
    minAttendancePercent: z.number(),
    mustPassItems: z.boolean(),
    allCoursesRequired: z.boolean(),
    passMark: z.number(),
    /** Where the rule in force comes from: the cohort's override, the program's rule, or the defaults. */
    source: z.enum(['cohort', 'program', 'default']),
  })
  .meta({ id: 'ApprovalRule' });
export type ApprovalRuleView = z.infer<typeof ApprovalRuleSchema>;

// ── Gradebook ─────────────────────────────────────────────────────────────

export const GradebookQuerySchema = z.object({ course_id: IdSchema });

export const ItemGradeSchema = z
  .object({
    key: z.string(),
    status: z.enum(ITEM_STATUSES),
    /** After the late penalty; 0 when missing; null when pending. */
    percent: z.number().nullable(),
    score: z.number().nullable(),
  })
  .meta({ id: 'ItemGrade' });

export const ApprovalMissingSchema = z
  .object({
    assignments: z.number().int(),
    quizzes: z.number().int(),
    completionPercent: z.number(),
    attendancePercent: z.number(),
    grade: z.object({ current: z.number().nullable(), required: z.number() }).nullable(),
  })
  .meta({ id: 'ApprovalMissing' });

export const ApprovalStateSchema = z
  .object({
    state: z.enum(APPROVAL_STATES),
    missing: ApprovalMissingSchema,
    /** What is missing as one sentence in the caller's language ("Te falta: 2 entregas, 8 % de asistencia, nota 2.7 de 3.0"); null when nothing is. */
    line: z.string().nullable(),
  })
  .meta({ id: 'ApprovalStateOfStudent' });

export const GradeOverrideSchema = z
  .object({ grade: z.number(), computedGrade: z.number().nullable(), reason: z.string(), changedBy: z.number().int().nullable(), changedAt: z.string() })
  .meta({ id: 'GradeOverride' });

export const GradebookRowSchema = z
  .object({
    userId: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    items: z.array(ItemGradeSchema),
    categories: z.array(z.object({ categoryId: z.number().int(), averagePercent: z.number().nullable() })),
    /** The course grade so far (graded and missing work), with an override applied. */
    coursePercent: z.number().nullable(),
    courseGrade: z.number().nullable(),
    override: GradeOverrideSchema.nullable(),
    completionPercent: z.number(),
    attendancePercent: z.number(),
    approval: ApprovalStateSchema,
  })
  .meta({ id: 'GradebookRow' });
export type GradebookRow = z.infer<typeof GradebookRowSchema>;

export const GradebookSchema = z
  .object({
    cohortId: z.number().int(),
    courseId: z.number().int(),
    passMark: z.number(),
    categories: z.array(GradeCategorySchema),
    items: z.array(GradeItemSchema),
    rows: z.array(GradebookRowSchema),
  })
  .meta({ id: 'Gradebook' });
export type Gradebook = z.infer<typeof GradebookSchema>;

export const OverrideBodySchema = SessionBodySchema.extend({
  course_id: IdSchema,
  /** 0.0–5.0; null removes the override (the computed grade counts again). */
  grade: gradeField.nullable(),
  reason: textSchema('validation.required').trim().min(1, 'validation.required').max(OVERRIDE_REASON_MAX_LENGTH),
}).meta({ id: 'GradeOverrideBody' });
export type OverrideBody = z.infer<typeof OverrideBodySchema>;

export const OverrideParamsSchema = z.object({ id: IdSchema, userId: IdSchema });

export const OverrideAuditSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    courseId: z.number().int(),
    oldGrade: z.number().nullable(),
    newGrade: z.number().nullable(),
    reason: z.string(),
    changedBy: z.number().int().nullable(),
    changedAt: z.string(),
  })
  .meta({ id: 'GradeOverrideAudit' });

export const OverrideResultSchema = z.object({ row: GradebookRowSchema, audit: z.array(OverrideAuditSchema) }).meta({ id: 'GradeOverrideResult' });

// ── Approvals ─────────────────────────────────────────────────────────────

export const ApprovalRowSchema = z
  .object({
    userId: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    state: z.enum(APPROVAL_STATES),
    missing: ApprovalMissingSchema,
    line: z.string().nullable(),
    /** The grade the rule was checked against (the lowest course's, or their mean), 0.0–5.0. */
    grade: z.number().nullable(),
    completionPercent: z.number(),
    attendancePercent: z.number(),
    courses: z.array(z.object({ courseId: z.number().int(), grade: z.number().nullable(), overridden: z.boolean() })),
  })
  .meta({ id: 'ApprovalRow' });

export const ApprovalListSchema = z.object({ rule: ApprovalRuleSchema, results: z.array(ApprovalRowSchema) }).meta({ id: 'ApprovalList' });

// ── My grades ─────────────────────────────────────────────────────────────

export const MyGradesSchema = z
  .object({
    courseId: z.number().int(),
    cohortId: z.number().int(),
    passMark: z.number(),
    categories: z.array(z.object({ id: z.number().int(), name: z.string(), weight: z.number(), dropLowest: z.number().int(), averagePercent: z.number().nullable() })),
    items: z.array(
      GradeItemSchema.extend({
        status: z.enum(ITEM_STATUSES),
        percent: z.number().nullable(),
        score: z.number().nullable(),
        /** Pending only: the most this item can still add to the course grade, in points of percentage. */
        maxContribution: z.number().nullable(),
      }),
    ),
    coursePercent: z.number().nullable(),
    courseGrade: z.number().nullable(),
    overridden: z.boolean(),
    /** The highest course grade still reachable, 0.0–5.0. */
    maxReachableGrade: z.number().nullable(),
    completionPercent: z.number(),
    attendancePercent: z.number(),
    approval: ApprovalStateSchema,
  })
  .meta({ id: 'MyGrades' });
export type MyGrades = z.infer<typeof MyGradesSchema>;

// ── The gradebook as a report ─────────────────────────────────────────────

/**
 * `GET /api/v2/reports/`'s query: the report types, plus `gradebook` (one cohort's course: `cohort_id` and `course_id`)
 * and `funder` (the report to funders at a cut-off day, `cutoff`, ADR 031).
 */
export const ReportWithGradebookQuerySchema = ReportQuerySchema.extend({
  type: z.enum([...REPORT_TYPES, 'gradebook', 'funder'], { message: 'validation.invalid_value' }),
  /** With `type=gradebook`: the course whose gradebook is exported (and `cohort_id`, required then). */
  course_id: IdSchema.optional(),
  /** With `type=funder`: the cut-off day (`YYYY-MM-DD`, Bogotá, not after today). */
  cutoff: textSchema().optional(),
}).superRefine((query, context) => {
  if (query.type === 'funder') {
    const issue = cutoffIssueOf(query.cutoff);
    if (issue) context.addIssue({ code: 'custom', path: ['cutoff'], message: issue });
    return;
  }
  if (query.type !== 'gradebook') return;
  if (query.cohort_id === undefined) context.addIssue({ code: 'custom', path: ['cohort_id'], message: 'validation.required' });
  if (query.course_id === undefined) context.addIssue({ code: 'custom', path: ['course_id'], message: 'validation.required' });
});

/** What is wrong with a funder report's cut-off day, as a message key (null: a real day, not after today in Bogotá). */
export function cutoffIssueOf(cutoff: string | undefined): string | null {
  if (cutoff === undefined || cutoff === '') return 'validation.required.cutoff';
  if (!isCalendarDate(cutoff)) return 'validation.cutoff.invalid';
  return cutoff > todayInBogota() ? 'validation.cutoff.future' : null;
}
