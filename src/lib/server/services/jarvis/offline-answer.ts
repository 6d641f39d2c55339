/**
 * The study assistant's answer without an AI service: the facts put into a
 * few sentences from the dictionaries, in the reader's language, saying that
 * Senda built them from the data (no AI). Hint style: it points to lessons
 * and pages, never to an answer.
 */
import { getT, type Translate } from '~/i18n';
import type { Language } from '~/lib/shared/constants';
import { formatDate } from '~/lib/shared/format';
import type { JarvisAnswer } from '~/lib/shared/schemas/jarvis';
import type { StudyFacts } from './study-facts-types';

/** Who reads the answer: the student themself, or staff reading about them (sentences in the third person). */
export type FactsAudience = 'student' | 'staff';

/** Lessons named in the summary at most (the card and the answer list them all). */
const SUMMARY_LESSONS_MAX = 3;

const listFormats = new Map<Language, Intl.ListFormat>();
/** "A, B y C" / "A, B, and C". */
function joinList(lang: Language, items: readonly string[]): string {
  let format = listFormats.get(lang);
  if (!format) {
    format = new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' });
    listFormats.set(lang, format);
  }
  return format.format(items);
}

function summaryOf(facts: StudyFacts, lang: Language, audience: FactsAudience, t: Translate): string {
  const say = (key: string, params?: Record<string, unknown>) => t(`jarvis.facts.${audience}.${key}`, params);
  const sentences = [say('intro', { name: facts.studentName })];
  if (facts.courses.length === 0) return [...sentences, say('noCourses')].join(' ');
  const total = facts.courses.reduce((sum, course) => sum + course.totalLessons, 0);
  const completed = facts.courses.reduce((sum, course) => sum + course.completedLessons, 0);
  if (total > 0) sentences.push(say('progress', { completed, count: total }));
  const behind = facts.courses.filter((course) => course.isBehind).map((course) => course.name);
  if (behind.length > 0) sentences.push(say('behind', { courses: joinList(lang, behind) }));
  if (facts.review.length > 0) {
    const named = facts.review.slice(0, SUMMARY_LESSONS_MAX).map((lesson) => t('jarvis.facts.quoted', { title: lesson.title }));
    sentences.push(say('review', { lessons: joinList(lang, named), count: named.length }));
  }
  const next = facts.dueNext[0];
  if (next) {
    sentences.push(
      next.dueAt
        ? t('jarvis.facts.dueNext', { title: next.title, course: next.courseName, date: formatDate(lang, next.dueAt) })
        : t('jarvis.facts.dueNextUndated', { title: next.title, course: next.courseName }),
    );
  }
  if (facts.unseenFeedbackCount > 0) sentences.push(say('feedback', { count: facts.unseenFeedbackCount }));
  if (facts.review.length === 0 && facts.dueNext.length === 0 && behind.length === 0) sentences.push(say('allClear'));
  return sentences.join(' ');
}

/** The deterministic answer from a student's facts, in `lang` (source `offline`); `staff` words it for a tutor or admin reading about them. */
export function composeOfflineAnswer(facts: StudyFacts, lang: Language, audience: FactsAudience = 'student'): JarvisAnswer {
  const t = getT(lang);
  return {
    userId: facts.userId,
    language: lang,
    source: 'offline',
    generatedAt: facts.builtAt,
    summary: summaryOf(facts, lang, audience, t),
    courses: facts.courses,
    dueNext: facts.dueNext,
    review: facts.review,
    unseenFeedback: facts.unseenFeedback,
    weekPlan: facts.weekPlan.map((step) => ({ day: step.day, text: t(`jarvis.facts.plan.${step.kind}`, { title: step.title, course: step.courseName }), url: step.url })),
    sources: facts.sources,
  };
}
