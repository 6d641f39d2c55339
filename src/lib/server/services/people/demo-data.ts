/**
 * Demo data for people: the demo accounts (demo-accounts.ts: the admin, the
 * tutor, Sofía and Valentina), their person forms (Valentina's complete,
 * Sofía's half filled), a person whose invitation is still pending (its
 * e-mail waits in the development mailbox), one who asked for their data to
 * be deleted, so an admin can try /admin/users at once, and the active
 * cohort's coordinator (a cohort admin, not a platform admin).
 */
import { ROLE_IDS } from '~/lib/shared/constants';
import type { Tx } from '~/lib/server/db/client';
import { mailMessages, memberships, profiles, users } from '~/lib/server/db/schema';
import { DEMO_ACCOUNTS } from './demo-accounts';

/** Invited, no password yet: signs in only after following the invitation in the mailbox. */
export const DEMO_INVITED = { email: 'camilo@senda.test', firstName: 'Camilo', lastName: 'Rodríguez' } as const;

/** The active cohort's coordinator: a cohort admin there (members, content, grades), nothing beyond it (password: the demo accounts'). */
export const DEMO_COHORT_ADMIN = { email: 'coordinacion@senda.test', firstName: 'Lucía', lastName: 'Pardo' } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo accounts' ids, for the domains seeded after them. */
export interface DemoAccountIds {
  admin: number;
  tutor: number;
  sofia: number;
  valentina: number;
}

/** Writes the demo accounts into the seed's transaction, first of all the demo data. */
export async function seedDemoAccounts(tx: Tx, passwordHash: string): Promise<DemoAccountIds> {
  const created = await tx
    .insert(users)
    .values(DEMO_ACCOUNTS.map((account) => ({ ...account, passwordHash })))
    .returning({ id: users.id, email: users.email });
  const idOf = (email: string) => created.find((user) => user.email === email)!.id;
  return { admin: idOf('admin@senda.test'), tutor: idOf('tutor@senda.test'), sofia: idOf('student@senda.test'), valentina: idOf('valentina@senda.test') };
}

/** Writes the demo people into the seed's transaction. */
export async function seedDemoPeople(tx: Tx, options: { activeCohortId: number; accounts: DemoAccountIds; passwordHash: string }): Promise<void> {
  const [camilo, mateo, coordinator] = await tx
    .insert(users)
    .values([
      { ...DEMO_INVITED, passwordHash: null, userType: 'student', invitedAt: new Date() },
      { email: 'mateo@senda.test', firstName: 'Mateo', lastName: 'Suárez', passwordHash: options.passwordHash, userType: 'student', statusStudent: 1, deletionRequestedAt: new Date(Date.now() - 2 * DAY_MS) },
      { ...DEMO_COHORT_ADMIN, passwordHash: options.passwordHash, userType: 'staff', statusStudent: 1 },
    ])
    .returning({ id: users.id });
  await tx.insert(memberships).values([
    { userId: camilo!.id, cohortId: options.activeCohortId, roleId: ROLE_IDS.student },
    { userId: mateo!.id, cohortId: options.activeCohortId, roleId: ROLE_IDS.student },
    { userId: coordinator!.id, cohortId: options.activeCohortId, roleId: ROLE_IDS.cohortAdmin },
  ]);
  await tx.insert(profiles).values([
    {
      userId: options.accounts.valentina,
      documentType: 'CC',
      documentNumber: '1036654321',
      contact: '3014445566',
      genre: 'female',
      municipality: '05001',
      neighborhood: 'Robledo',
      address: 'Carrera 80 # 65-10',
      stratum: 2,
      housingType: 'family',
      childrenCount: 0,
      householdSize: 4,
      dependentsCount: 0,
      populationGroup: 'afrocolombian',
      englishLevel: 'A2',
      transportMode: 'mass_transit',
      emergencyName: 'Gloria Ospina',
      emergencyPhone: '3127778899',
      emergencyRelationship: 'Madre',
      employmentType: 'student',
      worksInIndustry: false,
    },
    // Half filled, as an import leaves it: she completes it on her account page.
    { userId: options.accounts.sofia, documentType: 'CC', documentNumber: '1020304050', municipality: '11001', stratum: 3 },
    { userId: camilo!.id, documentType: 'TI', documentNumber: '1098765432', municipality: '76001' },
    { userId: mateo!.id, documentType: 'CC', documentNumber: '1144112233', municipality: '08001', neighborhood: 'El Prado', stratum: 4 },
  ]);
  // The invitation goes out when the job engine starts (serve-app queues what waits).
  await tx.insert(mailMessages).values({ userId: camilo!.id, recipient: DEMO_INVITED.email, language: 'es', kind: 'invitation' });
}
