/** Who manages registrations and offers, and who sees or pays a registration (collected by access/permissions.ts). */
import { AppError } from '~/lib/shared/errors';
import { isAdmin, type Caller } from '~/lib/server/access/permission-basics';

/**
 * Offers and discount codes, every registration and payment, the payments
 * report and the CRM deliveries are money and personal data: platform admins
 * only. Offers are public to read; anyone may sign up.
 */
export function canManageRegistrations(caller: Caller | null): boolean {
  return isAdmin(caller);
}

/** Throws 403 unless the caller manages registrations and payments. */
export function requireManageRegistrations(caller: Caller | null): void {
  if (!canManageRegistrations(caller)) throw new AppError('forbidden');
}

/** A registration or payment is seen by its person and by platform admins; for anyone else it does not exist (404). */
export function canSeeRegistrationOf(caller: Caller | null, userId: number): boolean {
  return caller !== null && (caller.id === userId || isAdmin(caller));
}

/** Throws 404 unless the caller may see a registration or payment of that person. */
export function requireSeeRegistrationOf(caller: Caller | null, userId: number): void {
  if (!canSeeRegistrationOf(caller, userId)) throw new AppError('not_found');
}

/** Only the person pays for their registration: an admin sees it but never pays for someone (403); anyone else 404. */
export function requirePayForRegistrationOf(caller: Caller | null, userId: number): void {
  requireSeeRegistrationOf(caller, userId);
  if (caller!.id !== userId) throw new AppError('forbidden');
}
