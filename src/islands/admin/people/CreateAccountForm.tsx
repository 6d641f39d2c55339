import { useId, useState, type SubmitEvent } from 'react';
import { useT } from '~/i18n/islands';
import { LANGUAGES, ROLE_IDS, USER_TYPES, type Language, type RoleId, type UserType } from '~/lib/shared/constants';
import type { Account } from '~/lib/shared/schemas/people';
import { FieldWithError } from '~/islands/admin/common/FieldWithError';
import { FormFooter } from '~/islands/admin/common/FormButtons';
import { useFormSubmit } from '~/islands/admin/common/use-form-submit';
import { ROLE_OPTIONS, roleLabel } from '~/islands/admin/cohort/members/member-roles';
import { createAccount } from '~/lib/client/api/people';

interface Props {
  cohorts: { id: number; name: string }[];
  onCreated(account: Account): void;
  onCancel(): void;
}

const FIELDS = ['firstName', 'lastName', 'email', 'userType', 'language', 'cohorts'] as const;

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  userType: UserType;
  language: Language;
  cohortId: string;
  roleId: RoleId;
  sendInvitation: boolean;
}

/** Creates one account with no password; the person gets an invitation to set it. */
export function CreateAccountForm({ cohorts, onCreated, onCancel }: Props) {
  const t = useT();
  const id = useId();
  const [values, setValues] = useState<Values>({ firstName: '', lastName: '', email: '', userType: 'student', language: 'es', cohortId: '', roleId: ROLE_IDS.student, sendInvitation: true });
  const { busy, fields, formError, submit } = useFormSubmit(FIELDS);
  const set = <K extends keyof Values>(name: K, value: Values[K]) => setValues((current) => ({ ...current, [name]: value }));

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!values.firstName.trim()) problems.firstName = t('validation.required.name');
    if (!values.lastName.trim()) problems.lastName = t('validation.required.lastName');
    if (!values.email.trim()) problems.email = t('validation.required.email');
    await submit(problems, async () => {
      const account = await createAccount({
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        userType: values.userType,
        language: values.language,
        cohorts: values.cohortId ? [{ cohortId: Number(values.cohortId), role_id: values.roleId }] : [],
        sendInvitation: values.sendInvitation,
      });
      onCreated(account);
    });
  }

  const text = (name: 'firstName' | 'lastName' | 'email', label: string, type = 'text') => (
    <FieldWithError label={label} error={fields[name]}>
      {(aria) => <input {...aria} type={type} autoComplete="off" maxLength={name === 'email' ? 254 : 60} value={values[name]} onChange={(event) => set(name, event.target.value)} />}
    </FieldWithError>
  );

  return (
    <form className="admin-form admin-form--card people-create" aria-labelledby={`${id}-title`} onSubmit={onSubmit} noValidate>
      <h2 id={`${id}-title`} className="admin-form__title">
        {t('people.create.title')}
      </h2>
      <p className="muted">{t('people.create.help')}</p>
      <div className="person-grid">
        {text('firstName', t('person.firstName'))}
        {text('lastName', t('person.lastName'))}
        {text('email', t('person.email'), 'email')}
        <FieldWithError label={t('people.type')} error={fields.userType}>
          {(aria) => (
            <select {...aria} value={values.userType} onChange={(event) => set('userType', event.target.value as UserType)}>
              {USER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`roles.${type}`)}
                </option>
              ))}
            </select>
          )}
        </FieldWithError>
        <FieldWithError label={t('people.language')} error={fields.language} hint={t('people.languageHint')}>
          {(aria) => (
            <select {...aria} value={values.language} onChange={(event) => set('language', event.target.value as Language)}>
              {LANGUAGES.map((lang) => (
                <option key={lang} value={lang}>
                  {t(`people.language.${lang}`)}
                </option>
              ))}
            </select>
          )}
        </FieldWithError>
        <FieldWithError label={t('people.create.cohort')} error={fields.cohorts ?? fields['cohorts.0.cohortId']}>
          {(aria) => (
            <select {...aria} value={values.cohortId} onChange={(event) => set('cohortId', event.target.value)}>
              <option value="">{t('people.create.noCohort')}</option>
              {cohorts.map((cohort) => (
                <option key={cohort.id} value={cohort.id}>
                  {cohort.name}
                </option>
              ))}
            </select>
          )}
        </FieldWithError>
        {values.cohortId && (
          <FieldWithError label={t('people.create.role')}>
            {(aria) => (
              <select {...aria} value={values.roleId} onChange={(event) => set('roleId', Number(event.target.value) as RoleId)}>
                {ROLE_OPTIONS.map((roleId) => (
                  <option key={roleId} value={roleId}>
                    {roleLabel(t, roleId)}
                  </option>
                ))}
              </select>
            )}
          </FieldWithError>
        )}
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={values.sendInvitation} onChange={(event) => set('sendInvitation', event.target.checked)} /> {t('people.create.sendInvitation')}
      </label>
      <FormFooter busy={busy} formError={formError} submitLabel={t('people.create.submit')} onCancel={onCancel} small={false} />
    </form>
  );
}
