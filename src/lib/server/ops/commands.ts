import { z } from 'zod';
import { USER_TYPES } from '~/lib/shared/constants';
import { textSchema } from '~/lib/shared/schemas/common';
import { MIN_PASSWORD_LENGTH } from '~/lib/server/services/auth/passwords';
import { getJobReport } from '~/lib/server/jobs/job-report';
import { revokeUserSessions } from '~/lib/server/services/auth/logout';
import { getMaintenance, setMaintenance } from '~/lib/server/services/settings';
import { getDb } from '~/lib/server/db/client';
import { rotateSigningKey } from '~/lib/server/services/certificates/signing-keys';
import { createUser, findUserByEmail, setUserPassword } from '~/lib/server/services/users';

const email = z.email().transform((v) => v.trim().toLowerCase());
const password = textSchema().min(MIN_PASSWORD_LENGTH);

/** What an operator can do from the command line. */
export const OperatorCommandSchema = z.discriminatedUnion('name', [
  z.object({ name: z.literal('create-user'), email, password, firstName: textSchema().min(1), lastName: textSchema().min(1), userType: z.enum(USER_TYPES).default('student') }),
  z.object({ name: z.literal('reset-password'), email, password }),
  z.object({ name: z.literal('maintenance'), enabled: z.boolean(), message: textSchema().max(500).nullish() }),
  z.object({ name: z.literal('maintenance-status') }),
  z.object({ name: z.literal('revoke-sessions'), email }),
  z.object({ name: z.literal('jobs') }),
  z.object({ name: z.literal('rotate-certificate-key') }),
]);
export type OperatorCommand = z.infer<typeof OperatorCommandSchema>;

/** An i18n key and its parameters, so the CLI answers in the operator's language. */
export interface OperatorResult {
  key: string;
  params: Record<string, string | number>;
  /** Further lines, each an i18n key and its parameters. */
  lines?: { key: string; params: Record<string, string | number> }[];
}

export class OperatorError extends Error {
  constructor(readonly key: string, readonly params: Record<string, string | number> = {}) {
    super(key);
  }
}

async function requireUser(address: string) {
  const user = await findUserByEmail(address);
  if (!user) throw new OperatorError('cli.userNotFound', { email: address });
  return user;
}

/** Runs one operator command against the process-wide database. */
export async function runOperatorCommand(input: unknown): Promise<OperatorResult> {
  const parsed = OperatorCommandSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    if (issue.path[0] === 'password') throw new OperatorError('cli.weakPassword', { count: MIN_PASSWORD_LENGTH });
    throw new OperatorError('cli.missingOption', { option: String(issue.path[0] ?? 'name') });
  }
  const command = parsed.data;
  switch (command.name) {
    case 'create-user': {
      if (await findUserByEmail(command.email)) throw new OperatorError('cli.userExists', { email: command.email });
      const user = await createUser(command);
      return { key: 'cli.userCreated', params: { email: user.email, type: user.userType, id: user.id } };
    }
    case 'reset-password': {
      const user = await requireUser(command.email);
      await setUserPassword(user.id, command.password);
      await revokeUserSessions(user.id);
      return { key: 'cli.passwordReset', params: { email: user.email } };
    }
    case 'maintenance': {
      const state = await setMaintenance(command.enabled, command.message ?? null);
      return state.enabled ? { key: 'cli.maintenanceOn', params: { message: state.message ?? '' } } : { key: 'cli.maintenanceOff', params: {} };
    }
    case 'maintenance-status': {
      const state = await getMaintenance();
      return state.enabled ? { key: 'cli.maintenanceOn', params: { message: state.message ?? '' } } : { key: 'cli.maintenanceOff', params: {} };
    }
    case 'revoke-sessions': {
      const user = await requireUser(command.email);
      const count = await revokeUserSessions(user.id);
      return { key: 'cli.sessionsRevoked', params: { email: user.email, count } };
    }
    case 'jobs':
      return describeJobs();
    case 'rotate-certificate-key': {
      // Every key ever used stays published, so what the old one signed still verifies.
      const keyId = await rotateSigningKey(await getDb());
      return { key: 'cli.certificateKeyRotated', params: { keyId } };
    }
  }
}

const JOB_STATES = ['created', 'retry', 'active', 'completed', 'failed'] as const;

/** The job queues with their jobs by state, and the latest failures. */
async function describeJobs(): Promise<OperatorResult> {
  const report = await getJobReport();
  if (report.queues.length === 0) return { key: 'cli.jobsNone', params: {} };
  const [first, ...rest] = report.queues.map((queue) => ({
    key: 'cli.jobsQueue',
    params: { name: queue.name, ...Object.fromEntries(JOB_STATES.map((state) => [state, queue.counts[state] ?? 0])) },
  }));
  const failures = report.failures.map((failure) => ({ key: 'cli.jobsFailure', params: { ...failure } }));
  return {
    ...first!,
    lines: [...rest, { key: failures.length ? 'cli.jobsFailuresTitle' : 'cli.jobsNoFailures', params: {} }, ...failures],
  };
}

