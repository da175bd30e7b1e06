import '@fragewerk/engine/react/fields.css';
import { useId } from 'react';
import './checkbox-field.css';

interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** A checkbox with its label. */
export function CheckboxField({ label, checked, onChange, disabled }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="field field-checkbox">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
