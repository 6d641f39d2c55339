/**
 * What the model is told, built from ONE student's study facts and nothing
 * else: their courses, what is due, the lessons to review, their unread
 * feedback and their week plan (never their name or e-mail, never anyone
 * else's data, never a right answer, and nothing about a quiz they have an
 * attempt open on). The wording (rules of hint mode, section titles, line
 * templates) lives in jarvis-ai.json, in the student's language, so a small
 * local model reads instructions in the language it must answer in.
 * Lesson titles go between «» and nothing else does: the rules ask the
 * model to cite them so.
 *
 * Feedback: [system: rules] [user: data + request]. Chat: [system: rules +
 * data + the lessons found for the question] [the conversation so far]
 * [user: the question]. One system message first, then turns that
 * alternate: what strict chat templates (llama.cpp, some Ollama models) need.
 * Nothing in a prompt depends on the clock, so the same data gives the same
 * prompt (the cache key, phrase-feedback.ts).
 */
import type { Language } from '~/lib/shared/constants';
import { formatDate, formatDateTime } from '~/lib/shared/format';
import type { JarvisChatBody } from '~/lib/shared/schemas/jarvis';
import { getT, type Translate } from '~/i18n';
import type { ChatMessage } from '~/lib/server/ai/chat-completions';
import type { RetrievedLesson } from './retrieve-lessons';
import type { StudyFacts } from './study-facts-types';

/** Items per section at most: the prompt stays short enough for small local models. */
const SECTION_ITEMS_MAX = 8;
const REASONS_MAX = 3;
const QUESTION_CHARS_MAX = 200;
const FEEDBACK_CHARS_MAX = 300;

/** The facts the prompt is drawn from. */
export type PromptFacts = Pick<StudyFacts, 'courses' | 'dueNext' | 'review' | 'unseenFeedback' | 'weekPlan' | 'openQuizIds'>;

/** One line of text: no line breaks (they would break the prompt's lists), at most `max` characters. */
const oneLine = (text: string, max = 200) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/**
 * The facts without any quiz the student has an attempt open on: not due,
 * not a reason to review, not in the plan (the data part leaves them out
 * already; this keeps the rule where the prompt is made).
 */
export function withoutOpenQuizzes(facts: PromptFacts): PromptFacts {
  const open = new Set(facts.openQuizIds);
  if (open.size === 0) return facts;
  const openQuizTitles = new Set(facts.dueNext.filter((item) => item.kind === 'quiz' && open.has(item.id)).map((item) => item.title));
  const isOpenQuizUrl = (url: string) => [...open].some((id) => url === `/quizzes/${id}` || url.startsWith(`/quizzes/${id}/`));
  return {
    ...facts,
    dueNext: facts.dueNext.filter((item) => !(item.kind === 'quiz' && open.has(item.id))),
    review: facts.review
      .map((item) => ({ ...item, reasons: item.reasons.filter((reason) => !open.has(reason.quizId)) }))
      .filter((item) => item.reasons.length > 0),
    weekPlan: facts.weekPlan.filter((step) => !isOpenQuizUrl(step.url) && !(step.kind === 'quiz' && openQuizTitles.has(step.title))),
  };
}

function section(t: Translate, title: string, lines: string[]): string {
  return [t(title), ...(lines.length > 0 ? lines.slice(0, SECTION_ITEMS_MAX) : [t('jarvis.ai.prompt.none')])].join('\n');
}

/** The student's study data as the prompt states it. */
function studyDataOf(facts: PromptFacts, lang: Language, t: Translate): string {
  const safe = withoutOpenQuizzes(facts);
  const courses = safe.courses.map((course) =>
    t('jarvis.ai.prompt.course', {
      name: oneLine(course.name),
      progress: course.progressPercent,
      completed: course.completedLessons,
      count: course.totalLessons,
      grade: course.averageGrade === null ? t('jarvis.ai.prompt.noGrade') : t('jarvis.ai.prompt.grade', { grade: Math.round(course.averageGrade) }),
      pace: t(course.isBehind ? 'jarvis.ai.prompt.behind' : 'jarvis.ai.prompt.onTrack'),
    }),
  );
  const dueNext = safe.dueNext.map((item) =>
    t(`jarvis.ai.prompt.due.${item.kind}`, {
      title: oneLine(item.title),
      course: oneLine(item.courseName),
      when: item.dueAt ? t('jarvis.ai.prompt.dueAt', { date: formatDateTime(lang, item.dueAt) }) : t('jarvis.ai.prompt.noDueDate'),
    }),
  );
  const review = safe.review.map((item) =>
    t('jarvis.ai.prompt.review', {
      title: oneLine(item.title),
      course: oneLine(item.courseName),
      reasons: item.reasons
        .slice(0, REASONS_MAX)
        .map((reason) => t('jarvis.ai.prompt.reviewReason', { question: oneLine(reason.questionPrompt, QUESTION_CHARS_MAX), quiz: oneLine(reason.quizTitle) }))
        .join('; '),
    }),
  );
  const feedback = safe.unseenFeedback.map((item) => t('jarvis.ai.prompt.feedback', { excerpt: oneLine(item.excerpt, FEEDBACK_CHARS_MAX) }));
  const plan = safe.weekPlan.map((step) => t(`jarvis.ai.prompt.plan.${step.kind}`, { day: formatDate(lang, `${step.day}T12:00:00-05:00`), title: oneLine(step.title), course: oneLine(step.courseName) }));
  return [
    t('jarvis.ai.prompt.dataHeader'),
    section(t, 'jarvis.ai.prompt.section.courses', courses),
    section(t, 'jarvis.ai.prompt.section.dueNext', dueNext),
    section(t, 'jarvis.ai.prompt.section.review', review),
    section(t, 'jarvis.ai.prompt.section.unseenFeedback', feedback),
    section(t, 'jarvis.ai.prompt.section.weekPlan', plan),
  ].join('\n\n');
}

/** The messages that ask the model to phrase a student's feedback card. */
export function buildFeedbackPrompt(facts: PromptFacts, lang: Language): ChatMessage[] {
  const t = getT(lang);
  return [
    { role: 'system', content: t('jarvis.ai.prompt.feedbackRules') },
    { role: 'user', content: `${studyDataOf(facts, lang, t)}\n\n${t('jarvis.ai.prompt.feedbackRequest')}` },
  ];
}

/** The conversation so far as alternating turns (two of the same role in a row are joined). */
function turnsOf(history: JarvisChatBody['history'], message: string): ChatMessage[] {
  const turns: ChatMessage[] = [];
  for (const turn of [...history, { role: 'user' as const, content: message }]) {
    const last = turns.at(-1);
    if (last?.role === turn.role) last.content = `${last.content}\n\n${turn.content}`;
    else turns.push({ role: turn.role, content: turn.content });
  }
  return turns;
}

/** The messages that ask the model to answer a student's question from their data and the lessons found for it. */
export function buildChatPrompt(input: { facts: PromptFacts; lessons: readonly RetrievedLesson[]; history: JarvisChatBody['history']; message: string; lang: Language }): ChatMessage[] {
  const t = getT(input.lang);
  const lessons = input.lessons.map((lesson) => t('jarvis.ai.prompt.lesson', { title: oneLine(lesson.title), course: oneLine(lesson.courseName), excerpt: oneLine(lesson.excerpt, 400) }));
  const context = [t('jarvis.ai.prompt.chatRules'), studyDataOf(input.facts, input.lang, t), [t('jarvis.ai.prompt.lessonsHeader'), ...(lessons.length > 0 ? lessons : [t('jarvis.ai.prompt.noLessons')])].join('\n')];
  return [{ role: 'system', content: context.join('\n\n') }, ...turnsOf(input.history, input.message)];
}
