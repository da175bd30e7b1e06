import '@fragewerk/engine/react/fields.css';
import { useId } from 'react';
import { FieldNotes } from './field-notes.tsx';

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  errors?: string[];
  type?: 'text' | 'email' | 'password' | 'url' | 'date';
  required?: boolean;
  disabled?: boolean;
  autoComplete?: string;
  autoFocus?: boolean;
  help?: string;
  name?: string;
}

/** A labelled input with its German errors, linked for screen readers. */
export function TextField({
  label,
  value,
  onChange,
  onBlur,
  errors = [],
  type = 'text',
  required,
  disabled,
  autoComplete,
  autoFocus,
  help,
  name,
}: TextFieldProps) {
  const id = useId();
  const describedBy =
    [errors.length ? `${id}-error` : '', help ? `${id}-help` : ''].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        required={required}
        disabled={disabled}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={describedBy}
      />
      <FieldNotes id={id} help={help} errors={errors} />
    </div>
  );
}
