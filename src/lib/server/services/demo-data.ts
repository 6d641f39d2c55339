/**
 * The demo data a development install starts with (and `npm run senda --
 * seed` writes into an empty database). Each domain writes its own, next to
 * its services (services/<domain>/demo-data.ts); this index only calls them,
 * in one transaction and in this order: each builds on the rows of the ones
 * before it, and the demo's ids, which tests use, follow from it. A new
 * domain adds one line.
 */
import { count } from 'drizzle-orm';
import { hashPassword } from '~/lib/server/services/auth/passwords';
import type { Db } from '~/lib/server/db/client';
import { users } from '~/lib/server/db/schema';
import { seedDemoAssignments } from './assignments/demo-data';
import { seedDemoAttendance } from './attendance/demo-data';
import { seedDemoCertificates } from './certificates/demo-data';
import { seedDemoContent } from './content/demo-data';
import { seedDemoForums } from './forums/demo-data';
import { seedDemoGradebook } from './gradebook/demo-data';
import { seedDemoJarvis } from './jarvis/demo-data';
import { DEMO_PASSWORD } from './people/demo-accounts';
import { seedDemoAccounts, seedDemoConsents, seedDemoPeople } from './people/demo-data';
import { seedDemoQuizzes } from './quizzes/demo-data';
import { seedDemoRegistrations } from './registrations/demo-data';
import { seedDemoReports } from './reports/demo-data';
import { seedDemoStructure } from './structure/demo-data';

/** True when the database has no users yet (a fresh install). */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(users);
  return (row?.value ?? 0) === 0;
}

/** Writes every domain's demo data, in one transaction. */
export async function seedDemoData(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    // The admin, the tutor, Sofía and Valentina.
    const accounts = await seedDemoAccounts(tx, passwordHash);
    // An organization, a learning path, an active and an inactive cohort, their members and news.
    const structure = await seedDemoStructure(tx, accounts);
    // The program's courses and lessons, and Valentina halfway through them.
    const courses = await seedDemoContent(tx, structure, accounts);
    // A published quiz of each type, and Valentina's graded attempt.
    await seedDemoQuizzes(tx, courses, accounts);
    // Activities of the three types, submissions to grade and one graded.
    await seedDemoAssignments(tx, courses, accounts);
    // Person forms, a pending invitation, a deletion request, the cohort's coordinator.
    await seedDemoPeople(tx, { activeCohortId: structure.activeCohortId, accounts, passwordHash });
    // Forums and live sessions.
    await seedDemoForums(tx, { activeCohortId: structure.activeCohortId, programId: structure.programId, tutor: accounts.tutor, student: accounts.sofia, valentina: accounts.valentina });
    // A second cohort filling the dashboard and the reports.
    await seedDemoReports(tx, { learningPathId: structure.learningPathId, programId: structure.programId, passwordHash });
    // Offers open to sign-up, discount codes, a registrant who started.
    await seedDemoRegistrations(tx, { learningPathId: structure.learningPathId, programId: structure.programId, releasedFrom: structure.activeCohortId, passwordHash });
    // A practice quiz Sofía failed, for the study assistant's lessons to review.
    await seedDemoJarvis(tx, { basics: courses.basics, sofia: accounts.sofia });
    // The basics course's categories, the program's approval rule, and a cohort with a student approved and one at risk.
    const graded = await seedDemoGradebook(tx, { learningPathId: structure.learningPathId, programId: structure.programId, basics: courses.basics, tutor: accounts.tutor, passwordHash });
    // The programs' certificate designs, Sofía's certificate and Laura's (last, so no earlier seeded id moves).
    await seedDemoCertificates(tx, {
      pastProgramId: structure.pastProgramId,
      pastCohortId: structure.pastCohortId,
      sofia: accounts.sofia,
      admin: accounts.admin,
      programId: structure.programId,
      gradedCohortId: graded.cohortId,
      laura: graded.laura,
    });
    // Cali's in-person workshops and online class with statuses, excuses, imported minutes and an absence alert (after the certificates: no earlier id moves).
    await seedDemoAttendance(tx, { admin: accounts.admin });
    // Consents, birth dates, a minor with his guardian and a withdrawn student (last: no earlier id moves).
    await seedDemoConsents(tx, { activeCohortId: structure.activeCohortId, passwordHash });
  });
}
