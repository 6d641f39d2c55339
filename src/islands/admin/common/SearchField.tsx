import { useId } from 'react';

interface Props {
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  hint?: string;
  autoFocus?: boolean;
  className?: string;
}

/** A search box in its own search landmark; typing searches (the form never submits). */
export function SearchField({ label, value, onChange, placeholder, hint, autoFocus = false, className }: Props) {
  const id = useId();
  return (
    <form role="search" className={`admin-form${className ? ` ${className}` : ''}`} onSubmit={(event) => event.preventDefault()}>
      <label className="field" htmlFor={`${id}-input`}>
        <span>{label}</span>
        <input
          id={`${id}-input`}
          type="search"
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          autoFocus={autoFocus}
          maxLength={100}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
      {hint && (
        <small id={`${id}-hint`} className="muted">
          {hint}
        </small>
      )}
    </form>
  );
}
