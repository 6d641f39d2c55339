/**
 * The e-mails Senda sends, in the recipient's language: a plain-text part and
 * a simple HTML part, both from the i18n dictionaries (`mail.*`).
 */
import { getT } from '~/i18n';
import type { Language } from '~/lib/shared/constants';
import { formatDateTime } from '~/lib/shared/format';
import type { OutgoingMail } from './smtp';

export type MailKind = 'invitation' | 'password_reset' | 'password_changed' | 'forum_post' | 'forum_digest' | 'registration_verification' | 'registration_existing_account' | 'registration_enrolled' | 'payment_alert' | 'certificate_issued' | 'absence_digest';

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
  /** The message's own values (forum e-mail: forum, thread, author, excerpt; a digest's count and items). */
  params?: Record<string, string>;
  /** The public address, to turn a digest's paths into links. */
  baseUrl?: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const TEMPLATE_KEYS: Record<MailKind, string> = {
  invitation: 'mail.invitation',
  password_reset: 'mail.reset',
  password_changed: 'mail.passwordChanged',
  forum_post: 'mail.forumPost',
  forum_digest: 'mail.forumDigest',
  registration_verification: 'mail.registrationVerification',
  registration_existing_account: 'mail.registrationExistingAccount',
  registration_enrolled: 'mail.registrationEnrolled',
  payment_alert: 'mail.paymentAlert',
  certificate_issued: 'mail.certificateIssued',
  absence_digest: 'mail.absenceDigest',
};

/** A post's excerpt (forum_post) or a digest's items (forum_digest), as text and as HTML; digest paths become links. */
function quotedBlock(kind: MailKind, params: Record<string, string>, baseUrl: string): { text: string; html: string } | null {
  if (kind === 'forum_post' && params.excerpt) return { text: params.excerpt.split('\n').map((line) => `> ${line}`).join('\n'), html: `<blockquote style="border-left:3px solid #0f766e;margin:0;padding:0.25rem 0.75rem;color:#4a5568">${escapeHtml(params.excerpt)}</blockquote>` };
  // An absence digest's lines, one per student, already in the recipient's language.
  if (kind === 'absence_digest' && params.items) {
    const lines = params.items.split('\n');
    return { text: lines.map((line) => `- ${line}`).join('\n'), html: `<ul style="padding-left:1.1rem">${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` };
  }
  if (kind !== 'forum_digest' || !params.items) return null;
  const items = params.items.split('\n\n').map((item) => item.split('\n').map((line) => (line.startsWith('/') ? `${baseUrl}${line}` : line)));
  return {
    text: items.map((lines) => lines.join('\n')).join('\n\n'),
    html: `<ul style="padding-left:1.1rem">${items
      .map(([heading = '', body = '', link = '']) => `<li style="margin-bottom:0.75rem"><a href="${escapeHtml(link)}">${escapeHtml(heading)}</a><br>${escapeHtml(body)}</li>`)
      .join('')}</ul>`,
  };
}

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
    ...content.params,
    ...(content.params?.count && { count: Number(content.params.count) }),
    ...(content.params?.frequency && { frequency: t(`mail.forumDigest.${content.params.frequency}`) }),
    ...(content.params?.attention && { reason: t(`mail.paymentAlert.reason.${content.params.attention}`) }),
  };
  const paragraphs = [t(`${prefix}.body`, params), t(`${prefix}.after`, params)];
  const subject = t(`${prefix}.subject`, params);
  const greeting = t('mail.greeting', params);
  const signature = t('mail.signature');
  const action = content.link ? t(`${prefix}.action`) : t('mail.signIn');
  const target = content.link ?? content.signInUrl;
  const quoted = quotedBlock(kind, content.params ?? {}, content.baseUrl ?? '');
  const text = [greeting, '', paragraphs[0], '', ...(quoted ? [quoted.text, ''] : []), `${action}: ${target}`, '', paragraphs[1], '', signature].join('\n');
  const html = [
    `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;color:#14213d;line-height:1.5;max-width:36rem">`,
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(paragraphs[0]!)}</p>`,
    ...(quoted ? [quoted.html] : []),
    `<p><a href="${escapeHtml(target)}" style="display:inline-block;background:#0f766e;color:#fff;padding:0.6rem 1.2rem;border-radius:999px;text-decoration:none">${escapeHtml(action)}</a></p>`,
    `<p style="font-size:0.85rem;color:#4a5568">${escapeHtml(t('mail.linkFallback'))}<br>${escapeHtml(target)}</p>`,
    `<p>${escapeHtml(paragraphs[1]!)}</p>`,
    `<p>${escapeHtml(signature)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}
