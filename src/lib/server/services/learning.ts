import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ROLE_IDS } from '../../shared/constants';
import type { CourseSummary, Homework, TrainingPath } from '../../shared/schemas/app-shell';
import { activeMembershipOf, anyMembershipOf, isAdmin, type Caller } from '../auth/permissions';
import { getDb } from '../db/client';
import { assignments, cohorts, courses, learningPaths, memberships, organizations, programs } from '../db/schema';

const HOMEWORK_LIMIT = 50;

const activityCount = (type: 'practical' | 'evaluation' | 'nivelation') =>
  sql<number>`(select count(*)::int from ${assignments} where ${assignments.courseId} = ${courses.id} and ${assignments.activityType} = ${type})`;

/** The courses a user takes or teaches in their ACTIVE cohorts, optionally within one training path. */
export async function listCoursesForUser(userId: number, trainingPathId?: number | null): Promise<CourseSummary[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: courses.id,
      name: courses.name,
      description: courses.description,
      imageUrl: courses.imageUrl,
      position: courses.position,
      programId: programs.id,
      programName: programs.name,
      cohortId: cohorts.id,
      cohortName: cohorts.name,
      practical: activityCount('practical'),
      evaluation: activityCount('evaluation'),
      nivelation: activityCount('nivelation'),
    })
    .from(memberships)
    .innerJoin(cohorts, eq(cohorts.id, memberships.cohortId))
    .innerJoin(programs, eq(programs.id, cohorts.programId))
    .innerJoin(courses, eq(courses.programId, programs.id))
    .where(
      and(
        activeMembershipOf(userId),
        eq(courses.status, 'ACTIVE'),
        trainingPathId ? eq(cohorts.learningPathId, trainingPathId) : undefined,
      ),
    )
    .orderBy(asc(cohorts.id), asc(courses.position), asc(courses.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    imageUrl: row.imageUrl,
    position: row.position,
    program: { id: row.programId, name: row.programName },
    cohort: { id: row.cohortId, name: row.cohortName },
    activityCounts: { practical: row.practical, evaluation: row.evaluation, nivelation: row.nivelation },
  }));
}

/** A student's pending activities in a training path, soonest due first. */
export async function listHomework(userId: number, trainingPathId: number): Promise<Homework[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: assignments.id,
      title: assignments.title,
      description: assignments.description,
      activityType: assignments.activityType,
      dueAt: assignments.dueAt,
      isCheckpoint: assignments.isCheckpoint,
      courseId: courses.id,
      courseName: courses.name,
    })
    .from(memberships)
    .innerJoin(cohorts, eq(cohorts.id, memberships.cohortId))
    .innerJoin(courses, eq(courses.programId, cohorts.programId))
    .innerJoin(assignments, eq(assignments.courseId, courses.id))
    .where(
      and(
        activeMembershipOf(userId),
        eq(memberships.roleId, ROLE_IDS.student),
        eq(cohorts.learningPathId, trainingPathId),
        eq(courses.status, 'ACTIVE'),
      ),
    )
    .orderBy(sql`${assignments.dueAt} asc nulls last`, asc(assignments.id))
    .limit(HOMEWORK_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    activityType: row.activityType,
    dueAt: row.dueAt ? row.dueAt.toISOString() : null,
    isCheckpoint: row.isCheckpoint,
    course: { id: row.courseId, name: row.courseName },
  }));
}

/** The learning paths a user belongs to (every path for a platform admin), with their cohorts. */
export async function listTrainingPaths(caller: Caller): Promise<TrainingPath[]> {
  const db = await getDb();
  const admin = isAdmin(caller);
  const rows = await db
    .selectDistinct({
      pathId: learningPaths.id,
      pathName: learningPaths.name,
      pathDescription: learningPaths.description,
      organizationId: organizations.id,
      organizationName: organizations.name,
      cohortId: cohorts.id,
      cohortName: cohorts.name,
      cohortStatus: cohorts.status,
      membershipStatus: admin ? sql<'ACTIVE'>`'ACTIVE'` : memberships.status,
    })
    .from(learningPaths)
    .innerJoin(organizations, eq(organizations.id, learningPaths.organizationId))
    .innerJoin(cohorts, eq(cohorts.learningPathId, learningPaths.id))
    .leftJoin(memberships, and(eq(memberships.cohortId, cohorts.id), anyMembershipOf(caller.id)))
    .where(admin ? undefined : inArray(cohorts.id, db.select({ id: memberships.cohortId }).from(memberships).where(anyMembershipOf(caller.id))))
    .orderBy(asc(learningPaths.id), asc(cohorts.id));
  const paths = new Map<number, TrainingPath>();
  for (const row of rows) {
    let path = paths.get(row.pathId);
    if (!path) {
      path = {
        id: row.pathId,
        name: row.pathName,
        description: row.pathDescription,
        organization: { id: row.organizationId, name: row.organizationName },
        cohorts: [],
      };
      paths.set(row.pathId, path);
    }
    const active = row.cohortStatus === 'ACTIVE' && row.membershipStatus === 'ACTIVE';
    path.cohorts.push({ id: row.cohortId, name: row.cohortName, status: active ? 'ACTIVE' : 'INACTIVE' });
  }
  return [...paths.values()];
}
