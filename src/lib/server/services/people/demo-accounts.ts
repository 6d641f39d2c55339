import type { UserType } from '~/lib/shared/constants';
import { isDemoEnabled } from '~/lib/server/config';

/** The demo accounts the seed creates (never with NODE_ENV=production). */
export const DEMO_PASSWORD = 'Senda-demo-1';

export const DEMO_ACCOUNTS: readonly { email: string; userType: UserType; firstName: string; lastName: string; statusStudent?: 0 | 1 }[] = [
  { email: 'admin@senda.test', userType: 'admin', firstName: 'Adriana', lastName: 'Gómez' },
  { email: 'tutor@senda.test', userType: 'staff', firstName: 'Tomás', lastName: 'Rincón' },
  { email: 'student@senda.test', userType: 'student', firstName: 'Sofía', lastName: 'Martínez' },
  // Halfway through her courses (terms accepted, lessons done and in progress): the student's day as it usually looks.
  { email: 'valentina@senda.test', userType: 'student', firstName: 'Valentina', lastName: 'Ospina', statusStudent: 1 },
];

/** The demo accounts /signin lists, with their shared password; null where demo data is off (production). */
export function getDemoAccounts(): { accounts: readonly { email: string; userType: string }[]; password: string } | null {
  return isDemoEnabled() ? { accounts: DEMO_ACCOUNTS.map(({ email, userType }) => ({ email, userType })), password: DEMO_PASSWORD } : null;
}
