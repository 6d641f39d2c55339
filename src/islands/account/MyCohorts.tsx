import { useId, useState } from 'react';
import { IslandI18n, useLang, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import type { MyStudentCohort } from '~/lib/shared/schemas/withdrawals';
import { FormError } from '~/islands/admin/common/FormError';
import { useFormSubmit } from '~/islands/admin/common/use-form-submit';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { problemsOfReason, WithdrawalReasonFields, type WithdrawalReasonValue } from '~/islands/common/WithdrawalReasonFields';
import { calendarDayText } from '~/islands/common/calendar-day';
import { notify } from '~/islands/shell/notify';
import { listMyStudentCohorts, withdrawMe } from '~/lib/client/api/account';

const EMPTY: WithdrawalReasonValue = { reason: '', note: '' };

/** The form a student withdraws with: a reason, then a confirmation. */
function WithdrawForm({ cohort, onDone, onCancel }: { cohort: MyStudentCohort; onDone(withdrawnOn: string): void; onCancel(): void }) {
  const t = useT();
  const id = useId();
  const [value, setValue] = useState<WithdrawalReasonValue>(EMPTY);
  const form = useFormSubmit(['reason', 'note']);
  const send = () => {
    const problems = problemsOfReason(value);
    if (Object.keys(problems).length === 0 && !window.confirm(t('withdrawal.confirmMe', { cohort: cohort.name }))) return;
    void form.submit(problems, async () => {
      if (!value.reason) return;
      const done = await withdrawMe(cohort.cohortId, { reason: value.reason, ...(value.note.trim() && { note: value.note.trim() }) });
      notify({ status: 'success', message: t('withdrawal.done') });
      onDone(done.withdrawnOn);
    });
  };
  return (
    <form
      className="withdrawal-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <h4 id={`${id}-title`}>{t('withdrawal.withdrawFrom', { cohort: cohort.name })}</h4>
      <WithdrawalReasonFields value={value} onChange={setValue} errors={form.fields} />
      <FormError message={form.formError} />
      <div className="admin-actions">
        <button type="submit" className="button button--danger" disabled={form.busy}>
          {form.busy ? t('consent.saving') : t('withdrawal.confirmButton')}
        </button>
        <button type="button" className="button button--ghost" disabled={form.busy} onClick={onCancel}>
          {t('withdrawal.cancel')}
        </button>
      </div>
    </form>
  );
}

function List() {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const loader = useLoader(() => listMyStudentCohorts(), []);
  const [open, setOpen] = useState<number | null>(null);
  const cohorts = loader.state.status === 'ready' ? loader.state.data.results : null;

  const markWithdrawn = (cohortId: number, withdrawnOn: string) => {
    loader.update(({ results }) => ({ results: results.map((item) => (item.cohortId === cohortId ? { ...item, status: 'INACTIVE' as const, withdrawnOn } : item)) }));
    setOpen(null);
  };

  return (
    <section className="account-section my-cohorts" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('withdrawal.myCohorts')}</h2>
      <LoadStatus loader={loader} />
      {cohorts && cohorts.length === 0 && <p className="empty">{t('withdrawal.myCohorts.empty')}</p>}
      {cohorts && cohorts.length > 0 && (
        <ul className="my-cohort-list">
          {cohorts.map((cohort) => (
            <li key={cohort.cohortId} className="my-cohort">
              <h3>{cohort.name}</h3>
              {cohort.withdrawnOn ? (
                <p className="badge badge--inactive">{t('withdrawal.withdrawnOnDate', { date: calendarDayText(lang, cohort.withdrawnOn) })}</p>
              ) : open === cohort.cohortId ? (
                <WithdrawForm cohort={cohort} onDone={(withdrawnOn) => markWithdrawn(cohort.cohortId, withdrawnOn)} onCancel={() => setOpen(null)} />
              ) : (
                cohort.status === 'ACTIVE' && (
                  <div className="admin-actions">
                    <button type="button" className="button button--ghost" aria-label={t('withdrawal.withdrawFrom', { cohort: cohort.name })} onClick={() => setOpen(cohort.cohortId)}>
                      {t('withdrawal.withdrawMe')}
                    </button>
                  </div>
                )
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The account page's cohorts as a student: each one's state, and withdrawing from one with a reason and a confirmation (ADR 030). */
export default function MyCohorts({ lang, messages }: { lang: Language; messages: Messages }) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <List />
    </IslandI18n>
  );
}
