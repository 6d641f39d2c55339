/**
 * The study facts of each student, kept in every app server (ADR 006) and
 * dropped by the change feed when the data they are drawn from changes: the
 * student's own attempts, submissions, feedback, lesson history and
 * memberships drop their entry; authors' and admins' changes (lessons,
 * quizzes, assignments, releases, links from questions to lessons, a
 * learning path's assistant switch) drop them all. Entries also expire, as
 * due dates and releases are compared with the clock when the facts are built.
 */
import { eq } from 'drizzle-orm';
import { ROLE_IDS } from '~/lib/shared/constants';
import { isMembershipActive, type Membership } from '~/lib/server/access/permissions';
import { defineCache, idsOf } from '~/lib/server/cache/define-cache';
import { getDb } from '~/lib/server/db/client';
import { learningPaths } from '~/lib/server/db/schema';
import { listMembershipsOf } from '~/lib/server/services/memberships';
import { buildStudyFacts } from './study-facts';
import type { StudyFacts } from './study-facts-types';

/** A safety net behind the change feed: what is due "next" and "overdue" moves with the clock. */
const FACTS_TTL_MS = 5 * 60_000;

const byStudent = (keys: Parameters<typeof idsOf>[0]) => idsOf(keys, 'user_id');

const factsByStudent = defineCache<number, StudyFacts>({
  ttlMs: FACTS_TTL_MS,
  max: 20_000,
  maxBytes: 64 * 1024 * 1024,
  sizeOf: (facts) => JSON.stringify(facts).length * 2,
  invalidatedBy: {
    quiz_attempts: byStudent,
    submissions: byStudent,
    lesson_history: byStudent,
    memberships: byStudent,
    feedbacks: (keys) => idsOf(keys, 'student_id'),
    users: (keys) => idsOf(keys, 'id'),
    question_lessons: () => 'all',
    lessons: () => 'all',
    quizzes: () => 'all',
    quiz_items: () => 'all',
    bank_questions: () => 'all',
    assignments: () => 'all',
    assignment_due_dates: () => 'all',
    cohort_courses: () => 'all',
    cohorts: () => 'all',
    courses: () => 'all',
    learning_paths: () => 'all',
  },
});

/** The learning paths whose assistant an admin turned off (one entry; any change to a path drops it). */
const disabledPaths = defineCache<0, number[]>({
  ttlMs: 10 * 60_000,
  max: 1,
  invalidatedBy: { learning_paths: () => 'all' },
});

async function listDisabledPathIds(): Promise<ReadonlySet<number>> {
  const ids = await disabledPaths.getOrLoad(0, async () => {
    const db = await getDb();
    const rows = await db.select({ id: learningPaths.id }).from(learningPaths).where(eq(learningPaths.assistantEnabled, false));
    return rows.map((row) => row.id);
  });
  return new Set(ids);
}

/** A student's ACTIVE student memberships, and the cohorts among them whose learning path has the assistant on. */
export interface StudyScope {
  studentCohorts: Membership[];
  enabledCohortIds: number[];
}

/** Where the assistant may look for a student (both reads cached: no query when warm). */
export async function findStudyScope(studentId: number): Promise<StudyScope> {
  const [memberships, disabled] = await Promise.all([listMembershipsOf(studentId), listDisabledPathIds()]);
  const studentCohorts = memberships.filter((membership) => isMembershipActive(membership) && membership.roleId === ROLE_IDS.student);
  return { studentCohorts, enabledCohortIds: studentCohorts.filter((membership) => !disabled.has(membership.learningPathId)).map((membership) => membership.cohortId) };
}

/** A student's study facts over the cohorts with the assistant on (cached per student, see the module comment). */
export function getCachedStudyFacts(studentId: number): Promise<StudyFacts> {
  return factsByStudent.getOrLoad(studentId, async () => buildStudyFacts(studentId, (await findStudyScope(studentId)).enabledCohortIds));
}
