/**
 * A certificate's facts, as signed and as shown: the code, the compact JWS the
 * QR carries, the links to verify it and to add it to LinkedIn, and the rows
 * read back as the API answers them.
 */
import { randomBytes } from 'node:crypto';
import type { Certificate } from '~/lib/shared/schemas/certificates';
import { publicUrlOf } from '~/lib/server/config';
import type { certificates } from '~/lib/server/db/schema';

export type CertificateRow = typeof certificates.$inferSelect;

/** Crockford's base32 alphabet: no I, L, O or U, so a code read aloud or typed is not misread. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new verification code: 80 random bits as 16 Crockford base32 characters, `XXXX-XXXX-XXXX-XXXX`. */
export function createCertificateCode(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let text = '';
  for (let index = 0; index < 16; index += 1) {
    text = CROCKFORD[Number(bits & 31n)]! + text;
    bits >>= 5n;
  }
  return text.match(/.{4}/g)!.join('-');
}

/** What the signature covers (kept short: the QR carries it). */
export interface SignedFacts {
  /** Format version. */
  v: 1;
  iss: string;
  code: string;
  name: string;
  program: string;
  title: string;
  hours: number;
  /** The issue date, YYYY-MM-DD. */
  issued: string;
}

/** The facts of a certificate as its signature covers them. */
export function signedFactsOf(row: Pick<CertificateRow, 'code' | 'holderName' | 'programName' | 'title' | 'hours' | 'issuedAt'>): SignedFacts {
  return { v: 1, iss: publicUrlOf(), code: row.code, name: row.holderName, program: row.programName, title: row.title, hours: row.hours, issued: row.issuedAt.toISOString().slice(0, 10) };
}

/** The public page that verifies a code. */
export const verifyUrlOf = (code: string): string => `${publicUrlOf()}/verify/${code}`;

/** What the QR encodes: the verification page, with the signed facts after `#` (never sent to a server; read by an offline checker). */
export const qrPayloadOf = (row: Pick<CertificateRow, 'code' | 'signature'>): string => `${verifyUrlOf(row.code)}#${row.signature}`;

/** LinkedIn's "add a license or certification" link, prefilled. */
export function linkedInUrlOf(row: Pick<CertificateRow, 'code' | 'title' | 'issuerName' | 'issuedAt'>): string {
  const url = new URL('https://www.linkedin.com/profile/add');
  url.searchParams.set('startTask', 'CERTIFICATION_NAME');
  url.searchParams.set('name', row.title);
  url.searchParams.set('organizationName', row.issuerName);
  url.searchParams.set('issueYear', String(row.issuedAt.getUTCFullYear()));
  url.searchParams.set('issueMonth', String(row.issuedAt.getUTCMonth() + 1));
  url.searchParams.set('certUrl', verifyUrlOf(row.code));
  url.searchParams.set('certId', row.code);
  return url.toString();
}

/** A certificate as its holder and the cohort's staff see it; an anonymised holder has no name. */
export function toCertificate(row: CertificateRow, isHolderAnonymized: boolean): Certificate {
  return {
    id: row.id,
    code: row.code,
    userId: row.userId,
    cohortId: row.cohortId,
    programId: row.programId,
    holderName: isHolderAnonymized ? null : row.holderName,
    programName: row.programName,
    title: row.title,
    hours: row.hours,
    signers: row.signers.map(({ name, role }) => ({ name, role })),
    issuedAt: row.issuedAt.toISOString(),
    status: row.status,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedReason: row.revokedReason,
    verifyUrl: verifyUrlOf(row.code),
    linkedInUrl: linkedInUrlOf(row),
  };
}
