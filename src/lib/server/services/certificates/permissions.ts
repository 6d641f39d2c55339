/** Who lists, issues, revokes and reads certificates, and who designs a program's (collected by access/permissions.ts). */
import { ROLE_IDS, type RoleId } from '~/lib/shared/constants';
import { AppError } from '~/lib/shared/errors';
import { isAdmin, type Caller } from '~/lib/server/access/permission-basics';

export type CertificateAction = 'list' | 'issue' | 'revoke';

/** Per-cohort role → what it may do with the cohort's certificates: tutors list them, cohort admins also issue and revoke. */
const CERTIFICATE_ACTIONS_BY_ROLE: Readonly<Record<RoleId, readonly CertificateAction[]>> = {
  [ROLE_IDS.student]: [],
  [ROLE_IDS.tutor]: ['list'],
  [ROLE_IDS.cohortAdmin]: ['list', 'issue', 'revoke'],
};

/** Platform admins may do anything with any cohort's certificates; members what their ACTIVE role allows (roleId null: not a member). */
export function canInCohortCertificates(caller: Caller | null, roleId: RoleId | null, action: CertificateAction): boolean {
  if (!caller) return false;
  if (isAdmin(caller)) return true;
  return roleId !== null && (CERTIFICATE_ACTIONS_BY_ROLE[roleId]?.includes(action) ?? false);
}

/** Throws 404 for a non-member (another cohort does not exist for them), 403 when their role does not allow the action. */
export function requireInCohortCertificates(caller: Caller | null, roleId: RoleId | null, action: CertificateAction): void {
  if (canInCohortCertificates(caller, roleId, action)) return;
  throw new AppError(roleId === null ? 'not_found' : 'forbidden');
}

/** A certificate is read (its PDF, its badge) by its holder and by whoever may list its cohort's certificates. */
export function canReadCertificate(caller: Caller | null, roleId: RoleId | null, certificate: { userId: number }): boolean {
  if (!caller) return false;
  return caller.id === certificate.userId || canInCohortCertificates(caller, roleId, 'list');
}

/** Throws 404 unless the caller may read the certificate: someone else's does not exist for them. */
export function requireReadCertificate(caller: Caller | null, roleId: RoleId | null, certificate: { userId: number }): void {
  if (!canReadCertificate(caller, roleId, certificate)) throw new AppError('not_found');
}

/**
 * Revoking: whoever may revoke in the cohort; its holder and the cohort's
 * tutors see it, so they are refused (403), anyone else finds nothing (404).
 */
export function requireRevokeCertificate(caller: Caller | null, roleId: RoleId | null, certificate: { userId: number }): void {
  if (canInCohortCertificates(caller, roleId, 'revoke')) return;
  requireReadCertificate(caller, roleId, certificate);
  throw new AppError('forbidden');
}

/** A program's certificate design (title, hours, signers, images, automatic issue) is a platform admin's. */
export function canDesignCertificates(caller: Caller | null): boolean {
  return isAdmin(caller);
}

/** Throws 403 unless the caller may design certificates. */
export function requireDesignCertificates(caller: Caller | null): void {
  if (!canDesignCertificates(caller)) throw new AppError('forbidden');
}
