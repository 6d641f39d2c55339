/** A certificate's downloads for whoever may read it: the PDF (drawn on demand) and the Open Badges 3.0 credential. */
import { eq } from 'drizzle-orm';
import type { Language } from '~/lib/shared/constants';
import type { Caller } from '~/lib/server/access/permissions';
import { getDb } from '~/lib/server/db/client';
import { certificateDesigns } from '~/lib/server/db/schema';
import type { DownloadFile } from '~/lib/server/http/file-download';
import { buildOpenBadge } from './open-badge';
import { getCertificateRow } from './read-certificates';

/** The certificate's PDF, in the caller's language, named after its code. */
export async function getCertificatePdf(caller: Caller, certificateId: number, lang: Language): Promise<DownloadFile> {
  const { row, isHolderAnonymized } = await getCertificateRow(caller, certificateId);
  const db = await getDb();
  const [design] = await db.select({ logoKey: certificateDesigns.logoKey, backgroundKey: certificateDesigns.backgroundKey }).from(certificateDesigns).where(eq(certificateDesigns.programId, row.programId));
  const { renderCertificatePdf } = await import('./render-pdf');
  const data = await renderCertificatePdf(row, isHolderAnonymized ? null : row.holderName, { logoKey: design?.logoKey ?? null, backgroundKey: design?.backgroundKey ?? null }, lang);
  return { fileName: `certificate-${row.code}.pdf`, contentType: 'application/pdf', data: data as Uint8Array<ArrayBuffer> };
}

/** The certificate as an Open Badges 3.0 credential and its VC-JWT. */
export async function getOpenBadge(caller: Caller, certificateId: number, lang: Language): Promise<{ credential: Record<string, unknown>; jwt: string }> {
  const { row } = await getCertificateRow(caller, certificateId);
  return buildOpenBadge(row, lang);
}
