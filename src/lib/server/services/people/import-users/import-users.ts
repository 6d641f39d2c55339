/**
 * Creating and updating accounts from a CSV or XLSX file (the person form's
 * columns, plus type, language, status, cohort and role), all or nothing.
 * Every row is checked first, against the file and the database; any
 * problem refuses the whole file with a report per row (400
 * `bulk_rows_invalid`, `rows.<row>.<column>`), and a dry run answers the
 * preview. The commit runs in one transaction, in chunks that report
 * progress; new accounts get an invitation e-mail once it is committed.
 */
import { and, inArray, isNull, sql } from 'drizzle-orm';
import { ROLE_IDS, type RoleId } from '~/lib/shared/constants';
import { AppError, type FieldErrors } from '~/lib/shared/errors';
import { USERS_IMPORT_MAX_ROWS, USERS_IMPORT_SAMPLE_ROWS, type UsersImportResult } from '~/lib/shared/schemas/users-import';
import { requireManageAccounts, type Caller } from '~/lib/server/access/permissions';
import { getDb, type DbOrTx, type Tx } from '~/lib/server/db/client';
import { cohorts, profiles, refreshTokens, users } from '~/lib/server/db/schema';
import { readSheetRows } from '~/lib/server/spreadsheets/read-sheet-rows';
import { yieldToEventLoop } from '~/lib/server/workers/yield-to-event-loop';
import { queueMail, sendQueuedMail } from '~/lib/server/services/mail/queue-mail';
import { upsertCohortMemberships } from '~/lib/server/services/structure/cohort-members';
import { retireAccountLinks } from '../account-links';
import { takenFieldsOf } from '../accounts';
import { applySensitiveDataConsent, grantConsent, withdrawConsent } from '../consents';
import { profileValuesOf, type ProfileValues } from '../profile-record';
import { readUserRows, type UserRowInput } from './read-user-rows';
import { locateUserColumns } from './user-columns';

/** Rows written per step of the transaction (and per progress report). */
const CHUNK = 500;
/** Values per IN list when reading what the database already has. */
const LOOKUP_CHUNK = 1000;

interface PlannedRow extends UserRowInput {
  userId: number | null;
  cohortId: number | null;
  cohortName: string | null;
}

async function inChunks<T, R>(items: readonly T[], size: number, read: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let start = 0; start < items.length; start += size) out.push(...(await read(items.slice(start, start + size))));
  return out;
}

/** Cohorts named by id or by exact name (any case); the file's unknown or ambiguous ones are row errors. */
async function resolveCohorts(db: DbOrTx, rows: readonly UserRowInput[], fields: FieldErrors): Promise<Map<string, { id: number; name: string }>> {
  const texts = [...new Set(rows.map((row) => row.cohort).filter((text): text is string => Boolean(text)))];
  const resolved = new Map<string, { id: number; name: string }>();
  if (texts.length === 0) return resolved;
  const ids = texts.filter((text) => /^\d{1,9}$/.test(text)).map(Number);
  const names = texts.filter((text) => !/^\d{1,9}$/.test(text)).map((text) => text.toLowerCase());
  const found = await db
    .select({ id: cohorts.id, name: cohorts.name })
    .from(cohorts)
    .where(sql`${cohorts.id} in (${sql.join([sql`-1`, ...ids.map((id) => sql`${id}`)], sql`, `)}) or lower(${cohorts.name}) in (${sql.join([sql`''`, ...names.map((name) => sql`${name}`)], sql`, `)})`);
  for (const text of texts) {
    const matches = /^\d{1,9}$/.test(text) ? found.filter((cohort) => cohort.id === Number(text)) : found.filter((cohort) => cohort.name.toLowerCase() === text.toLowerCase());
    if (matches.length === 1) resolved.set(text, matches[0]!);
    for (const row of rows.filter((item) => item.cohort === text && matches.length !== 1)) {
      fields[`rows.${row.rowNumber}.cohort`] = matches.length === 0 ? 'validation.bulk.unknown_cohort' : 'validation.bulk.ambiguous_cohort';
    }
  }
  return resolved;
}

/** Checks the rows against the database: who exists (update) or not (create: names needed), cohorts, identity documents, the caller's own account. */
async function planRows(db: DbOrTx, caller: Caller, rows: readonly UserRowInput[], fields: FieldErrors): Promise<PlannedRow[]> {
  const existing = await inChunks(
    rows.map((row) => row.email),
    LOOKUP_CHUNK,
    (emails) => db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails)),
  );
  const idByEmail = new Map(existing.map((row) => [row.email, row.id]));
  const cohortsByText = await resolveCohorts(db, rows, fields);

  const documents = rows.filter((row) => row.profile.documentType && row.profile.documentNumber).map((row) => ({ row, key: `${row.profile.documentType}:${row.profile.documentNumber!.toUpperCase()}` }));
  const owners = await inChunks(
    documents.map((item) => item.row.profile.documentNumber!.toUpperCase()),
    LOOKUP_CHUNK,
    (numbers) => db.select({ userId: profiles.userId, type: profiles.documentType, number: profiles.documentNumber }).from(profiles).where(inArray(profiles.documentNumber, numbers)),
  );
  const ownerByDocument = new Map(owners.map((owner) => [`${owner.type}:${owner.number}`, owner.userId]));
  const seenDocuments = new Set<string>();
  for (const { row, key } of documents) {
    const owner = ownerByDocument.get(key);
    if (seenDocuments.has(key)) fields[`rows.${row.rowNumber}.documentNumber`] = 'validation.bulk.duplicate_document';
    else if (owner !== undefined && owner !== idByEmail.get(row.email)) fields[`rows.${row.rowNumber}.documentNumber`] = 'validation.document.taken';
    seenDocuments.add(key);
  }

  return rows.map((row) => {
    const userId = idByEmail.get(row.email) ?? null;
    if (userId === null) {
      if (!row.firstName) fields[`rows.${row.rowNumber}.firstName`] ??= 'validation.required.name';
      if (!row.lastName) fields[`rows.${row.rowNumber}.lastName`] ??= 'validation.required.lastName';
    } else if (userId === caller.id && (row.status === 'INACTIVE' || (row.userType !== undefined && row.userType !== caller.userType))) {
      fields[`rows.${row.rowNumber}.email`] = 'validation.bulk.own_account';
    }
    const cohort = row.cohort ? cohortsByText.get(row.cohort) : undefined;
    return { ...row, userId, cohortId: cohort?.id ?? null, cohortName: cohort?.name ?? null };
  });
}

const PROFILE_COLUMNS = ['documentType', 'documentNumber', 'contact', 'genre', 'municipality', 'neighborhood', 'address', 'stratum', 'housingType', 'childrenCount', 'householdSize', 'dependentsCount', 'populationGroup', 'englishLevel', 'transportMode', 'emergencyName', 'emergencyPhone', 'emergencyRelationship', 'employmentType', 'worksInIndustry', 'role', 'birthDate', 'guardianName', 'guardianDocumentType', 'guardianDocumentNumber', 'guardianConsentAt'] as const satisfies readonly (keyof ProfileValues)[];

/** Profiles of the chunk: given fields replace what is stored, fields left empty keep it. */
async function upsertProfiles(tx: Tx, rows: readonly { userId: number; values: ProfileValues }[]): Promise<void> {
  if (rows.length === 0) return;
  const complete = rows.map(({ userId, values }) => ({ userId, ...Object.fromEntries(PROFILE_COLUMNS.map((column) => [column, values[column] ?? null])) }));
  const keep = Object.fromEntries(PROFILE_COLUMNS.map((column) => [column, sql`coalesce(excluded.${sql.identifier(profiles[column].name)}, ${profiles[column]})`]));
  await tx
    .insert(profiles)
    .values(complete)
    .onConflictDoUpdate({ target: profiles.userId, set: { ...keep, updatedAt: new Date() } });
}

/** Existing accounts of the chunk: given names, type, language and status replace what is stored. */
async function updateAccounts(tx: Tx, rows: readonly PlannedRow[]): Promise<void> {
  const changing = rows.filter((row) => row.firstName || row.lastName || row.userType || row.language || row.status);
  if (changing.length === 0) return;
  const values = sql.join(
    changing.map(
      (row) =>
        sql`(${row.userId}::int, ${row.firstName ?? null}::text, ${row.lastName ?? null}::text, ${row.userType ?? null}::text, ${row.language ?? null}::text, ${row.status ?? null}::text)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update ${users} as u set
      first_name = coalesce(v.first_name, u.first_name),
      last_name = coalesce(v.last_name, u.last_name),
      user_type = coalesce(v.user_type, u.user_type),
      language = coalesce(v.language, u.language),
      status = coalesce(v.status, u.status),
      updated_at = now()
    from (values ${values}) as v(id, first_name, last_name, user_type, language, status)
    where u.id = v.id`);
  const deactivated = changing.filter((row) => row.status === 'INACTIVE').map((row) => row.userId!);
  if (deactivated.length > 0) {
    // Deactivated: signed out everywhere at once, their links retired.
    await tx.update(refreshTokens).set({ revokedAt: new Date() }).where(and(inArray(refreshTokens.userId, deactivated), isNull(refreshTokens.revokedAt)));
    for (const userId of deactivated) await retireAccountLinks(tx, userId);
  }
}

/** Writes one chunk of planned rows; answers the invitation e-mails it queued. */
async function writeChunk(tx: Tx, chunk: readonly PlannedRow[], invite: boolean, recordedBy: number): Promise<number[]> {
  const fresh = chunk.filter((row) => row.userId === null);
  if (fresh.length > 0) {
    const now = new Date();
    const created = await tx
      .insert(users)
      .values(
        fresh.map((row) => ({
          email: row.email,
          passwordHash: null,
          firstName: row.firstName!,
          lastName: row.lastName!,
          userType: row.userType ?? 'student',
          language: row.language ?? 'es',
          status: row.status ?? 'ACTIVE',
          invitedAt: invite && row.status !== 'INACTIVE' ? now : null,
        })),
      )
      .returning({ id: users.id, email: users.email });
    const idByEmail = new Map(created.map((row) => [row.email, row.id]));
    for (const row of fresh) row.userId = idByEmail.get(row.email)!;
  }
  await updateAccounts(tx, chunk.filter((row) => !fresh.includes(row)));
  await upsertProfiles(
    tx,
    chunk.map((row) => ({ userId: row.userId!, values: profileValuesOf(row.profile) })).filter((row) => Object.keys(row.values).length > 0),
  );
  // The authorisations the organisation collected (signed forms), recorded as the import's, naming who imported them (ADR 030).
  for (const row of chunk) {
    await applySensitiveDataConsent(tx, row.userId!, row.profile.sensitiveDataConsent, 'import', recordedBy);
    if (row.funderReportsConsent === true) await grantConsent(tx, row.userId!, 'funder_reports', 'import', { recordedBy });
    else if (row.funderReportsConsent === false) await withdrawConsent(tx, row.userId!, 'funder_reports');
  }
  const byCohort = new Map<number, { userId: number; role_id: RoleId }[]>();
  for (const row of chunk.filter((item) => item.cohortId !== null)) {
    byCohort.set(row.cohortId!, [...(byCohort.get(row.cohortId!) ?? []), { userId: row.userId!, role_id: row.roleId ?? ROLE_IDS.student }]);
  }
  for (const [cohortId, writes] of byCohort) await upsertCohortMemberships(tx, cohortId, writes);
  if (!invite) return [];
  return queueMail(
    tx,
    fresh.filter((row) => row.status !== 'INACTIVE').map((row) => ({ userId: row.userId!, recipient: row.email, language: row.language ?? 'es', kind: 'invitation' as const })),
  );
}

export interface ImportUsersOptions {
  dryRun: boolean;
  invite: boolean;
  /** Called after each chunk of the commit (rows written so far, rows in all). */
  onProgress?(done: number, total: number): void;
}

/** The file's rows, checked; throws the row report when any is wrong. */
async function checkFile(caller: Caller, file: Uint8Array): Promise<PlannedRow[]> {
  const [header, ...rows] = await readSheetRows(file);
  if (!header || rows.length === 0) throw new AppError('validation_failed', { fields: { file: 'validation.bulk.empty' } });
  if (rows.length > USERS_IMPORT_MAX_ROWS) throw new AppError('bulk_too_many_rows', { params: { count: rows.length, limit: USERS_IMPORT_MAX_ROWS } });
  const columns = locateUserColumns(header.cells);
  if (columns.email === undefined) throw new AppError('validation_failed', { fields: { file: 'validation.bulk.email_column' } });
  const fields: FieldErrors = {};
  const parsed = await readUserRows(rows, columns, fields);
  const planned = await planRows(await getDb(), caller, parsed, fields);
  const invalidRows = new Set(Object.keys(fields).map((field) => field.split('.')[1]));
  if (invalidRows.size > 0) throw new AppError('bulk_rows_invalid', { params: { count: invalidRows.size }, fields });
  return planned;
}

/** Imports (or, in a dry run, previews) accounts from a CSV or XLSX file; platform admins. */
export async function importUsers(caller: Caller, file: Uint8Array, options: ImportUsersOptions): Promise<UsersImportResult> {
  requireManageAccounts(caller);
  const planned = await checkFile(caller, file);
  const fresh = planned.filter((row) => row.userId === null);
  const result: UsersImportResult = {
    total: planned.length,
    created: fresh.length,
    updated: planned.length - fresh.length,
    invited: options.invite ? fresh.filter((row) => row.status !== 'INACTIVE').length : 0,
    memberships: planned.filter((row) => row.cohortId !== null).length,
    dryRun: options.dryRun,
    sample: planned.slice(0, USERS_IMPORT_SAMPLE_ROWS).map((row) => ({
      row: row.rowNumber,
      email: row.email,
      name: [row.firstName, row.lastName].filter(Boolean).join(' '),
      action: row.userId === null ? 'create' : 'update',
      cohort: row.cohortName,
    })),
  };
  if (options.dryRun) return result;

  const db = await getDb();
  let mailIds: number[] = [];
  options.onProgress?.(0, planned.length);
  await yieldToEventLoop();
  try {
    mailIds = await db.transaction(async (tx) => {
      const ids: number[] = [];
      for (let start = 0; start < planned.length; start += CHUNK) {
        ids.push(...(await writeChunk(tx, planned.slice(start, start + CHUNK), options.invite, caller.id)));
        options.onProgress?.(Math.min(start + CHUNK, planned.length), planned.length);
        // The progress goes out, and other requests get their turn, between chunks.
        await yieldToEventLoop();
      }
      return ids;
    });
  } catch (error) {
    // Someone took an e-mail or a document between the check and the commit: nothing was written.
    const fields = takenFieldsOf(error, 'file.');
    if (fields) throw new AppError('validation_failed', { fields: { file: Object.values(fields)[0]! } });
    throw error;
  }
  await sendQueuedMail(mailIds);
  return result;
}
