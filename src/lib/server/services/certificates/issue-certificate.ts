/**
 * Issuing one certificate: the one function every path goes through (an
 * admin's bulk issue, the automatic issue, the demo data, the tests). It is
 * idempotent: a student holds at most one valid certificate per cohort, and
 * issuing again answers the one they have.
 */
import { and, eq } from 'drizzle-orm';
import { ROLE_IDS } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import type { DbOrTx } from '~/lib/server/db/client';
import { certificateDesigns, certificates, cohorts, learningPaths, memberships, organizations, programs, users } from '~/lib/server/db/schema';
import { queueMail } from '~/lib/server/services/mail/queue-mail';
import { createCertificateCode, signedFactsOf, type CertificateRow } from './certificate-facts';
import { getSigningKey, signCompact, type SigningKey } from './signing-keys';

export interface IssueCertificateInput {
  cohortId: number;
  userId: number;
  /** The admin who issued it; null when issued automatically. */
  issuedBy: number | null;
}

export interface IssuedCertificate {
  certificate: CertificateRow;
  /** False when the student already had a valid certificate of the cohort (nothing was written). */
  created: boolean;
  /** The e-mail telling the student, queued in the transaction: hand it to sendQueuedMail after the commit. */
  mailIds: number[];
}

/** What issuing needs of a cohort: its program, that program's design and its organization (read once per bulk run). */
export interface CohortIssueContext {
  programId: number;
  programName: string;
  issuerName: string;
  design: typeof certificateDesigns.$inferSelect;
}

/** The cohort's program, design and organization; 404 for an unknown cohort, 409 certificate_design_missing when its program has no certificate. */
export async function getCohortIssueContext(db: DbOrTx, cohortId: number): Promise<CohortIssueContext> {
  const [row] = await db
    .select({ programId: cohorts.programId, programName: programs.name, issuerName: organizations.name, design: certificateDesigns })
    .from(cohorts)
    .innerJoin(learningPaths, eq(learningPaths.id, cohorts.learningPathId))
    .innerJoin(organizations, eq(organizations.id, learningPaths.organizationId))
    .leftJoin(programs, eq(programs.id, cohorts.programId))
    .leftJoin(certificateDesigns, eq(certificateDesigns.programId, cohorts.programId))
    .where(eq(cohorts.id, cohortId));
  if (!row) throw new AppError('not_found');
  if (row.programId === null || row.programName === null || row.design === null) throw new AppError('certificate_design_missing');
  return { programId: row.programId, programName: row.programName, issuerName: row.issuerName, design: row.design };
}

/**
 * Issues a student's certificate for a cohort (inside the caller's
 * transaction), signed with the current key, and queues the e-mail that
 * tells them. Answers their existing valid one if they have it. 404 when the
 * user is not a student of the cohort; eligibility is the caller's to decide
 * (eligibility.ts).
 */
export async function issueCertificate(
  tx: DbOrTx,
  input: IssueCertificateInput,
  prepared: { context?: CohortIssueContext; key?: SigningKey; now?: Date } = {},
): Promise<IssuedCertificate> {
  const existing = await findValidCertificate(tx, input);
  if (existing) return { certificate: existing, created: false, mailIds: [] };

  const context = prepared.context ?? (await getCohortIssueContext(tx, input.cohortId));
  const [student] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, language: users.language, anonymizedAt: users.anonymizedAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.cohortId, input.cohortId), eq(memberships.userId, input.userId), eq(memberships.roleId, ROLE_IDS.student)));
  if (!student || student.anonymizedAt) throw new AppError('not_found');

  const key = prepared.key ?? (await getSigningKey(tx));
  const { design } = context;
  const facts = {
    code: createCertificateCode(),
    holderName: `${student.firstName} ${student.lastName}`.trim(),
    programName: context.programName,
    title: design.title,
    hours: design.hours,
    issuedAt: prepared.now ?? new Date(),
  };
  const [inserted] = await tx
    .insert(certificates)
    .values({
      ...facts,
      userId: input.userId,
      cohortId: input.cohortId,
      programId: context.programId,
      issuerName: context.issuerName,
      signers: design.signers,
      issuedBy: input.issuedBy,
      keyId: key.id,
      signature: signCompact(key, signedFactsOf(facts)),
    })
    // A concurrent issue of the same student and cohort won: answer theirs.
    .onConflictDoNothing()
    .returning();
  if (!inserted) {
    const winner = await findValidCertificate(tx, input);
    if (!winner) throw new Error('certificate insert conflicted without a valid certificate');
    return { certificate: winner, created: false, mailIds: [] };
  }
  const mailIds = await queueMail(tx, [
    {
      userId: input.userId,
      recipient: student.email,
      language: student.language,
      kind: 'certificate_issued',
      params: { program: inserted.programName, title: inserted.title, path: '/certificates' },
    },
  ]);
  return { certificate: inserted, created: true, mailIds };
}

async function findValidCertificate(db: DbOrTx, input: Pick<IssueCertificateInput, 'cohortId' | 'userId'>): Promise<CertificateRow | null> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, input.userId), eq(certificates.cohortId, input.cohortId), eq(certificates.status, 'valid')));
  return row ?? null;
}
