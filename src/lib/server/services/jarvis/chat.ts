/**
 * The assistant's chat: a follow-up question about one student's studies
 * (the caller's own unless `user_id` names a student they may ask about: the
 * same rule as the feedback's, getStudentFacts), answered from that
 * student's facts and the lessons of their courses the question is about
 * (retrieve-lessons.ts), with those lessons as sources.
 * With a model: the caller must have accepted the AI policy (409 otherwise)
 * and be within the hourly limits (429); the model is told to guide, not to
 * answer (hint mode), and to cite lessons by title. Without one, or when it
 * fails, or when the student has not accepted the policy themself, the
 * answer lists the lessons found. A question about a quiz the student has an
 * attempt open on is refused politely, whatever is configured, and while
 * any attempt is open the model gets the question alone, without the
 * conversation so far.
 */
import { AppError } from '~/lib/shared/errors';
import type { Language } from '~/lib/shared/constants';
import type { JarvisChatAnswer, JarvisChatBody, JarvisSource } from '~/lib/shared/schemas/jarvis';
import { getT } from '~/i18n';
import type { Caller } from '~/lib/server/access/permissions';
import { aiSettingsOf } from '~/lib/server/config';
import { hasAcceptedAiPolicy } from './ai-policy';
import { askModel } from './ask-model';
import { buildChatPrompt, withoutOpenQuizzes, type PromptFacts } from './build-prompt';
import { getStudentFacts } from './get-jarvis-answer';
import { findModelLimit } from './model-limits';
import { findNamedOpenQuiz, listOpenQuizzes } from './open-quiz-guard';
import { retrieveLessons, type RetrievedLesson } from './retrieve-lessons';
import type { StudyFacts } from './study-facts-types';

const lessonSourceOf = (lesson: RetrievedLesson): JarvisSource => ({ kind: 'lesson', id: lesson.id, title: lesson.title, url: lesson.url });

/** The facts' pages an answer names (by title), besides the lessons found. */
function citedSourcesOf(answer: string, facts: StudyFacts, safe: PromptFacts, lessons: readonly RetrievedLesson[]): JarvisSource[] {
  const found = new Set(lessons.map((lesson) => `lesson:${lesson.id}`));
  const open = new Set(safe.openQuizIds);
  const text = answer.toLowerCase();
  return facts.sources.filter((source) => {
    const key = `${source.kind}:${source.id}`;
    if (found.has(key) || (source.kind === 'quiz' && open.has(source.id)) || source.title.trim().length < 3 || !text.includes(source.title.toLowerCase())) return false;
    found.add(key);
    return true;
  });
}

/** The answer Senda gives without the model: the lessons found, and what is due next. */
function offlineAnswerOf(lang: Language, reason: 'noModel' | 'unavailable', lessons: readonly RetrievedLesson[], safe: PromptFacts): JarvisChatAnswer {
  const t = getT(lang);
  const parts = [t(`jarvis.ai.chat.offline.${reason}`)];
  parts.push(lessons.length > 0 ? t('jarvis.ai.chat.offline.lessons', { count: lessons.length, lessons: lessons.map((lesson) => `«${lesson.title}»`).join(', ') }) : t('jarvis.ai.chat.offline.noLessons'));
  const next = safe.dueNext[0];
  const sources = lessons.map(lessonSourceOf);
  if (next) {
    parts.push(t('jarvis.ai.chat.offline.next', { title: next.title, course: next.courseName }));
    sources.push({ kind: next.kind, id: next.id, title: next.title, url: next.url });
  }
  return { answer: parts.join(' '), source: 'offline', sources };
}

/** Answers a chat question about a student's studies (see the module comment). */
export async function answerChat(caller: Caller, body: JarvisChatBody, lang: Language): Promise<JarvisChatAnswer> {
  const studentId = body.user_id ?? caller.id;
  // 404 for anyone the caller may not ask about (or who studies nowhere), 409 where the assistant is off.
  const facts = await getStudentFacts(caller, studentId);
  const settings = aiSettingsOf();
  if (settings && !(await hasAcceptedAiPolicy(caller.id))) throw new AppError('ai_policy_required');

  const openQuizzes = await listOpenQuizzes(studentId);
  const named = findNamedOpenQuiz(body.message, openQuizzes);
  if (named) return { answer: getT(lang)('jarvis.ai.chat.openQuiz', { title: named.title }), source: 'offline', sources: [] };
  const safe = withoutOpenQuizzes({ ...facts, openQuizIds: [...new Set([...facts.openQuizIds, ...openQuizzes.map((quiz) => quiz.id)])] });
  const lessons = await retrieveLessons(facts.courseIds, body.message);

  if (!settings) return offlineAnswerOf(lang, 'noModel', lessons, safe);
  // Someone else's data reaches the model only once that student accepted the policy too.
  if (studentId !== caller.id && !(await hasAcceptedAiPolicy(studentId))) return offlineAnswerOf(lang, 'unavailable', lessons, safe);
  const limit = await findModelLimit(caller.id);
  if (limit) throw limit;
  // While an attempt is open the conversation so far stays out of the prompt (issue 28: a question of the attempt pasted
  // into an earlier turn, then "give me the answer to the previous question"). Every turn of it comes from the client,
  // the assistant's too, and no matching of words can recognise a question in every wording it may be split or
  // rephrased into across turns; checking the turns would also lock the chat whenever an earlier, innocent turn named
  // the quiz (its title, cited before the attempt began). The question itself passed the guard above, so the student
  // keeps chatting one question at a time until the attempt is submitted; with no attempt open, the history is sent whole.
  const history = safe.openQuizIds.length > 0 ? [] : body.history;
  const messages = buildChatPrompt({ facts: safe, lessons, history, message: body.message, lang });
  const result = await askModel(settings, { subjectId: studentId, askedBy: caller.id, kind: 'chat', messages });
  if (result.outcome !== 'ok') return offlineAnswerOf(lang, 'unavailable', lessons, safe);
  return { answer: result.content, source: 'model', sources: [...lessons.map(lessonSourceOf), ...citedSourcesOf(result.content, facts, safe, lessons)] };
}
