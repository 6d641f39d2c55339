import { and, asc, count, eq, or, type SQL } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { Course, CreateProgramBody, Program, UpdateProgramBody } from '~/lib/shared/schemas/content';
import { isAdmin, programUsedByActiveMembershipOf, requireManagePrograms, requireReadContent, type Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { courses, programs } from '~/lib/server/db/schema';
import { pageWindow } from '~/lib/shared/pagination';
import { getProgramAccess, requireManagedProgram } from '~/lib/server/access/loaders';
import { toCourse } from './courses';

const toProgram = (row: typeof programs.$inferSelect): Program => ({ id: row.id, name: row.name, description: row.description, status: row.status });

/** Programs a caller sees: all for admins; otherwise those of their ACTIVE cohorts (archived ones only when they manage them). */
function visibleProgramsOf(caller: Caller): SQL | undefined {
  if (isAdmin(caller)) return undefined;
  return and(
    programUsedByActiveMembershipOf(caller.id, programs.id),
    or(eq(programs.status, 'ACTIVE'), programUsedByActiveMembershipOf(caller.id, programs.id, { managing: true })),
  );
}

/** One page of the programs the caller sees, by id. */
export async function listPrograms(caller: Caller, page: number): Promise<{ results: Program[]; count: number }> {
  const db = await getDb();
  const where = visibleProgramsOf(caller);
  const { offset, limit } = pageWindow(page);
  const [rows, [total]] = await Promise.all([
    db.select().from(programs).where(where).orderBy(asc(programs.id)).offset(offset).limit(limit),
    db.select({ value: count() }).from(programs).where(where),
  ]);
  return { results: rows.map(toProgram), count: total?.value ?? 0 };
}

async function findProgramRow(caller: Caller, programId: number) {
  const db = await getDb();
  const [row] = await db.select().from(programs).where(eq(programs.id, programId));
  if (!row) throw new AppError('not_found');
  const access = await getProgramAccess(caller, programId);
  requireReadContent(access, row.status);
  return { row, access };
}

/** A program the caller sees (404 otherwise). */
export async function getProgram(caller: Caller, programId: number): Promise<Program> {
  return toProgram((await findProgramRow(caller, programId)).row);
}

/** The programs followed by the ACTIVE cohorts the caller manages as tutor or cohort admin (not those where they study), by name. */
export async function listManagedPrograms(caller: Caller): Promise<Program[]> {
  const db = await getDb();
  const rows = await db.select().from(programs).where(programUsedByActiveMembershipOf(caller.id, programs.id, { managing: true })).orderBy(asc(programs.name), asc(programs.id));
  return rows.map(toProgram);
}

/** A program whose admin page the caller may open (platform admins; tutors and cohort admins of an ACTIVE cohort following it); 404 for anyone else. */
export async function getManagedProgram(caller: Caller, programId: number): Promise<Program> {
  await requireManagedProgram(caller, programId);
  return getProgram(caller, programId);
}

/** A managed program (as getManagedProgram) with every one of its courses, archived ones too, in position order: its admin page shows and reorders the whole list. */
export async function getManagedProgramWithCourses(caller: Caller, programId: number): Promise<{ program: Program; courses: Course[] }> {
  const program = await getManagedProgram(caller, programId);
  const db = await getDb();
  const rows = await db.select().from(courses).where(eq(courses.programId, programId)).orderBy(asc(courses.position), asc(courses.id));
  return { program, courses: rows.map(toCourse) };
}

/** Creates a program (admins). */
export async function createProgram(caller: Caller, input: CreateProgramBody): Promise<Program> {
  requireManagePrograms(caller);
  const db = await getDb();
  const [row] = await db.insert(programs).values({ name: input.name, description: input.description }).returning();
  return toProgram(row!);
}

/** Changes a program's name, description or status (admins; others who see it get 403). */
export async function updateProgram(caller: Caller, programId: number, input: UpdateProgramBody): Promise<Program> {
  await findProgramRow(caller, programId);
  requireManagePrograms(caller);
  const db = await getDb();
  const [row] = await db.update(programs).set({ ...input, updatedAt: new Date() }).where(eq(programs.id, programId)).returning();
  return toProgram(row!);
}

/** Archives a program (status INACTIVE); its courses and history stay. */
export async function archiveProgram(caller: Caller, programId: number): Promise<void> {
  await updateProgram(caller, programId, { status: 'INACTIVE' });
}

/** One page of a program's courses in position order; readers see ACTIVE ones only. */
export async function listProgramCourses(caller: Caller, programId: number, page: number): Promise<{ results: Course[]; count: number }> {
  const { access } = await findProgramRow(caller, programId);
  const db = await getDb();
  const where = access === 'manage' ? eq(courses.programId, programId) : and(eq(courses.programId, programId), eq(courses.status, 'ACTIVE'));
  const { offset, limit } = pageWindow(page);
  const [rows, [total]] = await Promise.all([
    db.select().from(courses).where(where).orderBy(asc(courses.position), asc(courses.id)).offset(offset).limit(limit),
    db.select({ value: count() }).from(courses).where(where),
  ]);
  return { results: rows.map(toCourse), count: total?.value ?? 0 };
}
