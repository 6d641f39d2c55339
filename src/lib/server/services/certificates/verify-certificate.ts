/** Public verification by code: no sign-in, and only what the /verify page shows. */
import { eq } from 'drizzle-orm';
import type { CertificateVerification } from '~/lib/shared/schemas/certificates';
import { getDb } from '~/lib/server/db/client';
import { certificates, users } from '~/lib/server/db/schema';
import { signedFactsOf } from './certificate-facts';
import { verifyCompact } from './signing-keys';

/** The signed facts compared with the row. */
const FACT_KEYS = ['v', 'code', 'name', 'program', 'title', 'hours', 'issued'] as const;

/**
 * What a code proves, or null for an unknown code. Valid means not revoked
 * and its stored signature still verifies, under the key that made it, to
 * exactly its facts (a row changed behind the signature's back is not valid).
 */
export async function verifyCertificateCode(code: string): Promise<CertificateVerification | null> {
  const db = await getDb();
  const [found] = await db.select({ certificate: certificates, anonymizedAt: users.anonymizedAt }).from(certificates).innerJoin(users, eq(users.id, certificates.userId)).where(eq(certificates.code, code));
  if (!found) return null;
  const { certificate } = found;
  const payload = await verifyCompact(db, certificate.signature);
  const expected = signedFactsOf(certificate);
  // The issuer URL is left out: moving Senda to another address must not invalidate what it signed.
  const isSignatureValid = payload !== null && FACT_KEYS.every((key) => payload[key] === expected[key]);
  const isHolderAnonymized = found.anonymizedAt !== null;
  return {
    code: certificate.code,
    valid: certificate.status === 'valid' && isSignatureValid,
    status: certificate.status,
    holderName: isHolderAnonymized ? null : certificate.holderName,
    programName: certificate.programName,
    title: certificate.title,
    hours: certificate.hours,
    issuedAt: certificate.issuedAt.toISOString(),
    signers: certificate.signers.map(({ name, role }) => ({ name, role })),
    revokedAt: certificate.revokedAt?.toISOString() ?? null,
    // The signed facts name the holder: an anonymised holder's are not handed out.
    signature: isHolderAnonymized ? '' : certificate.signature,
  };
}
