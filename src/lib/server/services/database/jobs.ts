/** The database's own upkeep: the planner's statistics on the embedded PGlite, which has no autovacuum (ADR 033). */
import type { JobQueue } from '~/lib/server/jobs/job-queue';
import { getDatabase } from '~/lib/server/db/client';
import { refreshEmbeddedStatistics } from '~/lib/server/db/refresh-statistics';

export const databaseJobs: readonly JobQueue[] = [
  {
    name: 'database.refresh-statistics',
    retryLimit: 1,
    retryDelayS: 300,
    cron: '41 * * * *',
    handle: async () => void (await refreshEmbeddedStatistics(await getDatabase())),
  },
];
