import { useId, type ReactNode } from 'react';

/** The attributes that tie a field's control to its hint and error. */
export interface ControlAria {
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface Props {
  label: string;
  /** The field's error; the field shows as invalid while it has one. */
  error?: string | null;
  /** The control, given the attributes that tie it to its hint and error. */
  children(aria: ControlAria): ReactNode;
}

/** `ids` are the hint's and the error's, when shown. */
const ariaOf = (error: string | null | undefined, ids: (string | null)[]): ControlAria => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': ids.filter(Boolean).join(' ') || undefined,
});

/** A labelled control with an optional hint, and its error below (a `.field-with-error` block). */
export function FieldWithError({ label, error, hint, children }: Props & { hint?: string }) {
  const id = useId();
  return (
    <div className="field-with-error">
      <label className={`field${error ? ' field--invalid' : ''}`}>
        <span>{label}</span>
        {children(ariaOf(error, [hint ? `${id}-hint` : null, error ? `${id}-error` : null]))}
      </label>
      {hint && (
        <small className="muted" id={`${id}-hint`}>
          {hint}
        </small>
      )}
      {error && (
        <small className="field__error" id={`${id}-error`}>
          {error}
        </small>
      )}
    </div>
  );
}

/** A labelled control with its error inside the label, under the control (the card forms). */
export function FieldWithErrorInLabel({ label, error, className, children }: Props & { className?: string }) {
  const id = useId();
  return (
    <label className={`field${className ? ` ${className}` : ''}${error ? ' field--invalid' : ''}`}>
      <span>{label}</span>
      {children(ariaOf(error, [error ? `${id}-error` : null]))}
      {error && (
        <span className="field__error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </label>
  );
}
