/**
 * A program's certificate design (platform admins): title, hours, signers
 * with their signature images, a logo and a background. Images are PNG or
 * JPEG (what a PDF embeds), recognised by their bytes, kept in private
 * storage: they reach people only drawn into a certificate.
 */
import { eq } from 'drizzle-orm';
import { getT } from '~/i18n';
import { AppError } from '~/lib/shared/errors';
import type { Language } from '~/lib/shared/constants';
import type { CertificateDesign, CertificateDesignBody } from '~/lib/shared/schemas/certificates';
import { requireDesignCertificates, type Caller } from '~/lib/server/access/permissions';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { certificateDesigns, programs, type CertificateSigner } from '~/lib/server/db/schema';
import type { DownloadFile } from '~/lib/server/http/file-download';
import { getStorage } from '~/lib/server/storage';
import { detectImageType } from '~/lib/server/storage/detect-image-type';
import { createCertificateCode, type CertificateRow } from './certificate-facts';

export const CERTIFICATE_IMAGE_SLOTS = ['logo', 'background', 'signature'] as const;
export type CertificateImageSlot = (typeof CERTIFICATE_IMAGE_SLOTS)[number];

type DesignRow = typeof certificateDesigns.$inferSelect;

const toDesign = (row: DesignRow): CertificateDesign => ({
  programId: row.programId,
  title: row.title,
  hours: row.hours,
  signers: row.signers.map((signer) => ({ name: signer.name, role: signer.role, hasSignature: signer.signatureKey !== null })),
  hasLogo: row.logoKey !== null,
  hasBackground: row.backgroundKey !== null,
  autoIssue: row.autoIssue,
});

async function requireProgram(db: DbOrTx, programId: number): Promise<{ name: string }> {
  const [program] = await db.select({ name: programs.name }).from(programs).where(eq(programs.id, programId));
  if (!program) throw new AppError('not_found');
  return program;
}

async function readDesign(db: DbOrTx, programId: number): Promise<DesignRow | null> {
  const [row] = await db.select().from(certificateDesigns).where(eq(certificateDesigns.programId, programId));
  return row ?? null;
}

/** A program's design (null: none yet); 404 for an unknown program. */
export async function getCertificateDesign(caller: Caller, programId: number): Promise<CertificateDesign | null> {
  requireDesignCertificates(caller);
  const db = await getDb();
  await requireProgram(db, programId);
  const row = await readDesign(db, programId);
  return row ? toDesign(row) : null;
}

/**
 * Writes a program's design (inside the caller's transaction): signers keep
 * their signature image by position, so renaming one keeps their signature.
 */
export async function writeCertificateDesign(db: DbOrTx, programId: number, body: CertificateDesignBody, images: { logoKey?: string | null; backgroundKey?: string | null; signatureKeys?: (string | null)[] } = {}): Promise<DesignRow> {
  const existing = await readDesign(db, programId);
  const signers: CertificateSigner[] = body.signers.map((signer, index) => ({ ...signer, signatureKey: images.signatureKeys?.[index] ?? existing?.signers[index]?.signatureKey ?? null }));
  const values = {
    title: body.title,
    hours: body.hours,
    signers,
    autoIssue: body.autoIssue,
    logoKey: images.logoKey !== undefined ? images.logoKey : (existing?.logoKey ?? null),
    backgroundKey: images.backgroundKey !== undefined ? images.backgroundKey : (existing?.backgroundKey ?? null),
  };
  const [row] = await db
    .insert(certificateDesigns)
    .values({ programId, ...values })
    .onConflictDoUpdate({ target: certificateDesigns.programId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** Saves a program's design (platform admins); 404 for an unknown program. */
export async function saveCertificateDesign(caller: Caller, programId: number, body: CertificateDesignBody): Promise<CertificateDesign> {
  requireDesignCertificates(caller);
  const db = await getDb();
  await requireProgram(db, programId);
  return toDesign(await writeCertificateDesign(db, programId, body));
}

/**
 * Stores an image of the design: its logo, its background, or the signature
 * of signer `signer` (0-based). PNG or JPEG only (415 certificate_image_invalid);
 * 409 certificate_design_missing before the design is saved; the image it
 * replaces is deleted.
 */
export async function uploadCertificateImage(caller: Caller, programId: number, input: { slot: CertificateImageSlot; signer?: number; image: { data: Uint8Array } }): Promise<CertificateDesign> {
  requireDesignCertificates(caller);
  const db = await getDb();
  await requireProgram(db, programId);
  const design = await readDesign(db, programId);
  if (!design) throw new AppError('certificate_design_missing');
  if (input.slot === 'signature' && (input.signer === undefined || !design.signers[input.signer])) {
    throw new AppError('validation_failed', { fields: { signer: 'validation.invalid_value' } });
  }
  const contentType = detectImageType(input.image.data);
  if (contentType !== 'image/png' && contentType !== 'image/jpeg') throw new AppError('certificate_image_invalid');
  const key = await getStorage().putPrivate(input.image.data, contentType);
  let replaced: string | null;
  if (input.slot === 'signature') {
    const signers = design.signers.map((signer, index) => (index === input.signer ? { ...signer, signatureKey: key } : signer));
    replaced = design.signers[input.signer!]!.signatureKey;
    await db.update(certificateDesigns).set({ signers, updatedAt: new Date() }).where(eq(certificateDesigns.id, design.id));
  } else {
    const column = input.slot === 'logo' ? 'logoKey' : 'backgroundKey';
    replaced = design[column];
    await db.update(certificateDesigns).set({ [column]: key, updatedAt: new Date() }).where(eq(certificateDesigns.id, design.id));
  }
  if (replaced) await getStorage().deletePrivate(replaced);
  return toDesign((await readDesign(db, programId))!);
}

/** A preview of the design as a PDF: a sample certificate made of its facts, signed by nobody (its code verifies nothing). */
export async function previewCertificateDesign(caller: Caller, programId: number, lang: Language): Promise<DownloadFile> {
  requireDesignCertificates(caller);
  const db = await getDb();
  const program = await requireProgram(db, programId);
  const design = await readDesign(db, programId);
  if (!design) throw new AppError('certificate_design_missing');
  const now = new Date();
  const sample: CertificateRow = {
    id: 0,
    code: createCertificateCode(),
    userId: 0,
    cohortId: 0,
    programId,
    programName: program.name,
    issuerName: '',
    title: design.title,
    hours: design.hours,
    signers: design.signers,
    holderName: '',
    issuedAt: now,
    issuedBy: caller.id,
    keyId: '',
    signature: 'preview',
    status: 'valid',
    revokedAt: null,
    revokedBy: null,
    revokedReason: null,
    createdAt: now,
  };
  const { renderCertificatePdf } = await import('./render-pdf');
  const data = await renderCertificatePdf(sample, getT(lang)('certificates.preview.holder'), { logoKey: design.logoKey, backgroundKey: design.backgroundKey }, lang);
  return { fileName: `certificate-preview-${programId}.pdf`, contentType: 'application/pdf', data: data as Uint8Array<ArrayBuffer> };
}

/** What the design page shows: the program's name and its design (null: none yet); 403 for anyone but platform admins, 404 for an unknown program. */
export async function getProgramCertificatePage(caller: Caller, programId: number): Promise<{ programId: number; programName: string; design: CertificateDesign | null }> {
  requireDesignCertificates(caller);
  const db = await getDb();
  const program = await requireProgram(db, programId);
  const row = await readDesign(db, programId);
  return { programId, programName: program.name, design: row ? toDesign(row) : null };
}
