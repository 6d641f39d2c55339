/**
 * The tutors' daily digest of students who stopped coming (issue 32): each
 * tutor and cohort admin of an ACTIVE cohort gets one e-mail listing their
 * cohorts' absence alerts, in their language, through the mail outbox (ADR
 * 012); nobody with nothing to read gets a message, and nobody gets two
 * the same Bogotá day (a retried job, or the digest run by hand, sends none).
 */
import { and, eq, gte, inArray } from 'drizzle-orm';
import { getT } from '~/i18n';
import { ROLE_IDS } from '~/lib/shared/constants';
import { startOfBogotaDay } from '~/lib/shared/format';
import { getDb } from '~/lib/server/db/client';
import { cohorts, mailMessages, memberships, users } from '~/lib/server/db/schema';
import { queueMail, sendQueuedMail, type MailToQueue } from '~/lib/server/services/mail/queue-mail';
import { listAbsenceAlerts } from './absence-alerts';

/** Queues today's digests for the staff who have not had one today; answers how many e-mails were queued. */
export async function sendAbsenceDigests(now = new Date()): Promise<number> {
  const db = await getDb();
  const activeCohorts = await db.select({ id: cohorts.id, name: cohorts.name }).from(cohorts).where(eq(cohorts.status, 'ACTIVE'));
  const alertsOf = new Map<number, { cohort: string; alerts: Awaited<ReturnType<typeof listAbsenceAlerts>> }>();
  for (const cohort of activeCohorts) {
    const alerts = await listAbsenceAlerts(db, cohort.id, now);
    if (alerts.length > 0) alertsOf.set(cohort.id, { cohort: cohort.name, alerts });
  }
  if (alertsOf.size === 0) return 0;
  const staff = await db
    .select({ userId: users.id, email: users.email, language: users.language, cohortId: memberships.cohortId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        inArray(memberships.cohortId, [...alertsOf.keys()]),
        inArray(memberships.roleId, [ROLE_IDS.tutor, ROLE_IDS.cohortAdmin]),
        eq(memberships.status, 'ACTIVE'),
        eq(users.status, 'ACTIVE'),
      ),
    );
  if (staff.length === 0) return 0;
  const alreadySent = await db
    .selectDistinct({ userId: mailMessages.userId })
    .from(mailMessages)
    .where(and(eq(mailMessages.kind, 'absence_digest'), gte(mailMessages.createdAt, startOfBogotaDay(now)), inArray(mailMessages.userId, [...new Set(staff.map((row) => row.userId))])));
  const sentToday = new Set(alreadySent.map((row) => row.userId));
  const byTutor = new Map<number, { email: string; language: 'es' | 'en'; cohortIds: number[] }>();
  for (const row of staff) {
    if (sentToday.has(row.userId)) continue;
    const entry = byTutor.get(row.userId) ?? { email: row.email, language: row.language, cohortIds: [] };
    entry.cohortIds.push(row.cohortId);
    byTutor.set(row.userId, entry);
  }
  const messages: MailToQueue[] = [];
  for (const [userId, tutor] of byTutor) {
    const t = getT(tutor.language);
    const lines = tutor.cohortIds.flatMap((cohortId) => {
      const { cohort, alerts } = alertsOf.get(cohortId)!;
      return alerts.map((alert) => t('mail.absenceDigest.line', { student: alert.name, cohort, count: alert.consecutiveAbsences }));
    });
    messages.push({ userId, recipient: tutor.email, language: tutor.language, kind: 'absence_digest', params: { count: String(lines.length), items: lines.join('\n') } });
  }
  const ids = await queueMail(db, messages);
  await sendQueuedMail(ids);
  return ids.length;
}
