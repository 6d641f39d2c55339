/** Types shared by the security matrix and its row modules (rows/*.ts). */
import type { CallOptions } from '../../support/http';
import type { createWorld } from '../../factories';

export const PERSONAS = ['outsider', 'student', 'otherStudent', 'tutor', 'admin'] as const;
export type Persona = (typeof PERSONAS)[number];
export type World = Awaited<ReturnType<typeof createWorld>>;

/** A persona's credentials: outsiders have none. */
export interface Session {
  email: string;
  accessToken?: string;
  refreshToken?: string;
}

// Astro's APIContext is wider than what handlers read.
export type Handler = (context: any) => Promise<Response>;

/** One endpoint (or one use of it) × every persona. */
export interface Row {
  method: string;
  /** The OpenAPI path; a suffix in parentheses names a variant ("(as another user)"). */
  path: string;
  handler: Handler;
  /** The request a persona sends; may create the data it needs first. */
  request(world: World, session: Session): CallOptions | Promise<CallOptions>;
  expected: Record<Persona, number>;
  /** What each persona must (not) see in a successful answer. */
  check?(persona: Persona, json: any, world: World): void;
}

export const everyone = (status: number): Record<Persona, number> => ({ outsider: status, student: status, otherStudent: status, tutor: status, admin: status });
/** Signed-in personas get `status`; outsiders 401. */
export const members = (status: number): Record<Persona, number> => ({ ...everyone(status), outsider: 401 });
/** The persona's bearer token, if any. */
export const authed = (session: Session) => (session.accessToken ? { token: session.accessToken } : {});
