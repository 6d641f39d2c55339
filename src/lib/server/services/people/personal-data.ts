/**
 * Colombia's Ley 1581 (habeas data): a person downloads everything Senda
 * keeps about them and may ask for its deletion; a platform admin exports it
 * on their behalf (logged) and anonymises an account, which erases the
 * person (names, e-mail, profile, links, messages, sign-ins) and keeps their
 * progress and grades, now nobody's, for the statistics.
 */
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Account, PersonalDataExport } from '~/lib/shared/schemas/people';
import { requireChangeAccountOf, requireManageAccounts, type Caller } from '~/lib/server/access/permissions';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { accountTokens, consents, courses, lessonHistory, lessons, mailMessages, profiles, users } from '~/lib/server/db/schema';
import { log } from '~/lib/server/log';
import { revokeAllSessionsOf } from '~/lib/server/services/auth/logout';
import { listPersonalDataAccess, logPersonalDataAccess } from './access-log';
import { accountOf, requireNotAnonymized, requireUserRow } from './accounts';
import { readProfile } from './profiles';
import { forgetCertificateHolder } from '~/lib/server/services/certificates/forget-holder';

/** Everything about one person, as they would download it. */
async function collectPersonalData(db: DbOrTx, userId: number): Promise<PersonalDataExport> {
  const user = await requireUserRow(db, userId);
  const [account, profile, history, accessLog, emails] = await Promise.all([
    accountOf(db, user),
    readProfile(db, userId),
    db
      .select({ lessonId: lessons.id, lessonTitle: lessons.title, courseName: courses.name, progress: lessonHistory.progress, startedAt: lessonHistory.startedAt, completedAt: lessonHistory.completedAt })
      .from(lessonHistory)
      .innerJoin(lessons, eq(lessons.id, lessonHistory.lessonId))
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .where(eq(lessonHistory.userId, userId))
      .orderBy(asc(lessonHistory.startedAt)),
    listPersonalDataAccess(db, userId, 1000),
    db
      .select({ kind: mailMessages.kind, subject: mailMessages.subject, status: mailMessages.status, createdAt: mailMessages.createdAt, sentAt: mailMessages.sentAt })
      .from(mailMessages)
      .where(eq(mailMessages.userId, userId))
      .orderBy(desc(mailMessages.createdAt))
      .limit(1000),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account,
    profile,
    lessonHistory: history.map((row) => ({ ...row, startedAt: row.startedAt?.toISOString() ?? null, completedAt: row.completedAt?.toISOString() ?? null })),
    accessLog,
    emails: emails.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), sentAt: row.sentAt?.toISOString() ?? null })),
  };
}

/** The caller's own data. */
export async function exportOwnData(caller: Caller): Promise<PersonalDataExport> {
  return collectPersonalData(await getDb(), caller.id);
}

/** Someone's data, exported by a platform admin (a request made to them, a regulator); the export is logged. */
export async function exportPersonalDataOf(caller: Caller, userId: number): Promise<PersonalDataExport> {
  requireManageAccounts(caller);
  const db = await getDb();
  const data = await collectPersonalData(db, userId);
  await logPersonalDataAccess(db, caller.id, userId, 'export');
  return data;
}

/** Records that the caller asks for their data to be deleted (admins see it in the users list and anonymise the account); asking again keeps the first date. */
export async function requestDataDeletion(caller: Caller): Promise<{ deletionRequestedAt: string }> {
  const db = await getDb();
  await db.update(users).set({ deletionRequestedAt: new Date() }).where(and(eq(users.id, caller.id), isNull(users.deletionRequestedAt)));
  const user = await requireUserRow(db, caller.id);
  log.info({ event: 'data_deletion_requested', userId: caller.id }, 'a person asked for their data to be deleted');
  return { deletionRequestedAt: user.deletionRequestedAt!.toISOString() };
}

/**
 * Anonymises an account for good: names and e-mail replaced, profile, links,
 * e-mails and sign-ins deleted, account inactive. Memberships, lesson
 * progress and grades stay, attached to nobody, for the statistics. Platform
 * admins, never on their own account; logged.
 */
export async function anonymizeAccount(caller: Caller, userId: number): Promise<Account> {
  requireChangeAccountOf(caller, userId);
  const db = await getDb();
  requireNotAnonymized(await requireUserRow(db, userId));
  const anonymized = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        email: `anonymized-${userId}@anonymized.invalid`,
        firstName: '',
        lastName: '',
        passwordHash: null,
        status: 'INACTIVE',
        invitedAt: null,
        deletionRequestedAt: null,
        anonymizedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning();
    await tx.delete(profiles).where(eq(profiles.userId, userId));
    // An anonymised account authorises nothing any more; the records stay as proof of what was authorised until then.
    await tx.update(consents).set({ withdrawnAt: new Date() }).where(and(eq(consents.userId, userId), isNull(consents.withdrawnAt)));
    await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
    await tx.delete(mailMessages).where(eq(mailMessages.userId, userId));
    await revokeAllSessionsOf(tx, userId);
    // Certificates keep their validity, not the name they carried.
    await forgetCertificateHolder(tx, userId);
    await logPersonalDataAccess(tx, caller.id, userId, 'anonymize');
    return row!;
  });
  return accountOf(db, anonymized);
}
