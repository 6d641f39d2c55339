import { useStore } from '@nanostores/react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { AttendanceStatus } from '~/lib/shared/attendance';
import type { Language } from '~/lib/shared/constants';
import { $myCheckedInStatus } from './my-status-store';

interface Props {
  /** The status the server knew when it rendered the page (null: nothing recorded). */
  initial: AttendanceStatus | null;
}

/** The student's "Estado:" line, which a check-in on the same page updates. */
function StatusLine({ initial }: Props) {
  const t = useT();
  const status = useStore($myCheckedInStatus) ?? initial;
  return <p data-testid="my-status">{t('attendance.page.myStatus', { status: t(`attendance.status.${status ?? 'none'}`) })}</p>;
}

export default function MyStatus({ lang, messages, ...props }: Props & { lang: Language; messages: Messages }) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <StatusLine {...props} />
    </IslandI18n>
  );
}
