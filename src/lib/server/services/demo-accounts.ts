import { isDemoEnabled } from '~/lib/server/config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '~/lib/server/db/demo-accounts';

/** The demo accounts /signin lists, with their shared password; null where demo data is off (production). */
export function getDemoAccounts(): { accounts: readonly { email: string; userType: string }[]; password: string } | null {
  return isDemoEnabled() ? { accounts: DEMO_ACCOUNTS.map(({ email, userType }) => ({ email, userType })), password: DEMO_PASSWORD } : null;
}
