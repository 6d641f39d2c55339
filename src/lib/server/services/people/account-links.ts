/**
 * Single-use, time-limited links that let a person set a password: an
 * invitation (a new account's first password), a password recovery, and a
 * sign-up's e-mail verification (which also sets the first password). The
 * link carries 32 random bytes; only their SHA-256 is stored, so the
 * database never holds a usable link. Minting a link retires the person's
 * earlier unused links of the same kind.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { getConfig } from '~/lib/server/config';
import type { DbOrTx } from '~/lib/server/db/client';
import { accountTokens, users } from '~/lib/server/db/schema';

export type AccountLinkPurpose = 'invitation' | 'password_reset' | 'registration';

const TOKEN_BYTES = 32;
/** What a link's token looks like (base64url of 32 bytes); anything else is refused before touching the database. */
export const ACCOUNT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const lifetimeMsOf = (purpose: AccountLinkPurpose) =>
  (purpose === 'invitation' ? getConfig().INVITATION_TTL_S : purpose === 'registration' ? getConfig().REGISTRATION_VERIFY_H * 3600 : getConfig().PASSWORD_RESET_TTL_S) * 1000;

/** A new link for the person (the earlier unused ones of that kind stop working); answers the token to put in the e-mail and its expiry. */
export async function mintAccountLink(db: DbOrTx, userId: number, purpose: AccountLinkPurpose, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const expiresAt = new Date(now.getTime() + lifetimeMsOf(purpose));
  await db.delete(accountTokens).where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
  await db.insert(accountTokens).values({ userId, purpose, tokenHash: hashToken(token), expiresAt, createdAt: now });
  return { token, expiresAt };
}

export interface AccountLink {
  userId: number;
  purpose: AccountLinkPurpose;
  email: string;
  firstName: string;
  expiresAt: Date;
}

/** The link's person and purpose while it is unused, unexpired and their account active; null otherwise (looking does not use it up). */
export async function findAccountLink(db: DbOrTx, token: string, now = new Date()): Promise<AccountLink | null> {
  if (!ACCOUNT_TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ userId: accountTokens.userId, purpose: accountTokens.purpose, expiresAt: accountTokens.expiresAt, email: users.email, firstName: users.firstName })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now), eq(users.status, 'ACTIVE'), isNull(users.anonymizedAt)));
  return row ?? null;
}

/** Uses the link up (only one of two concurrent uses wins) and retires every other unused link of the person; null when it was not usable. */
export async function consumeAccountLink(db: DbOrTx, token: string, now = new Date()): Promise<AccountLink | null> {
  const link = await findAccountLink(db, token, now);
  if (!link) return null;
  const [claimed] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), isNull(accountTokens.usedAt)))
    .returning({ id: accountTokens.id });
  if (!claimed) return null;
  await retireAccountLinks(db, link.userId);
  return link;
}

/** Every unused link of the person stops working (their password was set, their account deactivated or anonymised). */
export async function retireAccountLinks(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(accountTokens).where(and(eq(accountTokens.userId, userId), isNull(accountTokens.usedAt)));
}
