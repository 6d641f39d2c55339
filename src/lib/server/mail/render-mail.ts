/**
 * The e-mails Senda sends, in the recipient's language: a plain-text part and
 * a simple HTML part, both from the i18n dictionaries (`mail.*`).
 */
import { getT } from '~/i18n';
import type { Language } from '~/lib/shared/constants';
import { formatDateTime } from '~/lib/shared/format';
import type { OutgoingMail } from './smtp';

export type MailKind = 'invitation' | 'password_reset' | 'password_changed';

export interface MailContent {
  /** The person's first name. */
  name: string;
  email: string;
  /** The single-use link (invitation, recovery). */
  link?: string;
  expiresAt?: Date;
  /** Where to sign in or ask for a new link. */
  signInUrl: string;
  forgotUrl: string;
  /** When the password changed (password_changed). */
  changedAt?: Date;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const TEMPLATE_KEYS: Record<MailKind, string> = { invitation: 'mail.invitation', password_reset: 'mail.reset', password_changed: 'mail.passwordChanged' };

/** Subject, text and HTML of one message. */
export function renderMail(kind: MailKind, lang: Language, to: string, content: MailContent): OutgoingMail {
  const t = getT(lang);
  const prefix = TEMPLATE_KEYS[kind];
  const params = {
    name: content.name,
    email: content.email,
    expiresAt: content.expiresAt ? formatDateTime(lang, content.expiresAt, 'long') : '',
    changedAt: content.changedAt ? formatDateTime(lang, content.changedAt, 'long') : '',
    forgotUrl: content.forgotUrl,
    signInUrl: content.signInUrl,
  };
  const paragraphs = [t(`${prefix}.body`, params), t(`${prefix}.after`, params)];
  const subject = t(`${prefix}.subject`, params);
  const greeting = t('mail.greeting', params);
  const signature = t('mail.signature');
  const action = content.link ? t(`${prefix}.action`) : t('mail.signIn');
  const target = content.link ?? content.signInUrl;
  const text = [greeting, '', paragraphs[0], '', `${action}: ${target}`, '', paragraphs[1], '', signature].join('\n');
  const html = [
    `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;color:#14213d;line-height:1.5;max-width:36rem">`,
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(paragraphs[0]!)}</p>`,
    `<p><a href="${escapeHtml(target)}" style="display:inline-block;background:#0f766e;color:#fff;padding:0.6rem 1.2rem;border-radius:999px;text-decoration:none">${escapeHtml(action)}</a></p>`,
    `<p style="font-size:0.85rem;color:#4a5568">${escapeHtml(t('mail.linkFallback'))}<br>${escapeHtml(target)}</p>`,
    `<p>${escapeHtml(paragraphs[1]!)}</p>`,
    `<p>${escapeHtml(signature)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}
