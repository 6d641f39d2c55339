import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { CHECK_IN_CODE_DIGITS } from '~/lib/shared/attendance';
import type { Language } from '~/lib/shared/constants';
import type { CheckInResult } from '~/lib/shared/schemas/attendance';
import { FieldWithError } from '~/islands/admin/common/FieldWithError';
import { FormError } from '~/islands/admin/common/FormError';
import { useFormSubmit } from '~/islands/admin/common/use-form-submit';
import { checkIn } from '~/lib/client/api/attendance';
import { $myCheckedInStatus } from './my-status-store';

interface Props {
  sessionId: number;
  /** The `?code=` of the page's address: the QR code scanned with the phone's camera opens it. */
  codeFromLink: string | null;
}

const CODE_PATTERN = new RegExp(`^\\d{${CHECK_IN_CODE_DIGITS}}$`);

/** The address without its `?code=`: a reload or a shared link must not send an old code again. */
function forgetCodeInAddress(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('code')) return;
  url.searchParams.delete('code');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** Whether a tap on this island before it woke up is waiting to be done again (keep-early-actions.ts): that tap sends the code. */
function hasKeptTap(element: Element | null): boolean {
  const island = element?.closest('astro-island');
  return Boolean(island && window.sendaEarlyActions?.has(island));
}

/**
 * A student's check-in with the code on the tutor's screen: typed, or sent
 * by itself once when the page was opened from the QR code (its address
 * carries the code). The answer (present or late) updates the page's status
 * line; a refusal shows the server's words.
 */
function Form({ sessionId, codeFromLink }: Props) {
  const t = useT();
  const linked = codeFromLink && CODE_PATTERN.test(codeFromLink) ? codeFromLink : null;
  const [code, setCode] = useState(linked ?? '');
  const [done, setDone] = useState<CheckInResult | null>(null);
  const { busy, fields, formError, submit } = useFormSubmit(['code']);
  const form = useRef<HTMLFormElement>(null);
  const sentLink = useRef(false);

  async function send(value: string) {
    setDone(null);
    await submit(CODE_PATTERN.test(value) ? {} : { code: t('validation.attendance.code') }, async () => {
      const result = await checkIn(sessionId, value);
      setDone(result);
      $myCheckedInStatus.set(result.status);
    });
  }

  useEffect(() => {
    if (sentLink.current) return;
    sentLink.current = true;
    if (codeFromLink !== null) forgetCodeInAddress();
    if (linked && !hasKeptTap(form.current)) void send(linked);
    // Once, on the first render's code.
  }, []);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void send(code);
  }

  return (
    <form ref={form} className="check-in-form" onSubmit={onSubmit} noValidate>
      <p className="muted">{t('attendance.checkIn.intro')}</p>
      <FieldWithError label={t('attendance.checkIn.code')} error={fields.code}>
        {(aria) => (
          <input
            className="check-in-form__code"
            name="code"
            value={code}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={CHECK_IN_CODE_DIGITS}
            disabled={busy}
            {...aria}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, CHECK_IN_CODE_DIGITS))}
          />
        )}
      </FieldWithError>
      <FormError message={formError} />
      <p className="check-in-form__done" role="status">
        {done && t('attendance.checkIn.done', { status: t(`attendance.status.${done.status}`) })}
      </p>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t('attendance.checkIn.sending') : t('attendance.checkIn.send')}
      </button>
    </form>
  );
}

export default function CheckInForm({ lang, messages, ...props }: Props & { lang: Language; messages: Messages }) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Form {...props} />
    </IslandI18n>
  );
}
