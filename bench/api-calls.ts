/** What the API benches share: calls with a bearer token, bounded concurrency, and latency percentiles. */

export interface Latencies {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

const percentile = (sorted: number[], share: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!);
export function summarize(samples: number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? 0 };
}

export async function api<T>(origin: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as T };
}

export async function required<T>(origin: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const { status, json } = await api<T>(origin, token, method, path, body);
  if (status >= 300) throw new Error(`${method} ${path} answered ${status}: ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

/** Runs `work` over `items` with at most `limit` at once. */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}


const SCALE_PASSWORD = 'Senda-scale-1';
/** Sign-ins in parallel (argon2 runs on the server's thread pool). */
export const SIGN_IN_CONCURRENCY = 8;

/** Signs in scale students 1…count through the API (SIGN_IN_CONCURRENCY at a time), then puts them in the cohort as students. */
export async function signInScaleStudentsInto(origin: string, admin: string, cohortId: number, count: number): Promise<{ token: string; userId: number }[]> {
  const students: { token: string; userId: number }[] = new Array(count);
  await eachLimited(
    Array.from({ length: count }, (_, index) => index + 1),
    SIGN_IN_CONCURRENCY,
    async (n, index) => {
      const response = await fetch(`${origin}/api/v2/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `scale-student-${n}@senda.test`, password: SCALE_PASSWORD }),
      });
      const body = (await response.json()) as { accessToken?: string; user?: { id: number } };
      if (response.status !== 200 || !body.accessToken) throw new Error(`sign-in of scale-student-${n} answered ${response.status}`);
      students[index] = { token: body.accessToken, userId: body.user!.id };
    },
  );
  for (let from = 0; from < students.length; from += 1000) {
    const users = students.slice(from, from + 1000).map((student) => ({ userId: student.userId, role_id: 1 }));
    await required(origin, admin, 'POST', `/api/v2/cohorts/${cohortId}/assign_users/`, { users });
  }
  return students;
}
