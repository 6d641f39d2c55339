/** Revoking a certificate: it stays, marked revoked with when, by whom and why; the public verification says so. */
import { and, eq } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { Certificate, RevokeCertificateBody } from '~/lib/shared/schemas/certificates';
import { requireRevokeCertificate, type Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { certificates, users } from '~/lib/server/db/schema';
import { toCertificate } from './certificate-facts';
import { certificateRoleOf } from './read-certificates';

/** Revokes a certificate (its cohort's admins, platform admins); 409 certificate_already_revoked when it was. */
export async function revokeCertificate(caller: Caller, certificateId: number, body: RevokeCertificateBody, now = new Date()): Promise<Certificate> {
  const db = await getDb();
  const [found] = await db.select({ userId: certificates.userId, cohortId: certificates.cohortId, status: certificates.status }).from(certificates).where(eq(certificates.id, certificateId));
  if (!found) throw new AppError('not_found');
  requireRevokeCertificate(caller, await certificateRoleOf(caller, found.cohortId), found);
  const [revoked] = await db
    .update(certificates)
    .set({ status: 'revoked', revokedAt: now, revokedBy: caller.id, revokedReason: body.reason })
    .where(and(eq(certificates.id, certificateId), eq(certificates.status, 'valid')))
    .returning();
  if (!revoked) throw new AppError('certificate_already_revoked');
  const [holder] = await db.select({ anonymizedAt: users.anonymizedAt }).from(users).where(eq(users.id, revoked.userId));
  return toCertificate(revoked, Boolean(holder?.anonymizedAt));
}
