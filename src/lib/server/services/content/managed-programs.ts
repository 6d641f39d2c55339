/** Programs as the admin screens show them to tutors and cohort admins. */
import { asc, eq } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { Course, Program } from '~/lib/shared/schemas/content';
import { canManageContent, programUsedByActiveMembershipOf, type Caller } from '~/lib/server/auth/permissions';
import { getDb } from '~/lib/server/db/client';
import { courses, programs } from '~/lib/server/db/schema';
import { getProgramAccess } from './access';
import { toCourse } from './courses';
import { getProgram } from './programs';

/** The programs followed by the ACTIVE cohorts the caller manages as tutor or cohort admin (not those where they study), by name. */
export async function listManagedPrograms(caller: Caller): Promise<Program[]> {
  const db = await getDb();
  return db
    .select({ id: programs.id, name: programs.name, description: programs.description, status: programs.status })
    .from(programs)
    .where(programUsedByActiveMembershipOf(caller.id, programs.id, { managing: true }))
    .orderBy(asc(programs.name), asc(programs.id));
}

/** A program whose admin page the caller may open (platform admins; tutors and cohort admins of an ACTIVE cohort following it); 404 for anyone else. */
export async function getManagedProgram(caller: Caller, programId: number): Promise<Program> {
  if (!canManageContent(await getProgramAccess(caller, programId))) throw new AppError('not_found');
  return getProgram(caller, programId);
}

/** A managed program (as getManagedProgram) with every one of its courses, archived ones too, in position order: its admin page shows and reorders the whole list. */
export async function getManagedProgramWithCourses(caller: Caller, programId: number): Promise<{ program: Program; courses: Course[] }> {
  const program = await getManagedProgram(caller, programId);
  const db = await getDb();
  const rows = await db.select().from(courses).where(eq(courses.programId, programId)).orderBy(asc(courses.position), asc(courses.id));
  return { program, courses: rows.map(toCourse) };
}
