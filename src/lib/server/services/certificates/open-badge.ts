/**
 * A certificate as an Open Badges 3.0 credential: an OpenBadgeCredential in
 * the W3C Verifiable Credentials 2.0 data model, signed as a VC-JWT (OB 3.0
 * §8.2: the JWT's payload is the credential itself, `validFrom` is `nbf`)
 * with the certificates' Ed25519 key, whose public JWK rides in the header
 * and is published at /.well-known/certificates-key.json.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getT } from '~/i18n';
import type { Language } from '~/lib/shared/constants';
import { getDb } from '~/lib/server/db/client';
import { users } from '~/lib/server/db/schema';
import { publicUrlOf } from '~/lib/server/config';
import { verifyUrlOf, type CertificateRow } from './certificate-facts';
import { getKeyForSigning, publicJwkOf, signCompact } from './signing-keys';

const OB3_CONTEXTS = ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'];

/** The credential and its VC-JWT, signed with the key that signed the certificate (so a rotation keeps it verifiable). */
export async function buildOpenBadge(row: CertificateRow, lang: Language): Promise<{ credential: Record<string, unknown>; jwt: string }> {
  const db = await getDb();
  const [[holder], key] = await Promise.all([
    db.select({ email: users.email, anonymizedAt: users.anonymizedAt }).from(users).where(eq(users.id, row.userId)),
    getKeyForSigning(db, row.keyId),
  ]);
  const t = getT(lang);
  const base = publicUrlOf();
  // The recipient is named by a salted hash of their e-mail (OB 3.0 IdentityObject), never the address itself.
  const salt = randomBytes(8).toString('hex');
  const identifier = holder && !holder.anonymizedAt
    ? [{ type: 'IdentityObject', identityType: 'emailAddress', hashed: true, salt, identityHash: `sha256$${createHash('sha256').update(`${holder.email}${salt}`).digest('hex')}` }]
    : [];
  const credential = {
    '@context': OB3_CONTEXTS,
    id: verifyUrlOf(row.code),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: { id: base, type: ['Profile'], name: row.issuerName, url: base },
    validFrom: row.issuedAt.toISOString(),
    name: row.title,
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier,
      achievement: {
        id: `${base}/programs/${row.programId}/certificate`,
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: row.title,
        description: t('certificates.badge.description', { program: row.programName, count: row.hours }),
        criteria: { narrative: t('certificates.badge.criteria', { program: row.programName }) },
      },
    },
  };
  if (!key) throw new Error(`certificate ${row.id}: signing key ${row.keyId} is missing`);
  const jwt = signCompact(
    key,
    { ...credential, iss: base, jti: credential.id, nbf: Math.floor(row.issuedAt.getTime() / 1000) },
    { typ: 'vc+jwt', cty: 'vc', jwk: publicJwkOf(key) },
  );
  return { credential, jwt };
}
