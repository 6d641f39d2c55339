/** Types shared by the security matrix and its row modules (rows/*.ts). */
import type { CallOptions } from '../../support/http';
import type { createWorld } from '../../factories';

/**
 * Who calls: nobody signed in, cohort A's student, cohort B's student, cohort
 * A's tutor, cohort A's cohort admin (role 3: the tutor's rights plus member
 * assignment), and a platform admin.
 */
export const PERSONAS = ['outsider', 'student', 'otherStudent', 'tutor', 'cohortAdmin', 'admin'] as const;
export type Persona = (typeof PERSONAS)[number];
/** The factories' world (cohorts A and B, their people and courses) plus cohort A's cohort admin. */
export type World = Awaited<ReturnType<typeof createWorld>> & { cohortAdmin: Awaited<ReturnType<typeof createWorld>>['tutor'] };

/** The personas with an ACTIVE membership in cohort A. */
export const isMemberOfA = (persona: Persona): boolean => persona === 'student' || persona === 'tutor' || persona === 'cohortAdmin';

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
  /** The status each persona gets; a cohort admin gets the tutor's unless the row names theirs. */
  expected: Record<Exclude<Persona, 'cohortAdmin'>, number> & { cohortAdmin?: number };
  /** What each persona must (not) see in a successful answer. */
  check?(persona: Persona, json: any, world: World): void | Promise<void>;
}

export const everyone = (status: number): Expected => ({ outsider: status, student: status, otherStudent: status, tutor: status, cohortAdmin: status, admin: status });

/** The statuses a row expects (see Row.expected). */
export type Expected = Row['expected'];

/** What a persona expects from a row (see Row.expected). */
export const expectedOf = (row: Row, persona: Persona): number => (persona === 'cohortAdmin' ? (row.expected.cohortAdmin ?? row.expected.tutor) : row.expected[persona]);
/** Signed-in personas get `status`; outsiders 401. */
export const members = (status: number): Expected => ({ ...everyone(status), outsider: 401 });
/** The persona's bearer token, if any. */
export const authed = (session: Session) => (session.accessToken ? { token: session.accessToken } : {});
