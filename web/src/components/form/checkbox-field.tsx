import '@fragewerk/engine/react/fields.css';
import { useId } from 'react';
import './checkbox-field.css';

interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Ids of texts that explain the box, e.g. why it is disabled. */
  describedBy?: string;
}

/** A checkbox with its label. */
export function CheckboxField({
  label,
  checked,
  onChange,
  disabled,
  describedBy,
}: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="field field-checkbox">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
