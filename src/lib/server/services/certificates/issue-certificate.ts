/**
 * Issuing one certificate: the one function every path goes through (an
 * admin's bulk issue, the automatic issue, the demo data, the tests). It is
 * idempotent: a student holds at most one valid certificate per cohort, and
 * issuing again answers the one they have.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
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
  const [issued] = await issueCertificates(tx, { cohortId: input.cohortId, userIds: [input.userId], issuedBy: input.issuedBy }, prepared);
  if (!issued) throw new AppError('not_found');
  return issued;
}

/**
 * issueCertificate for many students of one cohort at once (a bulk run's
 * chunk): the same rows, signatures and e-mails in a handful of statements
 * whatever the count. Users who are not (or no longer) students of the
 * cohort, or whose data was anonymised meanwhile, are left out of the answer.
 */
export async function issueCertificates(
  tx: DbOrTx,
  input: { cohortId: number; userIds: readonly number[]; issuedBy: number | null },
  prepared: { context?: CohortIssueContext; key?: SigningKey; now?: Date } = {},
): Promise<IssuedCertificate[]> {
  if (input.userIds.length === 0) return [];
  const existing = new Map((await findValidCertificates(tx, input.cohortId, input.userIds)).map((row) => [row.userId, row]));
  const wanted = input.userIds.filter((userId) => !existing.has(userId));
  const results = new Map<number, IssuedCertificate>([...existing].map(([userId, row]) => [userId, { certificate: row, created: false, mailIds: [] }]));
  if (wanted.length > 0) {
    const context = prepared.context ?? (await getCohortIssueContext(tx, input.cohortId));
    const students = await tx
      .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, language: users.language })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.cohortId, input.cohortId), inArray(memberships.userId, wanted), eq(memberships.roleId, ROLE_IDS.student), isNull(users.anonymizedAt)));
    if (students.length > 0) {
      const key = prepared.key ?? (await getSigningKey(tx));
      const { design } = context;
      const issuedAt = prepared.now ?? new Date();
      const inserted = await tx
        .insert(certificates)
        .values(
          students.map((student) => {
            const facts = {
              code: createCertificateCode(),
              holderName: `${student.firstName} ${student.lastName}`.trim(),
              programName: context.programName,
              title: design.title,
              hours: design.hours,
              issuedAt,
            };
            return {
              ...facts,
              userId: student.userId,
              cohortId: input.cohortId,
              programId: context.programId,
              issuerName: context.issuerName,
              signers: design.signers,
              issuedBy: input.issuedBy,
              keyId: key.id,
              signature: signCompact(key, signedFactsOf(facts)),
            };
          }),
        )
        // A concurrent issue of the same student and cohort won: answer theirs (below).
        .onConflictDoNothing()
        .returning();
      const byStudent = new Map(students.map((student) => [student.userId, student]));
      const mailIds = await queueMail(
        tx,
        inserted.map((row) => {
          const student = byStudent.get(row.userId)!;
          return {
            userId: row.userId,
            recipient: student.email,
            language: student.language,
            kind: 'certificate_issued' as const,
            params: { program: row.programName, title: row.title, path: '/certificates' },
          };
        }),
      );
      inserted.forEach((row, index) => results.set(row.userId, { certificate: row, created: true, mailIds: mailIds[index] === undefined ? [] : [mailIds[index]] }));
      const lost = students.map((student) => student.userId).filter((userId) => !results.has(userId));
      if (lost.length > 0) {
        const winners = await findValidCertificates(tx, input.cohortId, lost);
        if (winners.length !== lost.length) throw new Error('certificate insert conflicted without a valid certificate');
        for (const row of winners) results.set(row.userId, { certificate: row, created: false, mailIds: [] });
      }
    }
  }
  return input.userIds.flatMap((userId) => results.get(userId) ?? []);
}

async function findValidCertificates(db: DbOrTx, cohortId: number, userIds: readonly number[]): Promise<CertificateRow[]> {
  return db
    .select()
    .from(certificates)
    .where(and(inArray(certificates.userId, [...userIds]), eq(certificates.cohortId, cohortId), eq(certificates.status, 'valid')));
}
