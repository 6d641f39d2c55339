/**
 * Who may receive a cohort's certificate: the students whose approval holds
 * now. The approval rules are the gradebook's (ADR 027); this module is the
 * only place the certificates read them.
 */
import type { DbOrTx } from '~/lib/server/db/client';
import { approvalsOf } from '~/lib/server/services/gradebook/approvals';

/** The user ids of a cohort's ACTIVE students whose approval rule holds (`state === 'approved'`). */
export async function eligibleStudentsOf(db: DbOrTx, cohortId: number): Promise<number[]> {
  return (await approvalsOf(db, cohortId)).filter((approval) => approval.state === 'approved').map((approval) => approval.userId);
}
