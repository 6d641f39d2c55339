/**
 * The payment state machine, as one pure function: pending → approved →
 * enrolled; or declined, voided, refunded, expired, error. Providers'
 * notifications arrive late, twice or out of order, so a report only moves a
 * payment forward: a refund or void is final (a capture reported after a
 * refund changes nothing), and money a provider took after we gave up
 * waiting (expired) or after a decline it reversed is still honoured.
 */
import type { PaymentStatus } from '~/lib/shared/schemas/payments';
import type { ReportedStatus } from './providers/reported-state';

const FROM: Record<Exclude<ReportedStatus, 'pending'>, readonly PaymentStatus[]> = {
  approved: ['pending', 'expired', 'declined'],
  declined: ['pending', 'expired'],
  error: ['pending', 'expired'],
  voided: ['pending', 'expired', 'declined', 'approved', 'enrolled', 'error'],
  refunded: ['pending', 'expired', 'declined', 'approved', 'enrolled', 'error'],
};

/** The status a payment moves to on a provider's report; null when the report changes nothing. */
export function nextPaymentStatus(current: PaymentStatus, reported: ReportedStatus): PaymentStatus | null {
  if (reported === 'pending') return null;
  return FROM[reported].includes(current) ? reported : null;
}

/** Whether the provider had taken the buyer's money (a refund or void of it pauses the enrolment and tells an admin): approved, enrolled, or approved for another amount. */
export const isMoneyTaken = (payment: { status: PaymentStatus; attention: string | null }): boolean =>
  payment.status === 'approved' || payment.status === 'enrolled' || (payment.status === 'error' && payment.attention === 'amount_mismatch');
