import { useId, useState, type SubmitEvent } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import { PASSWORD_MIN_LENGTH } from '~/lib/shared/schemas/people';
import { FieldWithError } from '~/islands/admin/common/FieldWithError';
import { FormError } from '~/islands/admin/common/FormError';
import { useFormSubmit } from '~/islands/admin/common/use-form-submit';
import { notify } from '~/islands/shell/notify';
import { changePassword } from '~/lib/client/api/account';

const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;
type Values = Record<(typeof FIELDS)[number], string>;
const EMPTY: Values = { currentPassword: '', password: '', confirmPassword: '' };

function Form() {
  const t = useT();
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const { busy, fields, formError, submit } = useFormSubmit(FIELDS);

  /** The form's own checks, in the page's language. */
  function problemsOf(current: Values): Record<string, string> {
    const problems: Record<string, string> = {};
    if (!current.currentPassword) problems.currentPassword = t('validation.required.currentPassword');
    if (!current.password) problems.password = t('validation.required.password');
    else if (current.password.length < PASSWORD_MIN_LENGTH) problems.password = t('validation.length.min', { count: PASSWORD_MIN_LENGTH });
    if (!current.confirmPassword) problems.confirmPassword = t('validation.required.confirmPassword');
    else if (current.confirmPassword !== current.password) problems.confirmPassword = t('validation.password.mismatch');
    return problems;
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    await submit(problemsOf(values), async () => {
      await changePassword(values);
      setValues(EMPTY);
      notify({ status: 'success', message: t('account.password.changed') });
    });
  }

  const field = (name: (typeof FIELDS)[number], label: string, autoComplete: string, hint?: string) => (
    <FieldWithError label={label} error={fields[name]} hint={hint}>
      {(aria) => (
        <input
          {...aria}
          type="password"
          autoComplete={autoComplete}
          maxLength={200}
          value={values[name]}
          onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        />
      )}
    </FieldWithError>
  );

  return (
    <form className="admin-form" aria-labelledby={`${id}-title`} onSubmit={onSubmit} noValidate>
      <h2 id={`${id}-title`}>{t('account.password.title')}</h2>
      <p className="muted">{t('account.password.help')}</p>
      {field('currentPassword', t('account.password.current'), 'current-password')}
      {field('password', t('account.password.new'), 'new-password', t('account.password.rule', { count: PASSWORD_MIN_LENGTH }))}
      {field('confirmPassword', t('account.password.confirm'), 'new-password')}
      <FormError message={formError} />
      <div className="admin-actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('admin.common.saving') : t('account.password.submit')}
        </button>
      </div>
    </form>
  );
}

/** A signed-in person changes their password; their other sessions end. */
export default function ChangePassword({ lang, messages }: { lang: Language; messages: Messages }) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Form />
    </IslandI18n>
  );
}
