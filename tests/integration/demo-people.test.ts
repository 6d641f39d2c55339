/** The demo data lets a new admin try the people screens at once: person forms, a pending invitation in the mailbox, a deletion request. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/lib/server/db/client';
import { users } from '~/lib/server/db/schema';
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
});
