/**
 * How many students of a cohort have an absence alert, kept per cohort for
 * the dashboards (the tutor's /home, /admin), like the gradebook's at-risk
 * counts (ADR 027, 029). Every server drops a cohort's count when the change
 * feed says its attendance, sessions, members, excuses or its program's
 * thresholds changed; entries also expire, because a session ending moves
 * the count with the clock alone.
 */
import { defineCache, idsOf } from '~/lib/server/cache/define-cache';
import type { DataChange } from '~/lib/server/cache/change-feed';
import type { DbOrTx } from '~/lib/server/db/client';
import { listAbsenceAlerts } from './absence-alerts';

type ChangeKeys = NonNullable<DataChange['keys']>;

/** The cohort each session belongs to, learned when a cohort is counted, so a session's attendance finds its cohort. */
const cohortOfSession = new Map<number, number>();

const bySessions = (keys: ChangeKeys): number[] | 'all' => {
  const sessionIds = idsOf(keys, 'session_id');
  if (sessionIds.length === 0) return 'all';
  const cohortIds = sessionIds.map((id) => cohortOfSession.get(id));
  // A session never counted (new since) may belong to any cohort.
  return cohortIds.some((id) => id === undefined) ? 'all' : [...new Set(cohortIds as number[])];
};
const byCohorts =
  (column: string) =>
  (keys: ChangeKeys): number[] | 'all' => {
    const cohortIds = idsOf(keys, column);
    return cohortIds.length === 0 ? 'all' : cohortIds;
  };

const counts = defineCache<number, number>({
  ttlMs: 5 * 60_000,
  max: 20_000,
  invalidatedBy: {
    live_attendance: bySessions,
    attendance_excuses: bySessions,
    live_sessions: byCohorts('cohort_id'),
    memberships: byCohorts('cohort_id'),
    cohorts: byCohorts('id'),
    attendance_settings: () => 'all',
  },
});

/** How many of the cohort's students have an absence alert now (cached per cohort; see the module comment). */
export function countAbsenceAlerts(db: DbOrTx, cohortId: number, now = new Date()): Promise<number> {
  return counts.getOrLoad(cohortId, async () => {
    const alerts = await listAbsenceAlerts(db, cohortId, now, (sessionId) => cohortOfSession.set(sessionId, cohortId));
    return alerts.length;
  });
}
