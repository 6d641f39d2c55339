/**
 * Sending e-mail through an SMTP server with nodemailer (SMTP_HOST and
 * friends). Without SMTP_HOST, messages stay in the development mailbox
 * instead (services/mail/deliver-mail.ts), so the whole flow works on a laptop.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { getConfig, smtpSettingsOf, type SmtpSettings } from '~/lib/server/config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A connection timeout that lets the job retry rather than hang (nodemailer waits 2 min by default). */
const SMTP_TIMEOUT_MS = 30_000;

let cached: { key: string; transporter: Transporter } | null = null;

function transporterFor(settings: SmtpSettings): Transporter {
  const key = JSON.stringify(settings);
  if (cached?.key === key) return cached.transporter;
  cached?.transporter.close();
  const transporter = nodemailer.createTransport({
    ...settings,
    // A pool keeps a few connections open while an import's invitations go out.
    pool: true,
    maxConnections: 3,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  cached = { key, transporter };
  return transporter;
}

/** Whether e-mail goes out through SMTP (else it stays in the development mailbox). */
export function isSmtpConfigured(): boolean {
  return smtpSettingsOf() !== null;
}

/** Sends one message through the configured SMTP server; rejects when the server refuses it or cannot be reached. */
export async function sendThroughSmtp(mail: OutgoingMail): Promise<{ messageId: string }> {
  const settings = smtpSettingsOf();
  if (!settings) throw new Error('SMTP_HOST is not set');
  const info = await transporterFor(settings).sendMail({ from: getConfig().MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  return { messageId: info.messageId };
}

/** Closes the pooled connections (server shutdown, tests). */
export function closeSmtp(): void {
  cached?.transporter.close();
  cached = null;
}
