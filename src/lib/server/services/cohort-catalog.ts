import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { RecordStatus, RoleId } from '~/lib/shared/constants';
import type { Banner, CourseSummary } from '~/lib/shared/schemas/app-shell';
import { isMembershipActive } from '~/lib/server/access/permissions';
import { defineCache, idsOf } from '~/lib/server/cache/define-cache';
import { getDb } from '~/lib/server/db/client';
import { assignments, banners, cohortCourses, cohorts, courses, learningPaths, organizations, programs, quizzes } from '~/lib/server/db/schema';
import { listMembershipsOf } from './memberships';

/**
 * What every member of a cohort sees alike: its learning path, its program's
 * courses with their activity counts, and its banners. The same for thousands
 * of students, so it is read once and kept briefly.
 */
export interface CohortCatalog {
  cohort: { id: number; name: string; status: RecordStatus; learningPathId: number; programId: number | null };
  learningPath: { id: number; name: string; description: string; organization: { id: number; name: string } };
  courses: CourseSummary[];
  banners: Banner[];
}

/**
 * Catalogs by cohort id. A change to the cohort, its releases or banners drops
 * its catalog; a change to a path, organization, program, course, activity or
 * quiz (rare, by staff) drops them all.
 */
const cache = defineCache<number, CohortCatalog>({
  ttlMs: 10 * 60_000,
  max: 5_000,
  invalidatedBy: {
    cohorts: (keys) => idsOf(keys, 'id'),
    cohort_courses: (keys) => idsOf(keys, 'cohort_id'),
    banners: (keys) => idsOf(keys, 'cohort_id'),
    learning_paths: () => 'all',
    organizations: () => 'all',
    programs: () => 'all',
    courses: () => 'all',
    assignments: () => 'all',
    quizzes: () => 'all',
  },
});

async function loadCatalogs(cohortIds: number[]): Promise<CohortCatalog[]> {
  const db = await getDb();
  const cohortRows = await db
    .select({
      id: cohorts.id,
      name: cohorts.name,
      status: cohorts.status,
      programId: cohorts.programId,
      programName: programs.name,
      pathId: learningPaths.id,
      pathName: learningPaths.name,
      pathDescription: learningPaths.description,
      organizationId: organizations.id,
      organizationName: organizations.name,
    })
    .from(cohorts)
    .innerJoin(learningPaths, eq(learningPaths.id, cohorts.learningPathId))
    .innerJoin(organizations, eq(organizations.id, learningPaths.organizationId))
    .leftJoin(programs, eq(programs.id, cohorts.programId))
    .where(inArray(cohorts.id, cohortIds));
  const programIds = [...new Set(cohortRows.flatMap((row) => (row.programId ? [row.programId] : [])))];

  // Activities are published assignments and published quizzes, by type.
  const counts = db
    .select({
      courseId: sql<number>`activities.course_id`.as('course_id'),
      practical: sql<number>`count(*) filter (where activities.activity_type = 'practical')::int`.as('practical'),
      evaluation: sql<number>`count(*) filter (where activities.activity_type = 'evaluation')::int`.as('evaluation'),
      nivelation: sql<number>`count(*) filter (where activities.activity_type = 'nivelation')::int`.as('nivelation'),
    })
    .from(sql`(select ${assignments.courseId} as course_id, ${assignments.activityType} as activity_type from ${assignments} where ${assignments.published}
      union all select ${quizzes.courseId}, ${quizzes.activityType} from ${quizzes} where ${quizzes.published}) activities`)
    .groupBy(sql`activities.course_id`)
    .as('counts');
  const courseRows = programIds.length
    ? await db
        .select({
          id: courses.id,
          programId: courses.programId,
          name: courses.name,
          description: courses.description,
          imageUrl: courses.imageUrl,
          position: courses.position,
          practical: sql<number>`coalesce(${counts.practical}, 0)`,
          evaluation: sql<number>`coalesce(${counts.evaluation}, 0)`,
          nivelation: sql<number>`coalesce(${counts.nivelation}, 0)`,
        })
        .from(courses)
        .leftJoin(counts, eq(counts.courseId, courses.id))
        .where(sql`${inArray(courses.programId, programIds)} and ${eq(courses.status, 'ACTIVE')}`)
        .orderBy(asc(courses.position), asc(courses.id))
    : [];
  const releaseRows = await db
    .select({ cohortId: cohortCourses.cohortId, courseId: cohortCourses.courseId, releaseAt: cohortCourses.releaseAt })
    .from(cohortCourses)
    .where(inArray(cohortCourses.cohortId, cohortIds));
  const releaseOf = new Map(releaseRows.map((row) => [`${row.cohortId}:${row.courseId}`, row.releaseAt.toISOString()]));
  const bannerRows = await db
    .select({ cohortId: banners.cohortId, idBanner: banners.id, bannerImage: banners.imageUrl, title: banners.title })
    .from(banners)
    .where(inArray(banners.cohortId, cohortIds))
    .orderBy(asc(banners.position), asc(banners.id));

  return cohortRows.map((row) => ({
    cohort: { id: row.id, name: row.name, status: row.status, learningPathId: row.pathId, programId: row.programId },
    learningPath: {
      id: row.pathId,
      name: row.pathName,
      description: row.pathDescription,
      organization: { id: row.organizationId, name: row.organizationName },
    },
    courses: courseRows
      .filter((course) => course.programId === row.programId)
      .map((course) => ({
        id: course.id,
        name: course.name,
        description: course.description,
        imageUrl: course.imageUrl,
        position: course.position,
        program: { id: course.programId, name: row.programName ?? '' },
        cohort: { id: row.id, name: row.name },
        activityCounts: { practical: course.practical, evaluation: course.evaluation, nivelation: course.nivelation },
        releaseAt: releaseOf.get(`${row.id}:${course.id}`) ?? null,
      })),
    banners: bannerRows.filter((banner) => banner.cohortId === row.id).map(({ cohortId: _, ...banner }) => banner),
  }));
}

/** The catalogs of some cohorts, reading only the ones not cached (in one batch). */
export function getCohortCatalogs(cohortIds: readonly number[]): Promise<Map<number, CohortCatalog>> {
  return cache.getManyOrLoad([...new Set(cohortIds)], async (missing) => new Map((await loadCatalogs(missing)).map((catalog) => [catalog.cohort.id, catalog])));
}

/** The catalogs of a user's ACTIVE cohorts with their role there, oldest cohort first, optionally within one training path. */
export async function listActiveCatalogsOf(userId: number, trainingPathId?: number | null): Promise<{ catalog: CohortCatalog; roleId: RoleId }[]> {
  const active = (await listMembershipsOf(userId)).filter(isMembershipActive);
  const catalogs = await getCohortCatalogs(active.map((membership) => membership.cohortId));
  return active.flatMap((membership) => {
    const catalog = catalogs.get(membership.cohortId);
    return catalog && (!trainingPathId || catalog.cohort.learningPathId === trainingPathId) ? [{ catalog, roleId: membership.roleId }] : [];
  });
}
