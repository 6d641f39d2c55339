/**
 * What went wrong with an API call, for an island to show: the server's
 * message (already in the caller's language) and its per-field messages.
 * The request helper rejects with the HTTP Response (contract §8).
 */
export interface ApiProblem {
  message: string;
  fields: Record<string, string>;
}

interface ErrorBody {
  error?: { message?: unknown; fields?: unknown };
}

export async function readApiProblem(failure: unknown, fallback: string): Promise<ApiProblem> {
  if (!(failure instanceof Response)) return { message: fallback, fields: {} };
  // A body already read cannot be cloned (clone() throws): then only the fallback is known.
  const body = (failure.bodyUsed
    ? null
    : await failure
        .clone()
        .json()
        .catch(() => null)) as ErrorBody | null;
  const message = typeof body?.error?.message === 'string' && body.error.message ? body.error.message : fallback;
  const fields: Record<string, string> = {};
  if (body?.error?.fields && typeof body.error.fields === 'object') {
    for (const [name, text] of Object.entries(body.error.fields as Record<string, unknown>)) {
      if (typeof text === 'string') fields[name] = text;
    }
  }
  return { message, fields };
}

/**
 * Whether trying again later may work: no answer at all (offline, the network
 * dropped: fetch rejects with a TypeError, not a Response) or the server or a
 * proxy in front of it failing (5xx). A 4xx is a refusal to fix first.
 */
export function isTransientFailure(failure: unknown): boolean {
  if (failure instanceof Response) return failure.status >= 500;
  return true;
}
