/**
 * `npm run worker`: runs the background job workers on their own, for larger
 * installs on PostgreSQL that set SENDA_JOB_WORKERS=false on the app servers.
 * (On PGlite the app server runs them: only one process may open PGlite.)
 */
import { getT, resolveLanguage } from '~/i18n';
import { getConfig } from '~/lib/server/config';
import { closeDatabase, openDatabase, setDatabase } from '~/lib/server/db/client';
import { migrateDatabase } from '~/lib/server/db/migrate';
import { keepMemoryReducerWorking } from '~/lib/server/boot/idle-memory';
import { startJobEngine } from '~/lib/server/jobs/job-engine';
import { JOB_QUEUES } from '~/lib/server/services/job-queues';
import { log } from '~/lib/server/log';

const t = getT(resolveLanguage(process.env.SENDA_LANG ?? process.env.LANG));

async function main(): Promise<void> {
  const config = getConfig();
  if (!config.DATABASE_URL) {
    console.error(t('cli.workerNeedsPostgres'));
    process.exit(2);
  }
  const database = await openDatabase({ url: config.DATABASE_URL, poolSize: 4 });
  setDatabase(database);
  await migrateDatabase(database);
  const jobs = await startJobEngine(database, { runWorkers: true, queues: JOB_QUEUES });
  // A large report or zip leaves memory behind; the idle worker gives it back (boot/idle-memory.ts).
  keepMemoryReducerWorking();
  console.log(t('cli.workerStarted'));
  const stop = async () => {
    await jobs.stop();
    await closeDatabase();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  log.fatal({ err: error }, 'the job worker could not start');
  console.error(error);
  process.exit(1);
});
