import { useState, type SubmitEvent } from 'react';
import { useT } from '~/i18n/islands';
import { CardForm, NameField } from './CardForm';
import { FieldWithErrorInLabel } from './FieldWithError';
import { FormFooter } from './FormButtons';
import { useFormSubmit } from './use-form-submit';

const FIELDS = ['name', 'description'] as const;

export interface NameDescription {
  name: string;
  description: string;
}

interface Props {
  /** The form's accessible name and heading, e.g. "New program". */
  label: string;
  initial?: Partial<NameDescription>;
  withDescription?: boolean;
  submitLabel: string;
  /** Saves; rejects with the API failure, which the form shows next to the fields. */
  onSubmit(values: NameDescription): Promise<void>;
  onCancel(): void;
}

/** A small form for a name (required) and an optional description, with the server's field errors inline. */
export function NameDescriptionForm({ label, initial = {}, withDescription = false, submitLabel, onSubmit, onCancel }: Props) {
  const t = useT();
  const [name, setName] = useState(initial.name ?? '');
  const [description, setDescription] = useState(initial.description ?? '');
  const { busy, fields, formError, submit: run } = useFormSubmit(FIELDS);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    await run(name.trim() ? {} : { name: t('admin.common.required') }, () => onSubmit({ name: name.trim(), description: description.trim() }));
  }

  return (
    <CardForm label={label} onSubmit={(event) => void submit(event)}>
      <NameField value={name} error={fields.name} onChange={setName} />
      {withDescription && (
        <FieldWithErrorInLabel label={t('admin.common.description')} error={fields.description} className="field--short-text">
          {(aria) => <textarea name="description" value={description} maxLength={5000} rows={3} {...aria} onChange={(event) => setDescription(event.target.value)} />}
        </FieldWithErrorInLabel>
      )}
      <FormFooter formError={formError} busy={busy} submitLabel={submitLabel} onCancel={onCancel} />
    </CardForm>
  );
}
