import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { ROLE_IDS, type RecordStatus, type RoleId } from '~/lib/shared/constants';
import { AppError, type FieldErrors } from '~/lib/shared/errors';
import { BULK_USERS_MAX_ROWS, type BulkUsersResult } from '~/lib/shared/schemas/bulk-users';
import { canChangeMembershipOf, type Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { memberships, users } from '~/lib/server/db/schema';
import { requireCohortAccess } from '~/lib/server/access/loaders';
import { upsertCohortMemberships, type MembershipWrite } from './cohort-members';
import { normalizeHeaderName } from '~/lib/server/spreadsheets/header-name';
import { readSheetRows, type SheetRow } from '~/lib/server/spreadsheets/read-sheet-rows';

type Column = 'email' | 'role' | 'status';

/** Header names accepted for each column, Spanish or English (normalized). */
const COLUMN_ALIASES: Record<Column, readonly string[]> = {
  email: ['email', 'e_mail', 'mail', 'correo', 'correo_electronico'],
  role: ['role', 'role_id', 'roleid', 'rol', 'id_rol', 'rol_id'],
  status: ['status', 'estado'],
};

const ROLE_VALUES: Record<string, RoleId> = {
  student: ROLE_IDS.student,
  estudiante: ROLE_IDS.student,
  [String(ROLE_IDS.student)]: ROLE_IDS.student,
  tutor: ROLE_IDS.tutor,
  [String(ROLE_IDS.tutor)]: ROLE_IDS.tutor,
  cohort_admin: ROLE_IDS.cohortAdmin,
  cohort_administrator: ROLE_IDS.cohortAdmin,
  admin_cohorte: ROLE_IDS.cohortAdmin,
  administrador_de_cohorte: ROLE_IDS.cohortAdmin,
  administrador_cohorte: ROLE_IDS.cohortAdmin,
  [String(ROLE_IDS.cohortAdmin)]: ROLE_IDS.cohortAdmin,
};

const STATUS_VALUES: Record<string, RecordStatus> = { active: 'ACTIVE', activo: 'ACTIVE', inactive: 'INACTIVE', inactivo: 'INACTIVE' };

const EmailSchema = z.email();

interface ParsedRow {
  rowNumber: number;
  email: string;
  role_id: RoleId;
  status?: RecordStatus;
}

/** Which cell index holds each column; a file without an email column is refused as a whole. */
function locateColumns(header: SheetRow): Partial<Record<Column, number>> {
  const names = header.cells.map(normalizeHeaderName);
  const located: Partial<Record<Column, number>> = {};
  for (const column of Object.keys(COLUMN_ALIASES) as Column[]) {
    const index = names.findIndex((name) => COLUMN_ALIASES[column].includes(name));
    if (index >= 0) located[column] = index;
  }
  if (located.email === undefined) throw new AppError('validation_failed', { fields: { file: 'validation.bulk.email_column' } });
  return located;
}

/** Checks every row on its own (email, role, status, duplicates); errors go to `fields` as `rows.<n>.<column>`. */
function parseRows(rows: SheetRow[], columns: Partial<Record<Column, number>>, fields: FieldErrors): ParsedRow[] {
  const cellOf = (row: SheetRow, column: Column) => (columns[column] === undefined ? '' : (row.cells[columns[column]] ?? '').trim());
  const seen = new Set<string>();
  const parsed: ParsedRow[] = [];
  for (const row of rows) {
    const key = (column: Column) => `rows.${row.rowNumber}.${column}`;
    const email = cellOf(row, 'email').toLowerCase();
    const roleText = normalizeHeaderName(cellOf(row, 'role'));
    const statusText = normalizeHeaderName(cellOf(row, 'status'));
    const role_id = roleText ? ROLE_VALUES[roleText] : ROLE_IDS.student;
    const status = statusText ? STATUS_VALUES[statusText] : undefined;
    let isValid = true;
    if (!email) fields[key('email')] = 'validation.required.email';
    else if (!EmailSchema.safeParse(email).success) fields[key('email')] = 'validation.email.invalid';
    else if (seen.has(email)) fields[key('email')] = 'validation.bulk.duplicate_email';
    if (fields[key('email')]) isValid = false;
    seen.add(email);
    if (role_id === undefined) {
      fields[key('role')] = 'validation.bulk.role';
      isValid = false;
    }
    if (statusText && status === undefined) {
      fields[key('status')] = 'validation.status.invalid';
      isValid = false;
    }
    if (isValid) parsed.push({ rowNumber: row.rowNumber, email, role_id: role_id!, ...(status && { status }) });
  }
  return parsed;
}

/**
 * Assigns many users to a cohort from an uploaded CSV or XLSX (email, role,
 * status), all or nothing: any row in error → 400 `bulk_rows_invalid` with a
 * report per row, and nothing written. `dryRun` validates and counts only.
 * Platform admins and cohort admins (as assign_users: never their own membership).
 */
export async function bulkAssignCohortUsers(caller: Caller, cohortId: number, file: Uint8Array, options: { dryRun: boolean }): Promise<BulkUsersResult> {
  await requireCohortAccess(caller, cohortId, 'assignUsers');
  const [header, ...rows] = await readSheetRows(file);
  if (!header || rows.length === 0) throw new AppError('validation_failed', { fields: { file: 'validation.bulk.empty' } });
  if (rows.length > BULK_USERS_MAX_ROWS) throw new AppError('bulk_too_many_rows', { params: { count: rows.length, limit: BULK_USERS_MAX_ROWS } });

  const fields: FieldErrors = {};
  const parsed = parseRows(rows, locateColumns(header), fields);
  const db = await getDb();
  const emails = parsed.map((row) => row.email);
  const found = emails.length ? await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails)) : [];
  const idByEmail = new Map(found.map((user) => [user.email, user.id]));
  for (const row of parsed) {
    const userId = idByEmail.get(row.email);
    if (userId === undefined) fields[`rows.${row.rowNumber}.email`] = 'validation.bulk.unknown_user';
    else if (!canChangeMembershipOf(caller, userId)) fields[`rows.${row.rowNumber}.email`] = 'validation.bulk.own_membership';
  }
  const invalidRows = new Set(Object.keys(fields).map((field) => field.split('.')[1]));
  if (invalidRows.size > 0) throw new AppError('bulk_rows_invalid', { params: { count: invalidRows.size }, fields });

  const writes: MembershipWrite[] = parsed.map((row) => ({ userId: idByEmail.get(row.email)!, role_id: row.role_id, ...(row.status && { status: row.status }) }));
  const userIds = writes.map((write) => write.userId);
  const result = await db.transaction(async (tx) => {
    const existing = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.cohortId, cohortId), inArray(memberships.userId, userIds)));
    const updated = existing.length;
    if (!options.dryRun) await upsertCohortMemberships(tx, cohortId, writes);
    return { created: writes.length - updated, updated, total: writes.length, dryRun: options.dryRun };
  });
  return result;
}
