/**
 * A try-out of Senda as a national program runs it: two app servers on one
 * PostgreSQL behind nginx, files in S3 (a local stand-in unless S3_* name a
 * real bucket). Run through `bash scripts/cluster.sh`, which starts the
 * PostgreSQL server; Ctrl-C stops everything.
 */
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '~/lib/server/services/people/demo-accounts';
import { startCluster } from './cluster/start-cluster';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('cluster: DATABASE_URL is not set (run bash scripts/cluster.sh)');
  process.exit(1);
}
const port = Number(process.env.CLUSTER_PORT ?? 4700);
const servers = Number(process.env.SENDA_CLUSTER_SERVERS ?? 2);
const cluster = await startCluster({ databaseUrl, port, servers });
console.log(`\nSenda runs on ${cluster.url}/signin (nginx → ${cluster.serverUrls.join(', ')})`);
console.log(`Demo accounts, password ${DEMO_PASSWORD}:`);
for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(22)} ${account.userType}`);
console.log('Ctrl-C stops the servers, nginx and PostgreSQL.');

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
