/** Reading certificates: a cohort's (its staff), one's own (their holder), one by id with the caller's right to it. */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { ROLE_IDS, type RoleId } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import { pageWindow, type Page } from '~/lib/shared/pagination';
import type { Certificate } from '~/lib/shared/schemas/certificates';
import { activeCohortRoleOf, isAdmin, requireInCohortCertificates, requireReadCertificate, type Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { certificates, users } from '~/lib/server/db/schema';
import { toPage } from '~/lib/server/http/pagination';
import { listMembershipsOf } from '~/lib/server/services/memberships';
import { toCertificate, type CertificateRow } from './certificate-facts';

/** The caller's ACTIVE role in a cohort (null for platform admins, who need none, and for non-members). */
export async function certificateRoleOf(caller: Caller, cohortId: number): Promise<RoleId | null> {
  return isAdmin(caller) ? null : activeCohortRoleOf(await listMembershipsOf(caller.id), cohortId);
}

const rowsWithHolder = () => ({ certificate: certificates, anonymizedAt: users.anonymizedAt });

async function readPage(where: SQL, page: number, requestUrl: string): Promise<Page<Certificate>> {
  const db = await getDb();
  const [total] = await db.select({ value: count() }).from(certificates).where(where);
  const { offset, limit } = pageWindow(page);
  const rows = await db
    .select(rowsWithHolder())
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.userId))
    .where(where)
    .orderBy(desc(certificates.issuedAt), desc(certificates.id))
    .limit(limit)
    .offset(offset);
  return toPage(rows.map((row) => toCertificate(row.certificate, row.anonymizedAt !== null)), total?.value ?? 0, page, requestUrl);
}

/**
 * A cohort's certificates for its staff (tutors, cohort admins, platform
 * admins); a student of the cohort sees only their own; anyone else 404.
 * Without a cohort: the caller's own certificates ("Mis certificados").
 */
export async function listCertificates(caller: Caller, query: { page: number; cohort_id?: number }, requestUrl: string): Promise<Page<Certificate>> {
  if (query.cohort_id === undefined) return readPage(eq(certificates.userId, caller.id), query.page, requestUrl);
  const roleId = await certificateRoleOf(caller, query.cohort_id);
  if (roleId === ROLE_IDS.student) return readPage(and(eq(certificates.cohortId, query.cohort_id), eq(certificates.userId, caller.id))!, query.page, requestUrl);
  requireInCohortCertificates(caller, roleId, 'list');
  return readPage(eq(certificates.cohortId, query.cohort_id), query.page, requestUrl);
}

/** A certificate the caller may read (its holder, its cohort's staff); 404 for anyone else. */
export async function getCertificateRow(caller: Caller, certificateId: number): Promise<{ row: CertificateRow; isHolderAnonymized: boolean; roleId: RoleId | null }> {
  const db = await getDb();
  const [found] = await db.select(rowsWithHolder()).from(certificates).innerJoin(users, eq(users.id, certificates.userId)).where(eq(certificates.id, certificateId));
  if (!found) throw new AppError('not_found');
  const roleId = await certificateRoleOf(caller, found.certificate.cohortId);
  requireReadCertificate(caller, roleId, found.certificate);
  return { row: found.certificate, isHolderAnonymized: found.anonymizedAt !== null, roleId };
}
