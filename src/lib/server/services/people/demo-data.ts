/**
 * Demo data for people: the demo accounts (demo-accounts.ts: the admin, the
 * tutor, Sofía and Valentina), their person forms (Valentina's complete,
 * Sofía's half filled), a person whose invitation is still pending (its
 * e-mail waits in the development mailbox), one who asked for their data to
 * be deleted, so an admin can try /admin/users at once, and the active
 * cohort's coordinator (a cohort admin, not a platform admin).
 */
import { asc, eq, sql } from 'drizzle-orm';
import { ROLE_IDS } from '~/lib/shared/constants';
import { CONSENT_TEXT_VERSIONS, type ConsentChannel, type ConsentPurpose } from '~/lib/shared/schemas/consents';
import type { Tx } from '~/lib/server/db/client';
import { consents, mailMessages, memberships, profiles, users } from '~/lib/server/db/schema';
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
      birthDate: '2001-08-14',
    },
    // Half filled, as an import leaves it: she completes it on her account page.
    { userId: options.accounts.sofia, documentType: 'CC', documentNumber: '1020304050', municipality: '11001', stratum: 3 },
    { userId: camilo!.id, documentType: 'TI', documentNumber: '1098765432', municipality: '76001' },
    { userId: mateo!.id, documentType: 'CC', documentNumber: '1144112233', municipality: '08001', neighborhood: 'El Prado', stratum: 4 },
  ]);
  // The invitation goes out when the job engine starts (serve-app queues what waits).
  await tx.insert(mailMessages).values({ userId: camilo!.id, recipient: DEMO_INVITED.email, language: 'es', kind: 'invitation' });
}

/** Birth dates the demo students take in turn: every age band of the reports (ADR 030) but the minors', which Camilo fills. */
const DEMO_BIRTH_DATES = ['1999-02-03', '1994-06-21', '1988-10-05', '2003-01-28', '1979-03-17', '1996-12-09', '1972-07-02', '2000-05-25', '1963-05-11', '1990-09-30', '2004-11-15', '1983-04-08'];

/** A student who left the active cohort for work, recorded by its coordinator (password: the demo accounts'). */
export const DEMO_WITHDRAWN = { email: 'julian@senda.test', firstName: 'Julián', lastName: 'Cárdenas' } as const;

/**
 * Consents, birth dates, a minor and a withdrawal (ADR 030), written last so
 * no earlier seeded id moves: every demo student gets a birth date and the
 * general consent; Valentina and eight of Cali's students authorise funder
 * reports; Valentina authorises her sensitive data; Andrés declined it at
 * sign-up; Camilo (invited, tarjeta de identidad) is 16 with his mother as
 * guardian; Julián withdrew from the active cohort for work.
 */
export async function seedDemoConsents(tx: Tx, options: { activeCohortId: number; passwordHash: string }): Promise<void> {
  const now = new Date();
  const [julian] = await tx.insert(users).values({ ...DEMO_WITHDRAWN, passwordHash: options.passwordHash, userType: 'student', statusStudent: 1 }).returning({ id: users.id });
  const [coordinator] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_COHORT_ADMIN.email));
  await tx.insert(memberships).values({
    userId: julian!.id,
    cohortId: options.activeCohortId,
    roleId: ROLE_IDS.student,
    status: 'INACTIVE',
    withdrawnOn: new Date(now.getTime() - 10 * DAY_MS).toISOString().slice(0, 10),
    withdrawalReason: 'work',
    withdrawalNote: 'Consiguió un empleo de tiempo completo en horario de clase.',
    withdrawnBy: coordinator!.id,
  });

  const students = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.userType, 'student')).orderBy(asc(users.id));
  const camilo = students.find((student) => student.email === DEMO_INVITED.email)!;
  const minorBirthDate = `${now.getUTCFullYear() - 16}-05-20`;
  const withBirthDates = students.filter((student) => student.email !== 'valentina@senda.test');
  await tx
    .insert(profiles)
    .values(withBirthDates.map((student, index) => ({ userId: student.id, birthDate: student.id === camilo.id ? minorBirthDate : DEMO_BIRTH_DATES[index % DEMO_BIRTH_DATES.length]! })))
    .onConflictDoUpdate({ target: profiles.userId, set: { birthDate: sql`excluded.birth_date` } });
  await tx
    .update(profiles)
    .set({ guardianName: 'Rosa Rodríguez', guardianDocumentType: 'CC', guardianDocumentNumber: '31234567', guardianConsentAt: now })
    .where(eq(profiles.userId, camilo.id));

  const grant = (userId: number, purpose: ConsentPurpose, channel: ConsentChannel, daysAgo: number, recordedBy: number | null = null) => ({
    userId,
    purpose,
    channel,
    textVersion: CONSENT_TEXT_VERSIONS[purpose],
    recordedBy,
    grantedAt: new Date(now.getTime() - daysAgo * DAY_MS),
  });
  const cali = students.filter((student) => /^cali\d{2}@/.test(student.email));
  const valentina = students.find((student) => student.email === 'valentina@senda.test')!;
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'admin@senda.test'));
  const rows = [
    // Everyone who takes part accepted the general policy (Camilo's guardian did, with the import that invited him).
    ...students.map((student) => grant(student.id, 'general', cali.includes(student) || student.id === camilo.id ? 'import' : 'sign_up', 30, cali.includes(student) || student.id === camilo.id ? admin!.id : null)),
    grant(valentina.id, 'sensitive_data', 'account', 20),
    grant(valentina.id, 'funder_reports', 'account', 20),
    ...cali.slice(0, 8).map((student) => grant(student.id, 'funder_reports', 'import', 30, admin!.id)),
  ];
  await tx.insert(consents).values(rows);
}

