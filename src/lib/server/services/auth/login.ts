import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '~/lib/shared/errors';
import type { LoginBody, LoginResponse } from '~/lib/shared/schemas/auth';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { getDb } from '~/lib/server/db/client';
import { log } from '~/lib/server/log';
import { getMaintenance } from '~/lib/server/services/settings';
import { findUserByEmail, getUserSummary } from '~/lib/server/services/users';
import { issueTokenPair } from './issue-tokens';
import { clearLoginFailures, loginThrottleKeys, recordLoginFailure, requireLoginAllowed } from './throttle';

/**
 * Signs a user in with email and password. A wrong email and a wrong password
 * fail the same way; repeated failures are throttled per account and address
 * and per address, and slow down the account (throttle.ts); no new session
 * starts during maintenance.
 */
export async function loginWithPassword(input: LoginBody & { ip: string }): Promise<LoginResponse> {
  const maintenance = await getMaintenance();
  if (maintenance.enabled) throw new AppError('maintenance', { params: { message: maintenance.message ?? '' } });

  const keys = loginThrottleKeys(input.email, input.ip);
  const { slowdownMs } = await requireLoginAllowed(keys);
  if (slowdownMs > 0) await sleep(slowdownMs);

  const user = await findUserByEmail(input.email);
  // An invited person who has not set a password yet cannot sign in: the same answer and time as a wrong password.
  const valid = user?.passwordHash ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !valid) {
    await recordLoginFailure(keys);
    log.info({ event: 'login_failed', ip: input.ip }, 'sign-in failed');
    throw new AppError('invalid_credentials');
  }
  if (user.status !== 'ACTIVE') throw new AppError('account_inactive');

  await clearLoginFailures(keys);
  const db = await getDb();
  const summary = (await getUserSummary(user.id, db))!;
  const tokens = await issueTokenPair(db, summary);
  log.info({ event: 'login', userId: user.id }, 'signed in');
  return { ...tokens, user: summary };
}
