/**
 * The study assistant's answer about one student (`GET /api/v2/jarvis/?user_id=`)
 * and the facts of the student's own home card. Who may ask: the student
 * themself, a tutor or cohort admin of one of their ACTIVE cohorts, a
 * platform admin (permissions.canAskAboutStudent); for anyone else, and for
 * someone who is not a student of any ACTIVE cohort, they do not exist (404).
 */
import type { Language } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import type { JarvisAnswer } from '~/lib/shared/schemas/jarvis';
import { canAskAboutStudent, requireAskAboutStudent, type Caller } from '~/lib/server/access/permissions';
import { listMembershipsOf } from '~/lib/server/services/memberships';
import { findStudyScope, getCachedStudyFacts } from './facts-cache';
import { composeOfflineAnswer } from './offline-answer';
import { phraseFeedback } from './phrase-feedback';
import type { StudyFacts } from './study-facts-types';

/**
 * A student's study facts for a caller allowed to ask about them (404
 * otherwise, and for anyone who is not a student of an ACTIVE cohort);
 * 409 assistant_disabled when every learning path of their cohorts has the
 * assistant off. Cached per student.
 */
export async function getStudentFacts(caller: Caller, studentId: number): Promise<StudyFacts> {
  const scope = await findStudyScope(studentId);
  // The student themself and platform admins are answered without reading the caller's memberships.
  const callerMemberships = canAskAboutStudent(caller, studentId, [], []) ? [] : await listMembershipsOf(caller.id);
  requireAskAboutStudent(caller, studentId, callerMemberships, scope.studentCohorts.map((membership) => membership.cohortId));
  if (scope.studentCohorts.length === 0) throw new AppError('not_found');
  if (scope.enabledCohortIds.length === 0) throw new AppError('assistant_disabled');
  return getCachedStudyFacts(studentId);
}

/**
 * The feedback for a student: the offline answer, phrased by the model when
 * one is configured (phraseFeedback). A student reads it in their own
 * language (users.language); staff in `lang`, their request's language.
 */
export async function getJarvisAnswer(caller: Caller, userId: number, lang: Language): Promise<JarvisAnswer> {
  const facts = await getStudentFacts(caller, userId);
  const isOwn = caller.id === userId;
  const answerLang = isOwn ? facts.language : lang;
  const offline = composeOfflineAnswer(facts, answerLang, isOwn ? 'student' : 'staff');
  return phraseFeedback({ caller, studentId: userId, facts, offline, lang: answerLang });
}

/** The caller's own study facts for their home card, or null when they are not a student or the assistant is off for them (cached: no query when warm). */
export async function getHomeCardFacts(caller: Caller): Promise<StudyFacts | null> {
  const scope = await findStudyScope(caller.id);
  if (scope.enabledCohortIds.length === 0) return null;
  return getCachedStudyFacts(caller.id);
}
