/**
 * Who may receive a cohort's certificate: the students whose approval holds.
 * The approval rules belong to the gradebook domain (`approvalsOf` in
 * services/gradebook/approvals.ts, being built beside this one); this module
 * is the only place that will call it. Until it exists, asking answers 409
 * approval_rules_unavailable: never a made-up list.
 */
import { AppError } from '~/lib/shared/errors';
import type { DbOrTx } from '~/lib/server/db/client';

/** The user ids of a cohort's students whose approval rule holds (`state === 'approved'`). */
export async function eligibleStudentsOf(_db: DbOrTx, _cohortId: number): Promise<number[]> {
  // Wire to the gradebook once it is merged: (await approvalsOf(db, cohortId)).filter((row) => row.state === 'approved').map((row) => row.userId).
  throw new AppError('approval_rules_unavailable');
}
