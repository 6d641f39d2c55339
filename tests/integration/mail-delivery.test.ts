/**
 * E-mail on the job engine: through a real SMTP conversation (a fake server
 * on 127.0.0.1) when SMTP_HOST is set, retried when the server refuses for a
 * while; into the development mailbox otherwise. Queued messages hold no
 * secret, and a delivered SMTP message keeps only its subject.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDatabase, getDb } from '~/lib/server/db/client';
import { mailMessages } from '~/lib/server/db/schema';
import { startJobEngine, type JobEngine } from '~/lib/server/jobs/job-engine';
import { JOB_QUEUES } from '~/lib/server/services/job-queues';
import { closeSmtp } from '~/lib/server/services/mail/smtp';
import { deliverMail } from '~/lib/server/services/mail/deliver-mail';
import { listMailbox, getMailboxMessage } from '~/lib/server/services/mail/mailbox';
import { MAIL_SEND_QUEUE } from '~/lib/server/jobs/queue-names';
import { queueMail, sendQueuedMail, sweepMail } from '~/lib/server/services/mail/queue-mail';
import { requestPasswordReset } from '~/lib/server/services/people/recover-password';
import { startFakeSmtp, type FakeSmtp } from '../support/fake-smtp';
import { createUser } from '../factories';

const SMTP_ENV = ['SMTP_HOST', 'SMTP_PORT', 'SMTP_USER', 'SMTP_PASSWORD', 'MAIL_FROM', 'SENDA_PUBLIC_URL'] as const;
let smtp: FakeSmtp | null = null;
let engine: JobEngine | null = null;

beforeEach(() => {
  process.env.SENDA_PUBLIC_URL = 'https://senda.example.co';
});
afterEach(async () => {
  await engine?.stop();
  engine = null;
  closeSmtp();
  await smtp?.close();
  smtp = null;
  for (const name of SMTP_ENV) delete process.env[name];
});

async function useSmtp() {
  smtp = await startFakeSmtp({ user: 'senda', pass: 'clave-smtp' });
  Object.assign(process.env, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER: 'senda', SMTP_PASSWORD: 'clave-smtp', MAIL_FROM: 'Senda <no-reply@senda.example.co>' });
  return smtp;
}

const until = async (check: () => Promise<boolean>, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

describe('e-mail through SMTP', () => {
  it('sends a recovery link over a real SMTP conversation (login, sender, recipient, link to SENDA_PUBLIC_URL) and keeps only the subject', async () => {
    const server = await useSmtp();
    const person = await createUser({ email: 'ana@correo.co', firstName: 'Ana' });
    await requestPasswordReset({ email: person.email, ip: '10.5.0.1', lang: 'es' });
    const db = await getDb();
    const [queued] = await db.select().from(mailMessages);
    expect(queued).toMatchObject({ status: 'queued', bodyText: null, subject: null });

    expect(await deliverMail(queued!.id)).toBe('sent');
    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail!.from).toBe('no-reply@senda.example.co');
    expect(mail!.to).toEqual(['ana@correo.co']);
    expect(mail!.headerFrom).toBe('"Senda" <no-reply@senda.example.co>');
    expect(mail!.subject).toBe('Recupera tu contraseña de Senda');
    expect(mail!.text).toContain('Hola, Ana:');
    expect(mail!.text).toMatch(/Elegir una contraseña nueva: https:\/\/senda\.example\.co\/set-password\?token=[A-Za-z0-9_-]{43}\n/);
    expect(mail!.html).toContain('href="https://senda.example.co/set-password?token=');
    const [sent] = await db.select().from(mailMessages).where(eq(mailMessages.id, queued!.id));
    expect(sent).toMatchObject({ status: 'sent', transport: 'smtp', subject: 'Recupera tu contraseña de Senda', bodyText: null, bodyHtml: null, attempts: 1 });
    // Delivered once: a second job for it does nothing.
    expect(await deliverMail(queued!.id)).toBe('skipped');
  });

  it('retries with the job engine while the server refuses, until it accepts', async () => {
    const server = await useSmtp();
    server.refuseNext(2);
    const person = await createUser({ email: 'luis@correo.co' });
    const db = await getDb();
    const queue = JOB_QUEUES.find((item) => item.name === MAIL_SEND_QUEUE)!;
    engine = await startJobEngine(await getDatabase(), { runWorkers: true, queues: [{ ...queue, retryDelayS: 1, pollingIntervalS: 0.5 }] });
    const ids = await queueMail(db, [{ userId: person.id, recipient: person.email, language: 'en', kind: 'password_changed' }]);
    await sendQueuedMail(ids);
    await until(async () => (await db.select({ status: mailMessages.status }).from(mailMessages))[0]?.status === 'sent');
    const [row] = await db.select().from(mailMessages);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(server.received).toHaveLength(1);
    expect(server.received[0]!.subject).toBe('Your Senda password changed');
  }, 60_000);

  it('records why a delivery failed and puts the message back in the queue for the retry', async () => {
    const server = await useSmtp();
    server.refuseNext(1);
    const person = await createUser({ email: 'marta@correo.co' });
    const db = await getDb();
    const [id] = await queueMail(db, [{ userId: person.id, recipient: person.email, language: 'es', kind: 'password_changed' }]);
    await expect(deliverMail(id!)).rejects.toThrow();
    const [row] = await db.select().from(mailMessages);
    expect(row!.status).toBe('queued');
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toMatch(/451/);
    expect(await deliverMail(id!)).toBe('sent');
  });
});

describe('the development mailbox (no SMTP_HOST)', () => {
  it('keeps each delivered message with its text for platform admins, newest first', async () => {
    const person = await createUser({ email: 'sofia@correo.co', firstName: 'Sofía' });
    const admin = await createUser({ userType: 'admin' });
    const db = await getDb();
    const [first, second] = await queueMail(db, [
      { userId: person.id, recipient: person.email, language: 'es', kind: 'password_reset' },
      { userId: person.id, recipient: person.email, language: 'en', kind: 'password_changed' },
    ]);
    await deliverMail(first!);
    await deliverMail(second!);
    const caller = { id: admin.id, email: admin.email, userType: 'admin' as const, cohorts: [] };
    const list = await listMailbox(caller, 1);
    expect(list.usesSmtp).toBe(false);
    expect(list.results.map((message) => message.subject)).toEqual(['Your Senda password changed', 'Recupera tu contraseña de Senda']);
    const message = await getMailboxMessage(caller, first!);
    expect(message.transport).toBe('mailbox');
    expect(message.bodyText).toContain('Hola, Sofía:');
    expect(message.bodyText).toMatch(/https:\/\/senda\.example\.co\/set-password\?token=[A-Za-z0-9_-]{43}/);
    expect(message.bodyHtml).toContain('<a href="https://senda.example.co/set-password?token=');
    // Nobody else reads it.
    const student = { id: person.id, email: person.email, userType: 'student' as const, cohorts: [] };
    await expect(listMailbox(student, 1)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('the sweep hands the job engine the messages whose job was lost', async () => {
    const person = await createUser({ email: 'pedro@correo.co' });
    const db = await getDb();
    await db.insert(mailMessages).values({ userId: person.id, recipient: person.email, language: 'es', kind: 'password_changed', createdAt: new Date(Date.now() - 10 * 60_000) });
    const queue = JOB_QUEUES.find((item) => item.name === MAIL_SEND_QUEUE)!;
    engine = await startJobEngine(await getDatabase(), { runWorkers: true, queues: [{ ...queue, pollingIntervalS: 0.5 }] });
    expect(await sweepMail()).toEqual({ requeued: 1, deleted: 0 });
    await until(async () => (await db.select({ status: mailMessages.status }).from(mailMessages))[0]?.status === 'sent');
  }, 60_000);
});
