/**
 * Passwords: recovery by e-mail (a single-use, time-limited link; the same
 * answer whether or not the address has an account; limited per address and
 * per account), setting a password from an invitation or recovery link
 * (which ends every other session of the person; a sign-up's link also
 * verifies the e-mail), and a signed-in person changing theirs.
 */
import { eq } from 'drizzle-orm';
import type { Language } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import type { ChangePasswordBody, ResetPasswordBody } from '~/lib/shared/schemas/people';
import { hashPassword, verifyPassword } from '~/lib/server/services/auth/passwords';
import type { Caller } from '~/lib/server/access/permissions';
import { getConfig } from '~/lib/server/config';
import { getDb } from '~/lib/server/db/client';
import { users } from '~/lib/server/db/schema';
import { log } from '~/lib/server/log';
import { revokeAllSessionsOf } from '~/lib/server/services/auth/logout';
import { loginThrottleKeys, rateLimitedUntil, readAttemptCounts, recordAttempts, recordLoginFailure, requireLoginAllowed, RECOVERY_WINDOW_S } from '~/lib/server/services/auth/throttle';
import { queueMail, sendQueuedMail } from '~/lib/server/services/mail/queue-mail';
import { findUserByEmail } from '~/lib/server/services/users';
import { completeVerification } from '~/lib/server/services/registrations/verify-sign-up';
import { consumeAccountLink, findAccountLink, type AccountLink } from './account-links';

const recoveryKeys = (email: string, ip: string) => ({ account: `recovery:account:${email.trim().toLowerCase()}`, address: `recovery:ip:${ip}` });

/**
 * Asks for a recovery link. Answers nothing either way: an unknown e-mail, an
 * inactive account and an account past its hourly limit look exactly like a
 * sent link. Past RECOVERY_MAX_PER_IP requests in an hour, an address gets 429.
 */
export async function requestPasswordReset(input: { email: string; ip: string; lang: Language }, now = new Date()): Promise<void> {
  const config = getConfig();
  const windowMs = RECOVERY_WINDOW_S * 1000;
  const keys = recoveryKeys(input.email, input.ip);
  const counts = await readAttemptCounts([keys.account, keys.address], windowMs, now);
  const address = counts.get(keys.address);
  if (address && address.count >= config.RECOVERY_MAX_PER_IP) throw rateLimitedUntil(address.endsAt, now);
  await recordAttempts([keys.account, keys.address], windowMs, now);
  if ((counts.get(keys.account)?.count ?? 0) >= config.RECOVERY_MAX_PER_ACCOUNT) {
    log.info({ event: 'recovery_limited', ip: input.ip }, 'password recovery: account over its hourly limit, nothing sent');
    return;
  }
  const user = await findUserByEmail(input.email);
  if (!user || user.status !== 'ACTIVE' || user.anonymizedAt) {
    log.info({ event: 'recovery_unknown', ip: input.ip }, 'password recovery for no active account: nothing sent');
    return;
  }
  const db = await getDb();
  // The link goes out in the language the person asked in.
  const ids = await queueMail(db, [{ userId: user.id, recipient: user.email, language: input.lang, kind: 'password_reset' }]);
  await sendQueuedMail(ids);
  log.info({ event: 'recovery_sent', userId: user.id }, 'password recovery link queued');
}

/** What a set-password link is for, while it works (the page shows whose it is); null when it does not. */
export async function getAccountLink(token: string): Promise<AccountLink | null> {
  return findAccountLink(await getDb(), token);
}

/**
 * Sets a password from an invitation or recovery link, which is used up with
 * every other unused link of the person; every session they had ends
 * (whoever was signed in with the old password is signed out everywhere). A
 * recovery also sends a "your password changed" notice. Answers the e-mail,
 * to sign in with.
 */
export async function setPasswordWithLink(body: ResetPasswordBody): Promise<{ email: string; purpose: AccountLink['purpose']; registrationId: number | null }> {
  const db = await getDb();
  if (!(await findAccountLink(db, body.token))) throw new AppError('account_link_invalid');
  const passwordHash = await hashPassword(body.password);
  const { link, mailIds, registrationId } = await db.transaction(async (tx) => {
    const used = await consumeAccountLink(tx, body.token);
    if (!used) throw new AppError('account_link_invalid');
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, used.userId));
    await revokeAllSessionsOf(tx, used.userId);
    const [user] = await tx.select({ language: users.language }).from(users).where(eq(users.id, used.userId));
    const ids = used.purpose === 'password_reset' ? await queueMail(tx, [{ userId: used.userId, recipient: used.email, language: user!.language, kind: 'password_changed' }]) : [];
    // A sign-up's link verifies the e-mail too: its registrations move on (enrolled when free, waiting for payment otherwise).
    const verified = used.purpose === 'registration' ? await completeVerification(tx, used.userId) : { registrationId: null, mailIds: [] };
    return { link: used, mailIds: [...ids, ...verified.mailIds], registrationId: verified.registrationId };
  });
  await sendQueuedMail(mailIds);
  log.info({ event: 'password_set', userId: link.userId, purpose: link.purpose }, 'password set from a link; other sessions ended');
  return { email: link.email, purpose: link.purpose, registrationId };
}

/**
 * A signed-in person changes their password: the current one must be right
 * (wrong guesses count like failed sign-ins), their other sessions end, this
 * one stays, and a notice goes to their e-mail.
 */
export async function changeOwnPassword(caller: Caller, body: ChangePasswordBody, context: { ip: string; keepSession: string | null }): Promise<void> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, caller.id));
  if (!user || user.passwordHash === null) throw new AppError('not_found');
  const keys = loginThrottleKeys(user.email, context.ip);
  await requireLoginAllowed(keys);
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    await recordLoginFailure(keys);
    throw new AppError('validation_failed', { fields: { currentPassword: 'validation.password.current' } });
  }
  const passwordHash = await hashPassword(body.password);
  const mailIds = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, caller.id));
    await revokeAllSessionsOf(tx, caller.id, context.keepSession ?? undefined);
    return queueMail(tx, [{ userId: caller.id, recipient: user.email, language: user.language, kind: 'password_changed' }]);
  });
  await sendQueuedMail(mailIds);
  log.info({ event: 'password_changed', userId: caller.id }, 'password changed; other sessions ended');
}
