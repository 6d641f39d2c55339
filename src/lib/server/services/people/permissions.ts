/** Who manages accounts and personal data (Ley 1581) (collected by access/permissions.ts). */
import { AppError } from '~/lib/shared/errors';
import { isAdmin, type Caller } from '~/lib/server/access/permission-basics';

/**
 * Everyone signed in reads, corrects and downloads their own personal data
 * and may ask for its deletion: those endpoints act on the caller alone
 * (`/profiles/me/`), so signing in is their whole rule.
 *
 * Accounts are managed by platform admins: listing everyone with filters,
 * creating and importing accounts, inviting, changing a type or status,
 * reading, changing and exporting anyone's profile (each time logged) and
 * anonymising. Cohort admins only search people to assign (canSearchUsers).
 */
export function canManageAccounts(caller: Caller | null): boolean {
  return isAdmin(caller);
}

/** Throws 403 unless the caller may manage accounts. */
export function requireManageAccounts(caller: Caller | null): void {
  if (!canManageAccounts(caller)) throw new AppError('forbidden');
}

/** An admin never deactivates, demotes or anonymises their own account: they would lock themselves (and maybe everyone) out. */
export function canChangeAccountOf(caller: Caller | null, userId: number): boolean {
  return canManageAccounts(caller) && caller!.id !== userId;
}

/** Throws 403 for someone who may not manage accounts, and `forbidden_own_account` for an admin's own account. */
export function requireChangeAccountOf(caller: Caller | null, userId: number): void {
  requireManageAccounts(caller);
  if (!canChangeAccountOf(caller, userId)) throw new AppError('forbidden_own_account');
}

/** The e-mail outbox (the development mailbox without SMTP) shows messages to anyone: platform admins only. */
export function canReadMailbox(caller: Caller | null): boolean {
  return isAdmin(caller);
}
