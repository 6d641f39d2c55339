import toast from 'react-hot-toast';
import { SIMPLE_NOTIFICATION_DURATION_MS, type ToastPosition, type ToastStatus } from '~/lib/shared/constants';

export interface NotifyOptions {
  status: ToastStatus;
  message: string;
  position?: ToastPosition;
  /** Set by the caller; simple notifications vanish after 3000 ms. */
  durationMs?: number;
}

/** Shows a toast: success, error or warning, in one of the six positions. */
export function notify({ status, message, position, durationMs = SIMPLE_NOTIFICATION_DURATION_MS }: NotifyOptions): string {
  const options = { duration: durationMs, ...(position ? { position } : {}) };
  if (status === 'success') return toast.success(message, options);
  if (status === 'error') return toast.error(message, options);
  return toast(message, { ...options, icon: '⚠️', ariaProps: { role: 'alert', 'aria-live': 'assertive' } });
}
