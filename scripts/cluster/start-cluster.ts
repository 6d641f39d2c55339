/**
 * Several Senda app servers on one PostgreSQL behind nginx, on 127.0.0.1:
 * what `scripts/cluster.sh` starts for a try-out and what the two-server
 * tests run against. Each server is a plain `npm start` (its own data
 * directory, TRUST_PROXY=true, files in S3); nginx balances round-robin.
 * S3 is a local S3-compatible stand-in unless S3_* variables name a real one.
 * Installs Debian's nginx package when it is missing (and says so).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync, chmodSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startFakeS3, type FakeS3 } from '../../tests/support/fake-s3';

const ROOT = resolve(import.meta.dirname, '..', '..');
const HOST = '127.0.0.1';

export interface ClusterOptions {
  databaseUrl: string;
  /** nginx listens here; the servers on the next ports. */
  port: number;
  servers?: number;
  /** Extra environment for every server. */
  env?: Record<string, string>;
  /** Where progress goes (default: the console). */
  say?: (line: string) => void;
}

export interface Cluster {
  /** nginx, round-robin over the servers. */
  url: string;
  /** Each server directly. */
  serverUrls: string[];
  /** The environment a CLI run against this cluster needs (DATABASE_URL, storage). */
  cliEnv: Record<string, string>;
  /** Each server's app process id (the worker `npm start` supervises; null while it has none): a restarted process has a new one. */
  listServerPids(): (number | null)[];
  stop(): Promise<void>;
}

const asRoot = (command: string, args: string[]) => execFileSync(process.getuid?.() === 0 ? command : 'sudo', process.getuid?.() === 0 ? args : [command, ...args], { stdio: 'inherit' });

/** The nginx binary, installing Debian's package first when there is none. */
function nginxBinary(say: (line: string) => void): string {
  const binary = '/usr/sbin/nginx';
  if (!existsSync(binary)) {
    say('cluster: nginx is missing; installing Debian\'s nginx package with apt-get');
    asRoot('apt-get', ['update', '-qq']);
    asRoot('apt-get', ['install', '-y', '-qq', 'nginx']);
  }
  return binary;
}

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server for ${url} exited with ${child.exitCode}`);
    const up = await fetch(`${url}/api/v2/status/`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** The app process in a server's process group (npm, the supervisor and its worker share it): the one running the server bundle. */
function findAppProcess(group: number): number | null {
  const processes = execFileSync('ps', ['-e', '-o', 'pid=,pgid=,args='], { encoding: 'utf8' });
  for (const line of processes.split('\n')) {
    const [pid, pgid, ...args] = line.trim().split(/\s+/);
    if (Number(pgid) === group && args.join(' ').includes('dist/boot/serve-worker.mjs')) return Number(pid);
  }
  return null;
}

/** Stops a process started in its own group (npm and the server it runs, nginx and its workers). */
const stopProcess = (child: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const group = (sent: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, sent);
      } catch {
        // Already gone.
      }
    };
    child.once('exit', () => done());
    group(signal);
    setTimeout(() => group('SIGKILL'), 10_000).unref();
  });

function nginxConfig(dir: string, port: number, serverPorts: number[]): string {
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # Uploads up to the app's own limits (the app answers what is too large).
  client_max_body_size 600m;
  upstream senda {
${serverPorts.map((serverPort) => `    server ${HOST}:${serverPort};`).join('\n')}
    keepalive 64;
  }
  server {
    listen ${HOST}:${port};
    location / {
      proxy_pass http://senda;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 300s;
    }
  }
}
`;
}

/** Starts the servers one after the other (the first migrates and seeds), then nginx in front. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const say = options.say ?? ((line: string) => console.log(line));
  const count = options.servers ?? 2;
  const nginx = nginxBinary(say);
  if (!existsSync(join(ROOT, 'dist', 'server', 'entry.mjs'))) {
    say('cluster: building the app once');
    // A production build whatever the caller runs under (vitest sets NODE_ENV=test, which would build React's development JSX).
    execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  }

  const work = mkdtempSync(join(tmpdir(), 'senda-cluster-'));
  const children: ChildProcess[] = [];
  const servers: ChildProcess[] = [];
  let s3: FakeS3 | null = null;
  const stop = async () => {
    await Promise.all(children.reverse().map((child) => stopProcess(child, child.spawnfile.endsWith('nginx') ? 'SIGQUIT' : 'SIGTERM')));
    await s3?.close();
    rmSync(work, { recursive: true, force: true });
  };

  try {
    let storage: Record<string, string>;
    if (process.env.S3_ENDPOINT) {
      storage = { SENDA_STORAGE: 's3' };
    } else {
      s3 = await startFakeS3();
      storage = { SENDA_STORAGE: 's3', S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket, S3_REGION: s3.region, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey };
      say(`cluster: files go to a local S3 stand-in at ${s3.endpoint} (set S3_ENDPOINT and its friends for a real bucket)`);
    }
    const cliEnv = { DATABASE_URL: options.databaseUrl, ...storage };

    const serverPorts = Array.from({ length: count }, (_, index) => options.port + 1 + index);
    for (const [index, serverPort] of serverPorts.entries()) {
      const dataDir = join(work, `server-${index + 1}`);
      mkdirSync(dataDir);
      const env = { ...process.env, ...cliEnv, HOST, PORT: String(serverPort), SENDA_DATA_DIR: dataDir, SENDA_SKIP_BUILD: 'true', SENDA_SERVERS: '1', TRUST_PROXY: 'true', ...options.env };
      const child = spawn('npm', ['start', '--silent'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
      children.push(child);
      servers.push(child);
      await waitUntilUp(`http://${HOST}:${serverPort}`, child);
      say(`cluster: app server ${index + 1} on http://${HOST}:${serverPort}`);
    }

    const nginxDir = join(work, 'nginx');
    mkdirSync(nginxDir);
    // nginx's workers may run as another user: its temporary folders must be theirs too.
    chmodSync(nginxDir, 0o777);
    writeFileSync(join(nginxDir, 'nginx.conf'), nginxConfig(nginxDir, options.port, serverPorts));
    const proxy = spawn(nginx, ['-c', join(nginxDir, 'nginx.conf'), '-p', nginxDir], { stdio: ['ignore', 'ignore', 'inherit'], detached: true });
    children.push(proxy);
    const url = `http://${HOST}:${options.port}`;
    await waitUntilUp(url, proxy, 30_000);
    say(`cluster: nginx on ${url}, round-robin over ${count} servers`);
    const listServerPids = () => servers.map((server) => findAppProcess(server.pid!));
    return { url, serverUrls: serverPorts.map((serverPort) => `http://${HOST}:${serverPort}`), cliEnv, listServerPids, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
