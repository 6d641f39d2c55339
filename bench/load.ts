/**
 * One autocannon run, in its own process so the load generator never shares
 * an event loop with the server. bench/run.ts starts it as
 * `node --import tsx bench/load.ts '<json options>'` (or `@<file>` holding
 * them) and reads one JSON line
 * (the figures it needs) from stdout.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface LoadOptions {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Requests each connection sends in turn (e.g. many students, each on their own page); without it, `url` over and over. */
  requests?: { path: string; headers: Record<string, string> }[];
  connections: number;
  duration: number;
}

export interface LoadFigures {
  requestsPerSecond: number;
  requestsTotal: number;
  latencyP50: number;
  latencyP99: number;
  latencyAverage: number;
  latencyMax: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  throughputBytesPerSecond: number;
  durationSeconds: number;
  /** CPU seconds (user + system) this load-generator process used, start-up included. */
  loadGeneratorCpuSeconds: number;
}

interface Histogram {
  average: number;
  mean: number;
  max: number;
  p50: number;
  p99: number;
  total: number;
}

interface AutocannonResult {
  requests: Histogram;
  latency: Histogram;
  throughput: Histogram;
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
  statusCodeStats?: Record<string, { count: number }>;
}

type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;

// autocannon ships no types; it is loaded through require with the shape above.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

async function main(): Promise<void> {
  // The options come inline, or in a file (`@path`) when they are too long for an argument (many students' cookies).
  const argument = process.argv[2] ?? '{}';
  const options = JSON.parse(argument.startsWith('@') ? readFileSync(argument.slice(1), 'utf8') : argument) as LoadOptions;
  const result = await autocannon({
    url: options.url,
    method: options.method,
    headers: options.headers,
    body: options.body,
    ...(options.requests ? { requests: options.requests.map((request) => ({ method: options.method, ...request })) } : {}),
    connections: options.connections,
    duration: options.duration,
    timeout: 10,
  });
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stat.count;
  const figures: LoadFigures = {
    requestsPerSecond: result.requests.average,
    requestsTotal: result.requests.total,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    latencyAverage: result.latency.average,
    latencyMax: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    throughputBytesPerSecond: result.throughput.average,
    durationSeconds: result.duration,
    loadGeneratorCpuSeconds: 0,
  };
  const cpu = process.cpuUsage();
  figures.loadGeneratorCpuSeconds = (cpu.user + cpu.system) / 1e6;
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
