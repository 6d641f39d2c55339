/**
 * Demo data for the structure: one organization, one learning path, an
 * ACTIVE cohort of this year's program and an INACTIVE one of last year's,
 * the demo accounts' memberships (the tutor and both students in the active
 * cohort, Sofía in the past one too), and the tutor's news to the active
 * cohort.
 */
import { ROLE_IDS } from '~/lib/shared/constants';
import type { Tx } from '~/lib/server/db/client';
import { cohorts, learningPaths, memberships, news, organizations, programs } from '~/lib/server/db/schema';
import type { DemoAccountIds } from '~/lib/server/services/people/demo-data';

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);

/** The demo's structure, for the domains seeded after it. */
export interface DemoStructure {
  learningPathId: number;
  programId: number;
  pastProgramId: number;
  activeCohortId: number;
  pastCohortId: number;
}

/** Writes the demo structure into the seed's transaction (see the module comment). */
export async function seedDemoStructure(tx: Tx, accounts: DemoAccountIds): Promise<DemoStructure> {
  const [organization] = await tx.insert(organizations).values({ name: 'Fundación Senda Colombia' }).returning();
  const [path] = await tx
    .insert(learningPaths)
    .values({
      organizationId: organization!.id,
      name: 'Desarrollo de software',
      description: 'Ruta nacional de formación en desarrollo web, de cero a tu primer empleo.',
    })
    .returning();
  const [program, pastProgram] = await tx
    .insert(programs)
    .values([
      { name: 'Desarrollo web 2026', description: 'Programa de 24 semanas con prácticas, evaluaciones y nivelaciones.' },
      { name: 'Desarrollo web 2025', description: 'Edición anterior del programa.' },
    ])
    .returning();
  const [activeCohort, pastCohort] = await tx
    .insert(cohorts)
    .values([
      { learningPathId: path!.id, programId: program!.id, name: 'Cohorte 2026-1 Bogotá', status: 'ACTIVE', startsOn: '2026-02-02', endsOn: '2026-12-18' },
      { learningPathId: path!.id, programId: pastProgram!.id, name: 'Cohorte 2025-2 Medellín', status: 'INACTIVE', startsOn: '2025-07-07', endsOn: '2025-12-12' },
    ])
    .returning();
  await tx.insert(news).values([
    {
      cohortId: activeCohort!.id,
      title: 'Bienvenidos a la cohorte 2026-1',
      body: 'Esta semana empieza **Fundamentos de programación**. Revisa el contenido del curso y pregunta a tu tutor lo que necesites.',
      publishedAt: inDays(-6),
      authorId: accounts.tutor,
    },
    {
      cohortId: activeCohort!.id,
      title: 'Horario de tutorías',
      body: 'Las tutorías en vivo son los martes y jueves de 6:00 a 7:30 p. m.',
      publishedAt: inDays(-2),
      authorId: accounts.tutor,
    },
  ]);
  await tx.insert(memberships).values([
    { userId: accounts.tutor, cohortId: activeCohort!.id, roleId: ROLE_IDS.tutor },
    { userId: accounts.sofia, cohortId: activeCohort!.id, roleId: ROLE_IDS.student },
    { userId: accounts.sofia, cohortId: pastCohort!.id, roleId: ROLE_IDS.student },
    { userId: accounts.valentina, cohortId: activeCohort!.id, roleId: ROLE_IDS.student },
  ]);
  return { learningPathId: path!.id, programId: program!.id, pastProgramId: pastProgram!.id, activeCohortId: activeCohort!.id, pastCohortId: pastCohort!.id };
}
