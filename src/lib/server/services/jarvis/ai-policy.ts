/**
 * The AI policy (its text: jarvis-ai.json, `jarvis.ai.policy.*`): each person
 * accepts its current version (AI_POLICY_VERSION) before their data first
 * reaches a model; a new version asks everyone again. Acceptances are kept
 * for platform admins to list.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { Page } from '~/lib/shared/pagination';
import { pageWindow } from '~/lib/shared/pagination';
import { AI_POLICY_VERSION, type AiPolicy, type AiPolicyAcceptance } from '~/lib/shared/schemas/jarvis';
import { requireAuditJarvis, type Caller } from '~/lib/server/access/permissions';
import { aiSettingsOf } from '~/lib/server/config';
import { getDb } from '~/lib/server/db/client';
import { aiPolicyAcceptances, users } from '~/lib/server/db/schema';
import { toPage } from '~/lib/server/http/pagination';

/** When the person accepted the current version of the policy (null: not yet). */
async function findAcceptedAt(userId: number): Promise<Date | null> {
  const db = await getDb();
  const [row] = await db
    .select({ acceptedAt: aiPolicyAcceptances.acceptedAt })
    .from(aiPolicyAcceptances)
    .where(and(eq(aiPolicyAcceptances.userId, userId), eq(aiPolicyAcceptances.version, AI_POLICY_VERSION)));
  return row?.acceptedAt ?? null;
}

/** Whether the person accepted the current version of the AI policy. */
export async function hasAcceptedAiPolicy(userId: number): Promise<boolean> {
  return (await findAcceptedAt(userId)) !== null;
}

/** The caller's standing with the current policy, and whether a model is configured at all. */
export async function getAiPolicy(caller: Caller): Promise<AiPolicy> {
  const acceptedAt = await findAcceptedAt(caller.id);
  return { version: AI_POLICY_VERSION, accepted: acceptedAt !== null, acceptedAt: acceptedAt?.toISOString() ?? null, modelConfigured: aiSettingsOf() !== null };
}

/** Records the caller's acceptance of the current version (a second acceptance keeps the first date). */
export async function acceptAiPolicy(caller: Caller): Promise<AiPolicy> {
  const db = await getDb();
  await db.insert(aiPolicyAcceptances).values({ userId: caller.id, version: AI_POLICY_VERSION }).onConflictDoNothing();
  return getAiPolicy(caller);
}

/** Every acceptance, newest first, with the person; platform admins. */
export async function listAiPolicyAcceptances(caller: Caller, page: number, requestUrl: string): Promise<Page<AiPolicyAcceptance>> {
  requireAuditJarvis(caller);
  const db = await getDb();
  const { offset, limit } = pageWindow(page);
  const rows = await db
    .select({ userId: aiPolicyAcceptances.userId, email: users.email, firstName: users.firstName, lastName: users.lastName, version: aiPolicyAcceptances.version, acceptedAt: aiPolicyAcceptances.acceptedAt })
    .from(aiPolicyAcceptances)
    .innerJoin(users, eq(users.id, aiPolicyAcceptances.userId))
    .orderBy(desc(aiPolicyAcceptances.acceptedAt), desc(aiPolicyAcceptances.userId), desc(aiPolicyAcceptances.version))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ value: count() }).from(aiPolicyAcceptances);
  const results = rows.map((row) => ({
    userId: row.userId,
    email: row.email,
    name: `${row.firstName} ${row.lastName}`.trim(),
    version: row.version,
    acceptedAt: row.acceptedAt.toISOString(),
  }));
  return toPage(results, total?.value ?? 0, page, requestUrl);
}
