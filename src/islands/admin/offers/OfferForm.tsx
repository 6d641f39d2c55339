import { useId, useState, type SubmitEvent } from 'react';
import { useT } from '~/i18n/islands';
import { RECORD_STATUSES, type RecordStatus } from '~/lib/shared/constants';
import { fromBogotaInputValue, toBogotaInputValue } from '~/lib/shared/bogota-time';
import type { Offer } from '~/lib/shared/schemas/registrations';
import { FieldWithError } from '~/islands/admin/common/FieldWithError';
import { FormFooter } from '~/islands/admin/common/FormButtons';
import { useFormSubmit } from '~/islands/admin/common/use-form-submit';
import { LoadStatus } from '~/islands/common/LoadStatus';
import { useLoader } from '~/islands/common/use-loader';
import { amountTextOf, centsOfAmountText } from './amount-text';
import { createOffer, listCohorts, updateOffer, type OfferBody } from '~/lib/client/api/offers';

const FIELDS = ['cohortId', 'title', 'slug', 'description', 'seats', 'price', 'priceUsd', 'opensAt', 'closesAt', 'status'] as const;

interface Values {
  cohortId: string;
  title: string;
  slug: string;
  description: string;
  seats: string;
  price: string;
  priceUsd: string;
  opensAt: string;
  closesAt: string;
  status: RecordStatus;
}

const valuesOf = (offer: Offer | undefined): Values => ({
  cohortId: offer ? String(offer.cohortId) : '',
  title: offer?.title ?? '',
  slug: offer?.slug ?? '',
  description: offer?.description ?? '',
  seats: offer ? String(offer.seats) : '',
  price: offer ? amountTextOf(offer.price) : '',
  priceUsd: offer?.priceUsd ? amountTextOf(offer.priceUsd) : '',
  opensAt: offer ? toBogotaInputValue(offer.opensAt) : '',
  closesAt: offer ? toBogotaInputValue(offer.closesAt) : '',
  status: offer?.status ?? 'ACTIVE',
});

/** The address a title suggests: "Desarrollo Web 2027" → "desarrollo-web-2027". */
const slugOf = (title: string) =>
  title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);

interface Props {
  /** The offer to change; without it, a new offer. */
  offer?: Offer;
  onSaved(offer: Offer): void;
  onCancel(): void;
}

/** A new offer (its cohort chosen from every cohort) or an existing one's address, text, seats, prices, window and status. */
export function OfferForm({ offer, onSaved, onCancel }: Props) {
  const t = useT();
  const id = useId();
  const isNew = !offer;
  const [values, setValues] = useState<Values>(() => valuesOf(offer));
  // A new offer's address follows its title until the admin writes one.
  const [isSlugTyped, setIsSlugTyped] = useState(!isNew);
  const cohorts = useLoader(isNew ? (signal) => listCohorts(signal) : null, [isNew]);
  const { busy, fields, formError, submit } = useFormSubmit(FIELDS);
  const set = <K extends keyof Values>(name: K, value: Values[K]) => setValues((current) => ({ ...current, [name]: value }));

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const required = (name: keyof Values) => {
      if (!values[name].trim()) problems[name] = t('admin.common.required');
    };
    (['cohortId', 'title', 'slug', 'seats', 'price', 'opensAt', 'closesAt'] as const).forEach(required);
    const seats = Number(values.seats);
    if (values.seats.trim() && (!/^\d+$/.test(values.seats.trim()) || !Number.isSafeInteger(seats))) problems.seats = t('admin.offers.seatsInvalid');
    const price = centsOfAmountText(values.price);
    if (values.price.trim() && price === null) problems.price = t('admin.offers.amountInvalid');
    const priceUsd = values.priceUsd.trim() ? centsOfAmountText(values.priceUsd) : null;
    if (values.priceUsd.trim() && priceUsd === null) problems.priceUsd = t('admin.offers.amountInvalid');
    const opensAt = fromBogotaInputValue(values.opensAt);
    const closesAt = fromBogotaInputValue(values.closesAt);
    if (values.opensAt && !opensAt) problems.opensAt = t('admin.offers.dateInvalid');
    if (values.closesAt && !closesAt) problems.closesAt = t('admin.offers.dateInvalid');
    await submit(problems, async () => {
      const body: Omit<OfferBody, 'cohortId'> = {
        title: values.title.trim(),
        slug: values.slug.trim(),
        description: values.description.trim(),
        seats,
        price: price!,
        priceUsd,
        opensAt: opensAt!,
        closesAt: closesAt!,
        status: values.status,
      };
      onSaved(offer ? await updateOffer(offer.id, body) : await createOffer({ ...body, cohortId: Number(values.cohortId) }));
    });
  }

  const label = offer ? t('admin.offers.editTitle', { title: offer.title }) : t('admin.offers.createTitle');
  const text = (name: 'title' | 'slug', fieldLabel: string, options: { hint?: string; maxLength: number; autoFocus?: boolean }) => (
    <FieldWithError label={fieldLabel} error={fields[name]} hint={options.hint}>
      {(aria) => (
        <input
          {...aria}
          name={name}
          autoComplete="off"
          maxLength={options.maxLength}
          autoFocus={options.autoFocus}
          value={values[name]}
          onChange={(event) => {
            const value = event.target.value;
            if (name === 'slug') setIsSlugTyped(true);
            setValues((current) => ({ ...current, [name]: value, ...(name === 'title' && !isSlugTyped && { slug: slugOf(value) }) }));
          }}
        />
      )}
    </FieldWithError>
  );
  const amount = (name: 'price' | 'priceUsd', fieldLabel: string, hint: string) => (
    <FieldWithError label={fieldLabel} error={fields[name]} hint={hint}>
      {(aria) => <input {...aria} name={name} inputMode="decimal" autoComplete="off" maxLength={20} value={values[name]} onChange={(event) => set(name, event.target.value)} />}
    </FieldWithError>
  );
  const dateTime = (name: 'opensAt' | 'closesAt', fieldLabel: string) => (
    <FieldWithError label={fieldLabel} error={fields[name]}>
      {(aria) => <input {...aria} type="datetime-local" name={name} value={values[name]} onChange={(event) => set(name, event.target.value)} />}
    </FieldWithError>
  );

  return (
    <form className="admin-form admin-form--card offers-admin__form" aria-labelledby={`${id}-title`} onSubmit={(event) => void onSubmit(event)} noValidate>
      <h2 id={`${id}-title`} className="admin-form__title">
        {label}
      </h2>
      <div className="person-grid">
        {offer ? (
          <p className="offers-admin__fixed">
            <span>{t('admin.offers.cohort')}</span> {offer.cohortName}
          </p>
        ) : (
          <FieldWithError label={t('admin.offers.cohort')} error={fields.cohortId}>
            {(aria) => (
              <select {...aria} name="cohortId" autoFocus value={values.cohortId} disabled={cohorts.state.status !== 'ready'} onChange={(event) => set('cohortId', event.target.value)}>
                <option value="">{t('admin.offers.chooseCohort')}</option>
                {cohorts.state.status === 'ready' &&
                  cohorts.state.data.map((cohort) => (
                    <option key={cohort.id} value={cohort.id}>
                      {cohort.status === 'ACTIVE' ? cohort.name : t('admin.offers.archivedCohort', { name: cohort.name })}
                    </option>
                  ))}
              </select>
            )}
          </FieldWithError>
        )}
        {text('title', t('admin.offers.titleField'), { maxLength: 200, autoFocus: !isNew })}
        {text('slug', t('admin.offers.slug'), { hint: t('admin.offers.slugHint'), maxLength: 80 })}
        <FieldWithError label={t('admin.offers.seats')} error={fields.seats}>
          {(aria) => <input {...aria} type="number" name="seats" min={0} step={1} inputMode="numeric" value={values.seats} onChange={(event) => set('seats', event.target.value)} />}
        </FieldWithError>
        {amount('price', t('admin.offers.price'), t('admin.offers.priceHint'))}
        {amount('priceUsd', t('admin.offers.priceUsd'), t('admin.offers.priceUsdHint'))}
        {dateTime('opensAt', t('admin.offers.opensAt'))}
        {dateTime('closesAt', t('admin.offers.closesAt'))}
        <FieldWithError label={t('admin.common.status')} error={fields.status}>
          {(aria) => (
            <select {...aria} name="status" value={values.status} onChange={(event) => set('status', event.target.value as RecordStatus)}>
              {RECORD_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`admin.offers.status.${status}`)}
                </option>
              ))}
            </select>
          )}
        </FieldWithError>
      </div>
      {isNew && <LoadStatus loader={cohorts} />}
      <FieldWithError label={t('admin.common.description')} error={fields.description}>
        {(aria) => <textarea {...aria} name="description" className="offers-admin__description" maxLength={5000} rows={4} value={values.description} onChange={(event) => set('description', event.target.value)} />}
      </FieldWithError>
      <FormFooter busy={busy} formError={formError} submitLabel={t(isNew ? 'admin.offers.createSubmit' : 'admin.common.save')} onCancel={onCancel} small={false} />
    </form>
  );
}
