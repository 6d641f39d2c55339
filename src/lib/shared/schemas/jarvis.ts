/**
 * Schemas of the study assistant ("jarvis", contract §7 `GET /jarvis/?user_id=`):
 * one student's feedback drawn from their own data, the follow-up chat, the
 * AI policy, and the audit log.
 */
import { z } from 'zod';
import { LANGUAGES } from '~/lib/shared/constants';
import { IdSchema, SessionBodySchema, textSchema } from './common';

/** The version of the AI policy people accept; a new text gets a new number, and everyone accepts it again. */
export const AI_POLICY_VERSION = 1;
/** A follow-up question's length, and the turns of the conversation sent back with it. */
export const CHAT_MESSAGE_MAX = 1000;
export const CHAT_HISTORY_MAX = 10;

export const JarvisQuerySchema = z.object({ user_id: IdSchema });

/** Where a point of the answer comes from: the page it links to. */
export const JarvisSourceSchema = z.object({
  kind: z.enum(['course', 'lesson', 'quiz', 'assignment', 'feedback']),
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
});
export type JarvisSource = z.infer<typeof JarvisSourceSchema>;

export const JarvisAnswerSchema = z
  .object({
    userId: z.number().int(),
    language: z.enum(LANGUAGES),
    /** `offline`: built from the data by Senda itself (no AI service, or it failed); `model`: phrased by the configured model. */
    source: z.enum(['offline', 'model']),
    generatedAt: z.string(),
    /** A few sentences for the card: where the student stands and what to do first. */
    summary: z.string(),
    courses: z.array(
      z.object({
        courseId: z.number().int(),
        name: z.string(),
        url: z.string(),
        progressPercent: z.number().int(),
        completedLessons: z.number().int(),
        totalLessons: z.number().int(),
        /** Mean of the released grades in the course (quizzes and assignments, 0–100); null without any. */
        averageGrade: z.number().nullable(),
        /** Behind: lessons left while the cohort's pace (by its dates) says they should be done, or work overdue. */
        isBehind: z.boolean(),
      }),
    ),
    dueNext: z.array(
      z.object({
        kind: z.enum(['assignment', 'quiz']),
        id: z.number().int(),
        title: z.string(),
        courseName: z.string(),
        dueAt: z.string().nullable(),
        url: z.string(),
      }),
    ),
    /** Lessons to review because of questions answered wrong (never about a quiz with an attempt still open). */
    review: z.array(
      z.object({
        lessonId: z.number().int(),
        title: z.string(),
        courseName: z.string(),
        url: z.string(),
        /** How the lesson was found: the question's author linked it, or the lessons' text matched the question. */
        matchedBy: z.enum(['author_link', 'search']),
        reasons: z.array(z.object({ quizId: z.number().int(), quizTitle: z.string(), questionPrompt: z.string(), url: z.string() })),
      }),
    ),
    unseenFeedback: z.array(z.object({ id: z.number().int(), excerpt: z.string(), url: z.string(), createdAt: z.string() })),
    /** A short plan for the next seven days, each step a link. */
    weekPlan: z.array(z.object({ day: z.string(), text: z.string(), url: z.string() })),
    sources: z.array(JarvisSourceSchema),
  })
  .meta({ id: 'JarvisAnswer' });
export type JarvisAnswer = z.infer<typeof JarvisAnswerSchema>;

export const JarvisChatBodySchema = SessionBodySchema.extend({
  /** Whose data the question is about (the caller's own when left out). */
  user_id: IdSchema.optional(),
  message: textSchema('validation.required.message').trim().min(1, 'validation.required.message').max(CHAT_MESSAGE_MAX, 'validation.length.max'),
  /** The conversation so far (the newest last), as the chat panel keeps it. */
  history: z
    .array(z.object({ role: z.enum(['user', 'assistant']), content: textSchema().max(4000, 'validation.length.max') }))
    .max(CHAT_HISTORY_MAX, 'validation.array.max')
    .default([]),
}).meta({ id: 'JarvisChatBody' });
export type JarvisChatBody = z.infer<typeof JarvisChatBodySchema>;

export const JarvisChatAnswerSchema = z
  .object({
    answer: z.string(),
    source: z.enum(['offline', 'model']),
    /** The lessons and pages the answer is grounded in, to show under it. */
    sources: z.array(JarvisSourceSchema),
  })
  .meta({ id: 'JarvisChatAnswer' });
export type JarvisChatAnswer = z.infer<typeof JarvisChatAnswerSchema>;

export const AiPolicySchema = z
  .object({ version: z.literal(AI_POLICY_VERSION), accepted: z.boolean(), acceptedAt: z.string().nullable(), modelConfigured: z.boolean() })
  .meta({ id: 'AiPolicy' });
export type AiPolicy = z.infer<typeof AiPolicySchema>;

export const AcceptAiPolicyBodySchema = SessionBodySchema.extend({ version: z.literal(AI_POLICY_VERSION, { message: 'validation.aiPolicy.version' }) }).meta({ id: 'AcceptAiPolicyBody' });

export const AiPolicyAcceptanceSchema = z.object({ userId: z.number().int(), email: z.string(), name: z.string(), version: z.number().int(), acceptedAt: z.string() }).meta({ id: 'AiPolicyAcceptance' });
export type AiPolicyAcceptance = z.infer<typeof AiPolicyAcceptanceSchema>;

export const JarvisLogSchema = z
  .object({
    id: z.number().int(),
    subjectId: z.number().int().nullable(),
    askedBy: z.number().int().nullable(),
    kind: z.enum(['feedback', 'chat']),
    model: z.string(),
    prompt: z.array(z.object({ role: z.string(), content: z.string() })),
    answer: z.string().nullable(),
    outcome: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'JarvisLog' });
export type JarvisLog = z.infer<typeof JarvisLogSchema>;

export const JarvisLogQuerySchema = z.object({
  page: z.coerce.number({ message: 'validation.invalid_value' }).int('validation.invalid_value').min(1, 'validation.number.min').max(100_000, 'validation.number.max').default(1),
  user_id: IdSchema.optional(),
});

/** Purging the log: one person's exchanges, or everything before a day (`YYYY-MM-DD`), or both. */
export const PurgeJarvisLogsQuerySchema = z
  .object({ user_id: IdSchema.optional(), before: z.iso.date({ message: 'validation.date.invalid' }).optional() })
  .refine((query) => query.user_id !== undefined || query.before !== undefined, { message: 'validation.jarvis.purgeScope', path: ['user_id'] });

export const QuestionLessonsBodySchema = SessionBodySchema.extend({
  lessonIds: z.array(IdSchema).max(20, 'validation.array.max'),
}).meta({ id: 'QuestionLessonsBody' });
export const QuestionLessonsSchema = z.object({ questionId: z.number().int(), lessons: z.array(z.object({ id: z.number().int(), title: z.string() })) }).meta({ id: 'QuestionLessons' });
