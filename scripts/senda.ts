/**
 * The operator CLI: `npm run senda -- <command>`. With PGlite and a running
 * server, commands go through the server's control socket; otherwise the
 * database is opened directly.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { getT, resolveLanguage } from '~/i18n';
import { ensureAuthSecret } from '~/lib/server/boot/secret';
import { getConfig } from '~/lib/server/config';
import { closeDatabase, getDatabase, openDatabase, setDatabase } from '~/lib/server/db/client';
import { migrateDatabase } from '~/lib/server/db/migrate';
import { isDatabaseEmpty, seedDemoData } from '~/lib/server/services/demo-data';
import { seedScaleData } from '~/lib/server/db/scale-seed';
import { OperatorError, runOperatorCommand, type OperatorCommand, type OperatorResult } from '~/lib/server/ops/commands';
import { isServerRunning, sendControlCommand } from '~/lib/server/ops/control-socket';

const t = getT(resolveLanguage(process.env.SENDA_LANG ?? process.env.LANG));

type LocalCommand = 'migrate' | 'seed' | { name: 'seed-scale'; scale: number };

function parseCommand(argv: string[]): OperatorCommand | LocalCommand | null {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      type: { type: 'string' },
      message: { type: 'string' },
      scale: { type: 'string' },
    },
  });
  const [name, sub] = positionals;
  switch (name) {
    case 'migrate':
    case 'seed':
      return name;
    case 'seed-scale': {
      const scale = Number(values.scale ?? '1');
      return Number.isFinite(scale) && scale > 0 && scale <= 10 ? { name, scale } : null;
    }
    case 'create-user':
      return {
        name,
        email: values.email ?? '',
        password: values.password ?? '',
        firstName: values['first-name'] ?? '',
        lastName: values['last-name'] ?? '',
        userType: (values.type ?? 'student') as 'student',
      };
    case 'reset-password':
      return { name, email: values.email ?? '', password: values.password ?? '' };
    case 'revoke-sessions':
      return { name, email: values.email ?? '' };
    case 'maintenance':
      if (sub === 'on') return { name, enabled: true, message: values.message ?? null };
      if (sub === 'off') return { name, enabled: false };
      if (sub === 'status' || sub === undefined) return { name: 'maintenance-status' };
      return null;
    case 'jobs':
    case 'rotate-certificate-key':
      return { name };
    default:
      return null;
  }
}

/** An operator command's answer in the operator's language: its first line (and a note), then any further lines. */
function printResult(result: OperatorResult, note = ''): void {
  console.log(`${t(result.key, result.params)}${note}`);
  for (const line of result.lines ?? []) console.log(t(line.key, line.params));
}

async function withDatabase<T>(work: () => Promise<T>): Promise<T> {
  const config = getConfig();
  const dataDir = resolve(config.SENDA_DATA_DIR);
  ensureAuthSecret(process.env, dataDir);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: resolve(dataDir, 'pglite'), poolSize: 2 });
  setDatabase(database);
  try {
    await migrateDatabase(database);
    return await work();
  } finally {
    await closeDatabase();
  }
}

async function main(): Promise<number> {
  let command: ReturnType<typeof parseCommand>;
  try {
    command = parseCommand(process.argv.slice(2));
  } catch {
    command = null;
  }
  if (!command) {
    console.error(t('cli.usage'));
    return 2;
  }
  const config = getConfig();
  const dataDir = resolve(config.SENDA_DATA_DIR);
  const onPglite = !config.DATABASE_URL;

  if (command === 'migrate') {
    if (onPglite && isServerRunning(dataDir)) {
      console.log(t('cli.migrated'));
      return 0; // the running server migrated at start
    }
    await withDatabase(async () => undefined);
    console.log(t('cli.migrated'));
    return 0;
  }
  // Seeding writes many rows through its own connection: on PGlite only one process may open the database.
  const isSeed = command === 'seed' || (typeof command === 'object' && command.name === 'seed-scale');
  if (isSeed && onPglite && isServerRunning(dataDir)) {
    console.error(t('cli.error', { message: t('cli.needsDatabaseAlone', { command: command === 'seed' ? 'seed' : 'seed-scale' }) }));
    return 1;
  }
  if (typeof command === 'object' && command.name === 'seed-scale') {
    const { scale } = command;
    const counts = await withDatabase(async () => seedScaleData((await getDatabase()).db, scale));
    console.log(t('cli.scaleSeeded', { ...counts }));
    return 0;
  }
  if (command === 'seed') {
    const seeded = await withDatabase(async () => {
      const { db } = await getDatabase();
      if (!(await isDatabaseEmpty(db))) return false;
      await seedDemoData(db);
      return true;
    });
    console.log(t(seeded ? 'cli.seeded' : 'cli.seedSkipped'));
    return 0;
  }

  if (onPglite) {
    const reply = await sendControlCommand(dataDir, command);
    if (reply) {
      if (reply.ok) printResult(reply.result, ` ${t('cli.viaServer')}`);
      else console.error(t('cli.error', { message: t(reply.key, reply.params) }));
      return reply.ok ? 0 : 1;
    }
    // Never open PGlite beside a running server: only one process may.
    if (isServerRunning(dataDir)) {
      console.error(t('cli.error', { message: t('cli.serverUnreachable') }));
      return 1;
    }
  }
  try {
    printResult(await withDatabase(() => runOperatorCommand(command)));
    return 0;
  } catch (error) {
    if (error instanceof OperatorError) {
      console.error(t('cli.error', { message: t(error.key, error.params) }));
      return 1;
    }
    throw error;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(t('cli.error', { message: error instanceof Error ? error.message : String(error) }));
    process.exit(1);
  },
);
