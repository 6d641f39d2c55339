import { useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { useT, type IslandTranslate } from '~/i18n/islands';
import { fromBogotaInputValue, toBogotaInputValue } from '~/lib/shared/bogota-time';
import type { DiscountCode } from '~/lib/shared/schemas/registrations';
import { FieldWithError } from '~/islands/admin/common/FieldWithError';
import { FormFooter } from '~/islands/admin/common/FormButtons';
import { useFormSubmit } from '~/islands/admin/common/use-form-submit';
import { centsOfAmountText } from './amount-text';
import { createDiscountCode, updateDiscountCode } from '~/lib/client/api/offers';

const LIMIT_FIELDS = ['maxUses', 'startsAt', 'endsAt'] as const;
const NEW_FIELDS = ['code', 'kind', 'value', 'forEveryOffer', ...LIMIT_FIELDS] as const;

interface Limits {
  maxUses: string;
  startsAt: string;
  endsAt: string;
}

/** The limit and dates as the API takes them, or the form's problems with them. */
function readLimits(limits: Limits, t: IslandTranslate, problems: Record<string, string>) {
  const maxUses = limits.maxUses.trim();
  if (maxUses && !/^\d+$/.test(maxUses)) problems.maxUses = t('admin.offers.codes.wholeNumber');
  const startsAt = limits.startsAt ? fromBogotaInputValue(limits.startsAt) : null;
  const endsAt = limits.endsAt ? fromBogotaInputValue(limits.endsAt) : null;
  if (limits.startsAt && !startsAt) problems.startsAt = t('admin.offers.dateInvalid');
  if (limits.endsAt && !endsAt) problems.endsAt = t('admin.offers.dateInvalid');
  return { maxUses: maxUses ? Number(maxUses) : null, startsAt, endsAt };
}

/** The limit of uses and the two optional dates (both forms have them). */
function LimitFields({ limits, fields, onChange }: { limits: Limits; fields: Record<string, string>; onChange(name: keyof Limits, value: string): void }) {
  const t = useT();
  return (
    <>
      <FieldWithError label={t('admin.offers.codes.maxUses')} error={fields.maxUses} hint={t('admin.offers.codes.maxUsesHint')}>
        {(aria) => <input {...aria} type="number" name="maxUses" min={1} step={1} inputMode="numeric" value={limits.maxUses} onChange={(event) => onChange('maxUses', event.target.value)} />}
      </FieldWithError>
      <FieldWithError label={t('admin.offers.codes.startsAt')} error={fields.startsAt} hint={t('admin.offers.codes.datesHint')}>
        {(aria) => <input {...aria} type="datetime-local" name="startsAt" value={limits.startsAt} onChange={(event) => onChange('startsAt', event.target.value)} />}
      </FieldWithError>
      <FieldWithError label={t('admin.offers.codes.endsAt')} error={fields.endsAt}>
        {(aria) => <input {...aria} type="datetime-local" name="endsAt" value={limits.endsAt} onChange={(event) => onChange('endsAt', event.target.value)} />}
      </FieldWithError>
    </>
  );
}

function CodeForm({ title, children, onSubmit }: { title: string; children: ReactNode; onSubmit(event: SubmitEvent<HTMLFormElement>): void }) {
  const id = useId();
  return (
    <form className="admin-form admin-form--card offers-admin__form" aria-labelledby={`${id}-title`} onSubmit={onSubmit} noValidate>
      <h4 id={`${id}-title`} className="admin-form__title">
        {title}
      </h4>
      {children}
    </form>
  );
}

/** A new discount code for an offer (or every offer): its text, a percentage or pesos off, and its limits. */
export function NewDiscountCodeForm({ offerId, onSaved, onCancel }: { offerId: number; onSaved(code: DiscountCode): void; onCancel(): void }) {
  const t = useT();
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<'percent' | 'fixed'>('percent');
  const [value, setValue] = useState('');
  const [forEveryOffer, setForEveryOffer] = useState(false);
  const [limits, setLimits] = useState<Limits>({ maxUses: '', startsAt: '', endsAt: '' });
  const { busy, fields, formError, submit } = useFormSubmit(NEW_FIELDS);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!code.trim()) problems.code = t('admin.common.required');
    const amount = kind === 'percent' ? (/^\d+$/.test(value.trim()) ? Number(value.trim()) : null) : centsOfAmountText(value);
    if (!value.trim()) problems.value = t('admin.common.required');
    else if (amount === null) problems.value = t(kind === 'percent' ? 'admin.offers.codes.wholeNumber' : 'admin.offers.amountInvalid');
    const limitValues = readLimits(limits, t, problems);
    await submit(problems, async () => onSaved(await createDiscountCode(offerId, { code: code.trim(), kind, value: amount!, forEveryOffer, status: 'ACTIVE', ...limitValues })));
  }

  return (
    <CodeForm title={t('admin.offers.codes.new')} onSubmit={(event) => void onSubmit(event)}>
      <div className="person-grid">
        <FieldWithError label={t('admin.offers.codes.code')} error={fields.code} hint={t('admin.offers.codes.codeHint')}>
          {(aria) => <input {...aria} name="code" autoComplete="off" autoFocus maxLength={40} className="offers-admin__code-input" value={code} onChange={(event) => setCode(event.target.value)} />}
        </FieldWithError>
        <FieldWithError label={t('admin.offers.codes.kind')} error={fields.kind}>
          {(aria) => (
            <select {...aria} name="kind" value={kind} onChange={(event) => setKind(event.target.value as 'percent' | 'fixed')}>
              <option value="percent">{t('admin.offers.codes.kind.percent')}</option>
              <option value="fixed">{t('admin.offers.codes.kind.fixed')}</option>
            </select>
          )}
        </FieldWithError>
        <FieldWithError label={t(kind === 'percent' ? 'admin.offers.codes.valuePercent' : 'admin.offers.codes.valueFixed')} error={fields.value}>
          {(aria) => <input {...aria} name="value" inputMode={kind === 'percent' ? 'numeric' : 'decimal'} autoComplete="off" maxLength={20} value={value} onChange={(event) => setValue(event.target.value)} />}
        </FieldWithError>
        <LimitFields limits={limits} fields={fields} onChange={(name, text) => setLimits((current) => ({ ...current, [name]: text }))} />
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={forEveryOffer} onChange={(event) => setForEveryOffer(event.target.checked)} /> {t('admin.offers.codes.forEveryOffer')}
      </label>
      <FormFooter busy={busy} formError={formError} submitLabel={t('admin.offers.codes.createSubmit')} onCancel={onCancel} />
    </CodeForm>
  );
}

/** A code's limit of uses and dates (its text, kind and value stay: payments were priced with them). */
export function DiscountCodeLimitsForm({ code, onSaved, onCancel }: { code: DiscountCode; onSaved(code: DiscountCode): void; onCancel(): void }) {
  const t = useT();
  const [limits, setLimits] = useState<Limits>({
    maxUses: code.maxUses === null ? '' : String(code.maxUses),
    startsAt: code.startsAt ? toBogotaInputValue(code.startsAt) : '',
    endsAt: code.endsAt ? toBogotaInputValue(code.endsAt) : '',
  });
  const { busy, fields, formError, submit } = useFormSubmit(LIMIT_FIELDS);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const limitValues = readLimits(limits, t, problems);
    await submit(problems, async () => onSaved(await updateDiscountCode(code.id, limitValues)));
  }

  return (
    <CodeForm title={t('admin.offers.codes.editTitle', { code: code.code })} onSubmit={(event) => void onSubmit(event)}>
      <div className="person-grid">
        <LimitFields limits={limits} fields={fields} onChange={(name, text) => setLimits((current) => ({ ...current, [name]: text }))} />
      </div>
      <FormFooter busy={busy} formError={formError} submitLabel={t('admin.common.save')} onCancel={onCancel} />
    </CodeForm>
  );
}
