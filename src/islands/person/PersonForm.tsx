import { useMemo, useRef, useState, type SubmitEvent } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import { readApiProblem } from '~/lib/client/api-problem';
import { DEPARTMENTS, DOCUMENT_TYPES, EMPLOYMENT_TYPES, ENGLISH_LEVELS, GENRES, HOUSING_TYPES, POPULATION_GROUPS, STRATA, TRANSPORT_MODES } from '~/lib/shared/colombia';
import type { Language } from '~/lib/shared/constants';
import type { PersonProfile } from '~/lib/shared/schemas/person';
import { FieldWithError } from '~/islands/admin/common/FieldWithError';
import { FormError } from '~/islands/admin/common/FormError';
import { notify } from '~/islands/shell/notify';
import { registerForOffer, savePersonForm, type PersonTarget } from '~/lib/client/api/person';
import { submitWrite } from '~/lib/client/outbox/submit-write';
import { todayInBogota } from '~/lib/shared/age-bands';
import '~/styles/consent.css';
import { checkedFormOf, isMinorValue, messageOf, problemsOf, TEXT_FIELDS, valuesOf, type PersonField, type PersonValues } from './person-values';

export interface PersonFormProps {
  lang: Language;
  messages: Messages;
  target: PersonTarget;
  initial: PersonProfile;
}

type Option = { value: string; label: string };

function Form({ target, initial, lang }: Omit<PersonFormProps, 'messages'>) {
  const t = useT();
  const isRegistration = target.kind === 'registration';
  const [consent, setConsent] = useState(false);
  const [funderReportsConsent, setFunderReportsConsent] = useState(false);
  const [values, setValues] = useState<PersonValues>(() => valuesOf(initial));
  const [touched, setTouched] = useState<ReadonlySet<PersonField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [queued, setQueued] = useState(false);
  const [isComplete, setIsComplete] = useState(initial.isComplete);
  const formRef = useRef<HTMLFormElement>(null);
  const problems = useMemo(() => problemsOf(values), [values]);

  /**
   * A field's message: the server's for what only it knows (a taken e-mail),
   * else the form's own, as the person types (a wrong value shows at once; a
   * missing one once the field is left or the form sent).
   */
  const errorOf = (name: PersonField) => {
    if (serverErrors[name]) return serverErrors[name]!;
    const problem = problems[name];
    const isMissing = !values[name].trim();
    // The confirmation differs from the e-mail until it is typed in full: it is checked once left.
    const isLive = problem && !isMissing && name !== 'confirmEmail';
    return submitted || touched.has(name) || isLive ? messageOf(problem, t) : null;
  };
  const touch = (name: PersonField) => setTouched((known) => (known.has(name) ? known : new Set(known).add(name)));
  const change = (name: PersonField, value: string) => {
    setValues((current) => ({ ...current, [name]: value, ...(name === 'department' && { municipality: '' }) }));
    setServerErrors(({ [name]: _gone, ...rest }) => rest);
  };

  const options = (values: readonly string[], prefix: string): Option[] => values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
  const department = DEPARTMENTS.find((item) => item.code === values.department);
  const municipalityOptions = department?.municipalities.map((item) => ({ value: item.code, label: item.name })) ?? [];

  const input = (name: PersonField, label: string, extra: { type?: string; inputMode?: 'numeric' | 'tel' | 'email'; autoComplete?: string; hint?: string; optional?: boolean; maxLength?: number; max?: string } = {}) => (
    <FieldWithError label={extra.optional ? `${label} ${t('person.optional')}` : label} error={errorOf(name)} hint={extra.hint}>
      {(aria) => (
        <input
          {...aria}
          name={name}
          onBlur={() => touch(name)}
          type={extra.type ?? 'text'}
          inputMode={extra.inputMode}
          autoComplete={extra.autoComplete ?? 'off'}
          maxLength={extra.maxLength ?? 120}
          max={extra.max}
          value={values[name]}
          onChange={(event) => change(name, event.target.value)}
        />
      )}
    </FieldWithError>
  );

  const select = (name: PersonField, label: string, choices: Option[], extra: { optional?: boolean; placeholder?: string; disabled?: boolean } = {}) => (
    <FieldWithError label={extra.optional ? `${label} ${t('person.optional')}` : label} error={errorOf(name)}>
      {(aria) => (
        <select {...aria} name={name} onBlur={() => touch(name)} value={values[name]} disabled={extra.disabled} onChange={(event) => change(name, event.target.value)}>
          <option value="">{extra.placeholder ?? t('person.choose')}</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </FieldWithError>
  );

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    setFormError(null);
    setQueued(false);
    const invalid = TEXT_FIELDS.filter((name) => problems[name] && isShown(name));
    const missingConsent = isRegistration && !consent;
    if (invalid.length > 0 || missingConsent) {
      setFormError(t('person.fixErrors', { count: invalid.length + (missingConsent ? 1 : 0) }));
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    const form = checkedFormOf(values);
    if (!form) return;
    setBusy(true);
    try {
      if (target.kind === 'registration') {
        const registered = await registerForOffer(target.offerId, form, consent, lang, funderReportsConsent);
        window.location.assign(`${target.doneUrl}?email=${encodeURIComponent(registered.email)}`);
        return;
      }
      let saved: Awaited<ReturnType<typeof savePersonForm>>;
      if (target.kind === 'own') {
        // One's own form goes through the outbox: offline it waits on this device, the form keeps what was typed.
        const outcome = await submitWrite({ title: t('person.formLabel'), href: window.location.pathname, write: { kind: 'person-form', form } });
        if (outcome.status === 'queued') {
          setQueued(true);
          return;
        }
        saved = outcome.answer as typeof saved;
      } else {
        saved = await savePersonForm(target, form);
      }
      setValues(valuesOf(saved));
      setIsComplete(saved.isComplete);
      setServerErrors({});
      notify({ status: 'success', message: t('person.saved') });
    } catch (failure) {
      const problem = await readApiProblem(failure, t('admin.common.error'));
      setServerErrors(problem.fields);
      setFormError(Object.keys(problem.fields).length > 0 ? t('person.fixErrors', { count: Object.keys(problem.fields).length }) : problem.message);
    } finally {
      setBusy(false);
    }
  }

  const count = (name: PersonField, label: string) => input(name, label, { inputMode: 'numeric', maxLength: 3 });
  const isMinor = isMinorValue(values.birthDate);
  const hasSensitiveConsent = values.sensitiveDataConsent === 'true';
  /** Fields asked only in some cases: a minor's guardian, the sensitive ones under their consent. */
  function isShown(name: PersonField): boolean {
    if (name.startsWith('guardian.')) return isMinor;
    if (name === 'populationGroup') return hasSensitiveConsent;
    return true;
  }
  const checkbox = (name: PersonField, label: string) => {
    const error = errorOf(name);
    return (
      <div className="field consent">
        <label>
          <input
            type="checkbox"
            name={name}
            checked={values[name] === 'true'}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? `${name}-error` : undefined}
            onChange={(event) => {
              change(name, event.target.checked ? 'true' : '');
              touch(name);
            }}
          />{' '}
          {label}
        </label>
        {error && <small className="field__error" id={`${name}-error`}>{error}</small>}
      </div>
    );
  };

  return (
    <form ref={formRef} className="person-form" aria-label={t('person.formLabel')} onSubmit={submit} noValidate>
      {target.kind === 'own' && <p className={isComplete ? 'notice notice--success' : 'notice notice--warning'} role="status">{t(isComplete ? 'person.complete' : 'person.incomplete')}</p>}
      <p className="muted">{t('person.requiredNote')}</p>

      <fieldset>
        <legend>{t('person.section.identity')}</legend>
        <div className="person-grid">
          {input('firstName', t('person.firstName'), { autoComplete: 'given-name', maxLength: 60 })}
          {input('lastName', t('person.lastName'), { autoComplete: 'family-name', maxLength: 60 })}
          {input('email', t('person.email'), { type: 'email', inputMode: 'email', autoComplete: 'email', maxLength: 254 })}
          {input('confirmEmail', t('person.confirmEmail'), { type: 'email', inputMode: 'email', autoComplete: 'off', maxLength: 254 })}
          {select('documentType', t('person.documentType'), options(DOCUMENT_TYPES, 'person.documentType'))}
          {input('documentNumber', t('person.documentNumber'), { hint: t('person.documentHint'), maxLength: 15 })}
          {select('genre', t('person.genre'), options(GENRES, 'person.genre'))}
          {input('birthDate', t('person.birthDate'), { type: 'date', autoComplete: 'bday', max: todayInBogota(), maxLength: 10 })}
        </div>
      </fieldset>

      {isMinor && (
        <fieldset>
          <legend>{t('person.guardian')}</legend>
          <p className="muted">{t('person.guardian.help')}</p>
          <div className="person-grid">
            {input('guardian.name', t('person.guardian.name'), { maxLength: 60 })}
            {select('guardian.documentType', t('person.guardian.documentType'), options(DOCUMENT_TYPES, 'person.documentType'))}
            {input('guardian.documentNumber', t('person.guardian.documentNumber'), { maxLength: 15 })}
          </div>
          {checkbox('guardian.consent', t('person.guardian.consent'))}
        </fieldset>
      )}

      <fieldset>
        <legend>{t('person.section.residence')}</legend>
        <div className="person-grid">
          {input('contact', t('person.contact'), { type: 'tel', inputMode: 'tel', autoComplete: 'tel', hint: t('person.contactHint'), maxLength: 20 })}
          {select(
            'department',
            t('person.department'),
            DEPARTMENTS.map((item) => ({ value: item.code, label: item.name })),
          )}
          {select('municipality', t('person.municipality'), municipalityOptions, { placeholder: department ? t('person.choose') : t('person.chooseDepartmentFirst'), disabled: !department })}
          {input('neighborhood', t('person.neighborhood'), { maxLength: 80 })}
          {input('address', t('person.address'), { autoComplete: 'street-address', maxLength: 120 })}
          {select(
            'stratum',
            t('person.stratum'),
            STRATA.map((value) => ({ value, label: t('person.stratumOption', { value }) })),
          )}
          {select('housingType', t('person.housingType'), options(HOUSING_TYPES, 'person.housingType'))}
        </div>
      </fieldset>

      <fieldset>
        <legend>{t('person.section.household')}</legend>
        <div className="person-grid">
          {count('childrenCount', t('person.childrenCount'))}
          {count('householdSize', t('person.householdSize'))}
          {count('dependentsCount', t('person.dependentsCount'))}
          {select('transportMode', t('person.transportMode'), options(TRANSPORT_MODES, 'person.transportMode'))}
        </div>
      </fieldset>

      <fieldset>
        <legend>{t('person.section.background')}</legend>
        <div className="person-grid">
          {select('englishLevel', t('person.englishLevel'), options(ENGLISH_LEVELS, 'person.englishLevel'))}
          {select('employmentType', t('person.employmentType'), options(EMPLOYMENT_TYPES, 'person.employmentType'), { optional: true })}
          {select(
            'worksInIndustry',
            t('person.worksInIndustry'),
            [
              { value: 'true', label: t('person.yes') },
              { value: 'false', label: t('person.no') },
            ],
            { optional: true, placeholder: t('person.notAnswered') },
          )}
          {input('role', t('person.role'), { optional: true, maxLength: 60, autoComplete: 'organization-title' })}
        </div>
      </fieldset>

      <fieldset>
        <legend>{t('person.sensitiveData')}</legend>
        <p className="muted">{t('person.sensitiveData.help')}</p>
        <fieldset className="choice-group" aria-describedby={errorOf('sensitiveDataConsent') ? 'sensitiveDataConsent-error' : undefined}>
          <legend>{t('person.sensitiveDataConsent')}</legend>
          {(['true', 'false'] as const).map((choice) => (
            <label key={choice} className="choice">
              <input
                type="radio"
                name="sensitiveDataConsent"
                value={choice}
                checked={values.sensitiveDataConsent === choice}
                aria-invalid={errorOf('sensitiveDataConsent') ? 'true' : undefined}
                onChange={() => {
                  change('sensitiveDataConsent', choice);
                  touch('sensitiveDataConsent');
                }}
              />{' '}
              {t(choice === 'true' ? 'person.sensitiveData.yes' : 'person.sensitiveData.no')}
            </label>
          ))}
          {errorOf('sensitiveDataConsent') && (
            <small className="field__error" id="sensitiveDataConsent-error">
              {errorOf('sensitiveDataConsent')}
            </small>
          )}
        </fieldset>
        {hasSensitiveConsent && <div className="person-grid">{select('populationGroup', t('person.populationGroup'), options(POPULATION_GROUPS, 'person.populationGroup'))}</div>}
      </fieldset>

      <fieldset>
        <legend>{t('person.emergency.title')}</legend>
        <div className="person-grid">
          {input('emergencyContact.name', t('person.emergency.name'), { maxLength: 60 })}
          {input('emergencyContact.phone', t('person.emergency.phone'), { type: 'tel', inputMode: 'tel', maxLength: 20 })}
          {input('emergencyContact.relationship', t('person.emergency.relationship'), { maxLength: 80 })}
        </div>
      </fieldset>

      {isRegistration && (
        <div className="field consent">
          <label>
            <input
              type="checkbox"
              name="consent"
              checked={consent}
              aria-invalid={submitted && !consent ? 'true' : undefined}
              aria-describedby={submitted && !consent ? 'consent-error' : undefined}
              onChange={(event) => setConsent(event.target.checked)}
            />{' '}
            {t('registration.consent')} <a href="/legal/privacy" target="_blank" rel="noopener">{t('registration.consentLink')}</a>
          </label>
          {submitted && !consent && <small className="field__error" id="consent-error">{t('validation.consent.required')}</small>}
        </div>
      )}
      {isRegistration && (
        <div className="field consent">
          <label>
            <input type="checkbox" name="funderReportsConsent" checked={funderReportsConsent} onChange={(event) => setFunderReportsConsent(event.target.checked)} /> {t('person.funderReportsConsent')}
          </label>
        </div>
      )}
      <FormError message={formError} />
      {queued && (
        <p className="notice notice--warning" role="status">
          {t('outbox.queued')}
        </p>
      )}
      <div className="admin-actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t(isRegistration ? 'registration.submitting' : 'admin.common.saving') : t(isRegistration ? 'registration.submit' : target.kind === 'own' ? 'person.save' : 'person.saveFor')}
        </button>
      </div>
    </form>
  );
}

/** The person form (contract §3, §5): checked field by field as the person types, with the server's own checks on saving. */
export default function PersonForm({ lang, messages, ...props }: PersonFormProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Form lang={lang} {...props} />
    </IslandI18n>
  );
}

/** The message prefixes the form needs (pages pass `pickMessages(lang, PERSON_FORM_MESSAGES)`). */
export const PERSON_FORM_MESSAGES = ['person.', 'validation.', 'admin.common.saving', 'admin.common.error', 'toast.', 'outbox.queued'] as const;
/** The same, with the sign-up's own texts (the offer page). */
export const REGISTRATION_FORM_MESSAGES = [...PERSON_FORM_MESSAGES, 'registration.'] as const;
