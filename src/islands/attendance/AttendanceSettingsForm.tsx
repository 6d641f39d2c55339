import { useState } from 'react';
import { IslandI18n, useLang, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import { formatNumber } from '~/lib/shared/format';
import { getAttendanceSettings, setAttendanceSettings, type AttendanceSettingsDraft } from '~/lib/client/api/attendance';
import { FieldWithError } from '~/islands/admin/common/FieldWithError';
import { FormFooter } from '~/islands/admin/common/FormButtons';
import { useFormSubmit } from '~/islands/admin/common/use-form-submit';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import '~/styles/attendance-import.css';

interface Props {
  lang: Language;
  messages: Messages;
  programId: number;
  /** Platform admins set them; the program's other staff read them. */
  canEdit: boolean;
}

type Settings = Omit<AttendanceSettingsDraft, 'idUser' | 'idTrainingPath'>;
type Field = keyof Settings;

/** The fields in the order a coordinator reads them, with whether they take decimals. */
const FIELDS: readonly { name: Field; decimal: boolean }[] = [
  { name: 'presentPercent', decimal: true },
  { name: 'latePercent', decimal: true },
  { name: 'lateAfterMinutes', decimal: false },
  { name: 'absenceAlertAfter', decimal: false },
];
const FIELD_NAMES = FIELDS.map((field) => field.name);

const textsOf = (settings: Settings): Record<Field, string> => ({
  presentPercent: String(settings.presentPercent),
  latePercent: String(settings.latePercent),
  lateAfterMinutes: String(settings.lateAfterMinutes),
  absenceAlertAfter: String(settings.absenceAlertAfter),
});
const numberOf = (text: string) => Number(text.trim().replace(',', '.'));

function SettingsForm({ programId, initial }: { programId: number; initial: Settings }) {
  const t = useT();
  const [texts, setTexts] = useState(() => textsOf(initial));
  const [saved, setSaved] = useState(false);
  const { busy, fields, formError, submit } = useFormSubmit(FIELD_NAMES);

  function problemsOf(): Record<string, string> {
    const problems: Record<string, string> = {};
    for (const { name } of FIELDS) if (texts[name].trim() === '' || !Number.isFinite(numberOf(texts[name]))) problems[name] = t('attendance.settings.invalidNumber');
    return problems;
  }

  return (
    <form
      className="attendance-settings"
      aria-label={t('attendance.settings.form')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSaved(false);
        void submit(problemsOf(), async () => {
          const answer = await setAttendanceSettings(programId, {
            presentPercent: numberOf(texts.presentPercent),
            latePercent: numberOf(texts.latePercent),
            lateAfterMinutes: numberOf(texts.lateAfterMinutes),
            absenceAlertAfter: numberOf(texts.absenceAlertAfter),
          });
          setTexts(textsOf(answer));
          setSaved(true);
        });
      }}
    >
      <div className="attendance-settings__fields">
        {FIELDS.map(({ name, decimal }) => (
          <FieldWithError key={name} label={t(`attendance.settings.${name}`)} hint={t(`attendance.settings.${name}Hint`)} error={fields[name]}>
            {(aria) => (
              <input
                {...aria}
                inputMode={decimal ? 'decimal' : 'numeric'}
                value={texts[name]}
                disabled={busy}
                onChange={(event) => {
                  setSaved(false);
                  setTexts({ ...texts, [name]: event.target.value });
                }}
              />
            )}
          </FieldWithError>
        ))}
      </div>
      <FormFooter formError={formError} busy={busy} submitLabel={t('attendance.settings.save')} small={false} />
      {saved && (
        <p className="notice notice--success" role="status">
          {t('attendance.settings.saved')}
        </p>
      )}
    </form>
  );
}

function ReadOnly({ settings }: { settings: Settings }) {
  const t = useT();
  const lang = useLang();
  return (
    <>
      <dl className="attendance-settings__summary">
        {FIELDS.map(({ name }) => (
          <div key={name}>
            <dt>{t(`attendance.settings.${name}`)}</dt>
            <dd>{formatNumber(lang, settings[name])}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">{t('attendance.settings.readOnly')}</p>
    </>
  );
}

function ThresholdsPanel({ programId, canEdit }: Omit<Props, 'lang' | 'messages'>) {
  const t = useT();
  const loader = useLoader((signal) => getAttendanceSettings(programId, signal), [programId]);
  return (
    <div className="attendance-settings__panel">
      <p className="muted">{t('attendance.settings.intro')}</p>
      {loader.state.status !== 'ready' ? (
        <LoadStatus loader={loader} />
      ) : canEdit ? (
        <SettingsForm programId={programId} initial={loader.state.data} />
      ) : (
        <ReadOnly settings={loader.state.data} />
      )}
    </div>
  );
}

/** A program's attendance thresholds: present and late shares of an online class, late after N minutes, an alert after N absences in a row. */
export default function AttendanceSettingsForm({ lang, messages, ...props }: Props) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <ThresholdsPanel {...props} />
    </IslandI18n>
  );
}
