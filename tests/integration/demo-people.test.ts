/** The demo data lets a new admin try the people screens at once: person forms, a pending invitation in the mailbox, a deletion request. */
import { describe, expect, it } from 'vitest';
import { getDb } from '~/lib/server/db/client';
import { eq, isNull } from 'drizzle-orm';
import { consents, memberships, profiles, users } from '~/lib/server/db/schema';
import { hasConsent, listUsersWithConsent } from '~/lib/server/services/people/consents';
import { ageBandOn, todayInBogota } from '~/lib/shared/age-bands';
import { seedDemoData } from '~/lib/server/services/demo-data';
import { readProfile } from '~/lib/server/services/people/profiles';
import { deliverQueuedMail, mailTo } from '../support/mail';

describe('the demo people', () => {
  it('seeds Valentina\'s complete person form, Camilo\'s pending invitation (delivered to the mailbox) and Mateo\'s deletion request', async () => {
    const db = await getDb();
    await seedDemoData(db);
    const byEmail = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]!;

    expect((await readProfile(db, (await byEmail('valentina@senda.test')).id)).isComplete).toBe(true);
    expect((await readProfile(db, (await byEmail('student@senda.test')).id)).isComplete).toBe(false);
    const camilo = await byEmail('camilo@senda.test');
    expect(camilo.passwordHash).toBeNull();
    await deliverQueuedMail();
    const [invitation] = await mailTo('camilo@senda.test', 'invitation');
    expect(invitation).toMatchObject({ status: 'sent', transport: 'mailbox', subject: 'Tu cuenta en Senda está lista' });
    expect(invitation!.bodyText).toMatch(/\/set-password\?token=[A-Za-z0-9_-]{43}/);
    expect((await byEmail('mateo@senda.test')).deletionRequestedAt).not.toBeNull();
  });

  it('gives every student a birth date and the general consent, a minor with his guardian, funder-report consents, one who declined sensitive data, and a withdrawn student (ADR 030)', async () => {
    const db = await getDb();
    await seedDemoData(db);
    const byEmail = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]!;
    const students = await db.select({ id: users.id, birthDate: profiles.birthDate }).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(eq(users.userType, 'student'));
    expect(students.filter((student) => !student.birthDate)).toEqual([]);
    const inForce = await db.select({ userId: consents.userId, purpose: consents.purpose }).from(consents).where(isNull(consents.withdrawnAt));
    expect(new Set(inForce.filter((row) => row.purpose === 'general').map((row) => row.userId)).size).toBe(students.length);

    const camilo = await readProfile(db, (await byEmail('camilo@senda.test')).id);
    expect(camilo).toMatchObject({ documentType: 'TI', guardian: { name: 'Rosa Rodríguez', documentType: 'CC' } });
    expect(ageBandOn(camilo.birthDate, todayInBogota())).toBe('under_18');
    const valentina = await byEmail('valentina@senda.test');
    expect(await hasConsent(db, valentina.id, 'sensitive_data')).toBe(true);
    expect(await hasConsent(db, valentina.id, 'funder_reports')).toBe(true);
    const andres = await byEmail('andres@senda.test');
    expect(await hasConsent(db, andres.id, 'sensitive_data')).toBe(false);
    expect((await listUsersWithConsent(db, 'funder_reports')).size).toBe(9);

    const julian = await byEmail('julian@senda.test');
    expect((await db.select().from(memberships).where(eq(memberships.userId, julian.id)))[0]).toMatchObject({ status: 'INACTIVE', withdrawalReason: 'work' });
  });
});
