/**
 * The app servers the end-to-end suite runs against. playwright.config.ts
 * starts them (fresh data directories, fixed ports); specs import them to reach
 * the right server and to run the operator CLI against its data directory.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sendaEnvOf } from '../../support/fakes/test-keys';

export interface E2EServer {
  name: string;
  port: number;
  url: string;
  /** SENDA_DATA_DIR of the server: the CLI talks to it through the control socket inside. */
  dataDir: string;
  /** Extra environment of the server. */
  env: Record<string, string>;
}

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..', '..');
const HOST = '127.0.0.1';

function server(name: string, port: number, env: Record<string, string>): E2EServer {
  return {
    name,
    port,
    url: `http://${HOST}:${port}`,
    // Kept short: the control socket path inside must stay under 100 characters.
    dataDir: join(tmpdir(), `senda-e2e-${name}-${port}`),
    env,
  };
}

/** The suite's ports start here (SENDA_E2E_PORT_BASE moves them, so two checkouts can run their suites at once). */
const PORT_BASE = Number(process.env.SENDA_E2E_PORT_BASE ?? 4610);

/** The fake payment providers, CRM and OpenAI-compatible model (tests/support/fakes/serve-fakes.ts), on fixed ports of their own. */
export const FAKES = {
  wompi: `http://${HOST}:${PORT_BASE + 40}`,
  paypal: `http://${HOST}:${PORT_BASE + 41}`,
  crm: `http://${HOST}:${PORT_BASE + 42}`,
  ai: `http://${HOST}:${PORT_BASE + 43}`,
} as const;

/**
 * The main server: the session and the maintenance status are polled every 2 s; payments through the fakes (and the
 * test provider), sign-ups to the fake CRM, the study assistant's model is the fake one.
 */
export const MAIN_SERVER = server('main', PORT_BASE, { SESSION_POLL_INTERVAL_S: '2', ...sendaEnvOf(FAKES) });

/** The environment of the fakes' process: its ports, and where its events and webhooks go (the main server). */
export const FAKES_ENV: Record<string, string> = {
  FAKE_WOMPI_PORT: String(PORT_BASE + 40),
  FAKE_PAYPAL_PORT: String(PORT_BASE + 41),
  FAKE_CRM_PORT: String(PORT_BASE + 42),
  FAKE_OPENAI_PORT: String(PORT_BASE + 43),
  FAKE_NOTIFICATION_URL: `${MAIN_SERVER.url}/api/payments/notification/`,
  // The notification and the buyer's return race each other, as with the real providers.
  FAKE_WOMPI_EVENT_TIMING: 'before-redirect',
  FAKE_PAYPAL_APPROVAL_WEBHOOK: 'after-redirect',
};

/**
 * A second server configured as the main one, on its own demo data: the "second server" project's specs run on it
 * beside the main server's (playwright.config.ts). Payment notifications of the fakes go to the main server, so the
 * specs that pay stay there.
 */
export const SECOND_SERVER = server('second', PORT_BASE + 6, MAIN_SERVER.env);

/** The refresh-failure server: access tokens live 301 s, so every session read refreshes them. */
export const REFRESH_SERVER = server('refresh', PORT_BASE + 1, { SESSION_POLL_INTERVAL_S: '2', ACCESS_TOKEN_TTL_S: '301' });

/**
 * The study assistant's server (issue 16), started by its spec: the fake model, and a demo student whose terms and
 * lessons no other spec counts on (Sofía's first terms acceptance on the main server belongs to the home spec).
 */
export const JARVIS_SERVER = server('jarvis', PORT_BASE + 3, { SESSION_POLL_INTERVAL_S: '2', ...sendaEnvOf({ ai: FAKES.ai }) });

/** The accessibility sweep's server, started by its spec (the main server's configuration): it answers quizzes and switches languages as Valentina, which no other spec must find. */
export const A11Y_SERVER = server('a11y', PORT_BASE + 5, MAIN_SERVER.env);

/** The phone's accessibility sweep runs beside the desktop's (issue 30), on demo data of its own for the same reason. */
export const A11Y_PHONE_SERVER = server('a11y-phone', PORT_BASE + 7, MAIN_SERVER.env);

/** The click-counting journeys' server (the main server's configuration): read-only, they run on a line of their own beside the main server's specs (issue 30). */
export const JOURNEYS_SERVER = server('journeys', PORT_BASE + 8, MAIN_SERVER.env);

/** The page-route walk's server, started by its spec: opening every page as each persona marks things seen and lessons started, which no other spec must find. */
export const WALK_SERVER = server('walk', PORT_BASE + 4, {});

/** The offline quiz spec's server, started by its spec: it answers and closes a demo quiz, which no other spec must find. */
export const QUIZ_OFFLINE_SERVER = server('quiz-offline', PORT_BASE + 9, {});

/** A server the supervisor spec starts (and kills) itself. */
export const SUPERVISED_SERVER = server('supervised', PORT_BASE + 2, {});

export const SERVERS = [MAIN_SERVER, REFRESH_SERVER, SECOND_SERVER] as const;

export const DEMO_PASSWORD = 'Senda-demo-1';
export const DEMO = {
  admin: 'admin@senda.test',
  tutor: 'tutor@senda.test',
  student: 'student@senda.test',
} as const;

/** The environment of a server process (and of a CLI run against it). */
export function serverEnv(target: E2EServer): Record<string, string> {
  return { HOST, PORT: String(target.port), SENDA_DATA_DIR: target.dataDir, SENDA_SKIP_BUILD: 'true', ...target.env };
}

/**
 * Runs `npm run senda -- <args>` against a running server (through the control
 * socket in its data directory) and answers its output. Asynchronous, so the
 * test keeps serving its routes and events while the CLI runs.
 */
export async function runCli(target: E2EServer, args: string[]): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...serverEnv(target) };
  delete env.DATABASE_URL;
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'senda', '--', ...args], {
    cwd: REPO_ROOT,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return stdout;
}

/** The server a test runs against: the one its project's baseURL names (the CLI must reach that one's data directory). */
export function serverAt(baseURL: string | undefined): E2EServer {
  const found = [...SERVERS, A11Y_SERVER, A11Y_PHONE_SERVER, JOURNEYS_SERVER, WALK_SERVER, JARVIS_SERVER].find((candidate) => candidate.url === baseURL);
  if (!found) throw new Error(`no e2e server at ${baseURL}`);
  return found;
}
