import { useState, type SubmitEvent } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import { FieldWithError } from '~/islands/admin/common/FieldWithError';
import { FormError } from '~/islands/admin/common/FormError';
import { useFormSubmit } from '~/islands/admin/common/use-form-submit';
import { notify } from '~/islands/shell/notify';
import { setRecording } from '~/lib/client/api/live-sessions';

export interface RecordingFormProps {
  lang: Language;
  messages: Messages;
  sessionId: number;
  className: string;
  recordingUrl: string | null;
}

/** A past session's recording link, set or changed by its staff (empty removes it); the server's message ('Ingrese un link válido') beside the field. */
function Recording({ sessionId, className, recordingUrl }: Omit<RecordingFormProps, 'lang' | 'messages'>) {
  const t = useT();
  const [url, setUrl] = useState(recordingUrl ?? '');
  const { busy, fields, formError, submit } = useFormSubmit(['recordingUrl']);
  async function send(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    await submit({}, async () => {
      await setRecording(sessionId, url.trim());
      notify({ status: 'success', message: t('live.recordingSaved') });
    });
  }
  return (
    <form className="forum-search__form" onSubmit={send} noValidate aria-label={t('live.recordingFor', { name: className })}>
      <FieldWithError label={t('live.recordingUrl')} error={fields.recordingUrl}>
        {(aria) => <input type="url" inputMode="url" value={url} {...aria} onChange={(event) => setUrl(event.target.value)} />}
      </FieldWithError>
      <FormError message={formError} />
      <button type="submit" className="button button--ghost button--small" disabled={busy}>
        {busy ? t('admin.common.saving') : t('admin.common.save')}
      </button>
    </form>
  );
}

export default function RecordingForm({ lang, messages, ...props }: RecordingFormProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Recording {...props} />
    </IslandI18n>
  );
}
