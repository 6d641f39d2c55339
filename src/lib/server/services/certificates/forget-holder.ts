/**
 * Anonymising a person (Ley 1581) reaches their certificates: the name
 * copied into each is erased and its facts signed again without it, with the
 * current key, so the certificate stays valid and verifiable and keeps no
 * trace of who held it. The printed QR the person kept still verifies
 * offline under the old key, which stays published.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '~/lib/server/db/client';
import { certificates } from '~/lib/server/db/schema';
import { signedFactsOf } from './certificate-facts';
import { getSigningKey, signCompact } from './signing-keys';

/** Erases the holder's name from every certificate of a user and re-signs them (inside the anonymisation's transaction). */
export async function forgetCertificateHolder(tx: DbOrTx, userId: number): Promise<void> {
  const rows = await tx.select().from(certificates).where(eq(certificates.userId, userId));
  if (rows.length === 0) return;
  const key = await getSigningKey(tx);
  for (const row of rows) {
    const forgotten = { ...row, holderName: '' };
    await tx.update(certificates).set({ holderName: '', keyId: key.id, signature: signCompact(key, signedFactsOf(forgotten)) }).where(eq(certificates.id, row.id));
  }
}
