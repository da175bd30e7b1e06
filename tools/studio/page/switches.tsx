import { useId } from 'react';
import type { Choice } from '../studio-state.ts';

/** A row of mutually exclusive choices (radio buttons that look like a segmented control). */
export function Switch({
  legend,
  choices,
  value,
  onChange,
}: {
  legend: string;
  choices: Choice[];
  value: string;
  onChange: (value: string) => void;
}) {
  const name = useId();
  return (
    <fieldset className="studio-switch">
      <legend>{legend}</legend>
      <div className="studio-switch-choices">
        {choices.map((choice) => (
          <label key={choice.value} className={choice.value === value ? 'is-on' : undefined}>
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
