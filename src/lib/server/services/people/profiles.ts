/** The person form: a person reads and saves their own; platform admins read and save anyone's, each time logged (Ley 1581). */
import { eq } from 'drizzle-orm';
import { AppError } from '~/lib/shared/errors';
import type { PersonForm, PersonProfile } from '~/lib/shared/schemas/person';
import { requireManageAccounts, type Caller } from '~/lib/server/access/permissions';
import { getDb, type DbOrTx } from '~/lib/server/db/client';
import { profiles, users } from '~/lib/server/db/schema';
import type { ConsentChannel } from '~/lib/shared/schemas/consents';
import { logPersonalDataAccess } from './access-log';
import { applySensitiveDataConsent, hasConsent } from './consents';
import { requireFreeIdentity, requireNotAnonymized, requireUserRow, takenFieldsOf } from './accounts';
import { fullProfileValuesOf, personProfileOf } from './profile-record';

/** A user's profile (empty fields when they have none yet). */
export async function readProfile(db: DbOrTx, userId: number): Promise<PersonProfile> {
  const user = await requireUserRow(db, userId);
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return personProfileOf(user, row, await hasConsent(db, userId, 'sensitive_data'));
}

/**
 * Replaces the whole profile, names and e-mail of a user (the form is complete), and grants or withdraws the
 * sensitive-data consent as the form says (`by` records who gave it); a taken e-mail or identity document is a field error.
 */
async function writeProfile(db: DbOrTx, userId: number, form: PersonForm, by: { channel: ConsentChannel; recordedBy: number | null }): Promise<void> {
  const user = await requireUserRow(db, userId);
  requireNotAnonymized(user);
  const email = form.email.toLowerCase();
  await requireFreeIdentity(db, { email, documentType: form.documentType, documentNumber: form.documentNumber }, userId);
  const values = fullProfileValuesOf(form);
  try {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ firstName: form.firstName, lastName: form.lastName, email, updatedAt: new Date() }).where(eq(users.id, userId));
      await tx
        .insert(profiles)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: profiles.userId, set: { ...values, updatedAt: new Date() } });
      await applySensitiveDataConsent(tx, userId, form.sensitiveDataConsent, by.channel, by.recordedBy);
    });
  } catch (error) {
    const fields = takenFieldsOf(error);
    if (fields) throw new AppError('validation_failed', { fields });
    throw error;
  }
}

/** The caller's own profile. */
export async function getOwnProfile(caller: Caller): Promise<PersonProfile> {
  return readProfile(await getDb(), caller.id);
}

/** Saves the caller's own person form. */
export async function saveOwnProfile(caller: Caller, form: PersonForm): Promise<PersonProfile> {
  const db = await getDb();
  await writeProfile(db, caller.id, form, { channel: 'account', recordedBy: null });
  return readProfile(db, caller.id);
}

/** Someone's profile, for a platform admin; the read is logged (who, when, whose). */
export async function getProfileOf(caller: Caller, userId: number): Promise<PersonProfile> {
  requireManageAccounts(caller);
  const db = await getDb();
  const profile = await readProfile(db, userId);
  await logPersonalDataAccess(db, caller.id, userId, 'read');
  return profile;
}

/** Saves someone's person form, for a platform admin; the change is logged. */
export async function saveProfileOf(caller: Caller, userId: number, form: PersonForm): Promise<PersonProfile> {
  requireManageAccounts(caller);
  const db = await getDb();
  await writeProfile(db, userId, form, { channel: 'staff', recordedBy: caller.id });
  await logPersonalDataAccess(db, caller.id, userId, 'update');
  return readProfile(db, userId);
}
