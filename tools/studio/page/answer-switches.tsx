import type { ReactNode } from 'react';
import type { StepSamples } from '../studio-state.ts';
import { Switch } from './switches.tsx';
import type { Place } from './use-place.ts';

const ANSWERS = [
  { value: 'beispiel', label: 'ausgefüllt' },
  { value: 'leer', label: 'leer' },
];

/** The switches above a preview: the gender variant (where there is one) and filled or empty. */
export function AnswerSwitches({
  samples,
  place,
  go,
  variant,
  children,
}: {
  samples: StepSamples | undefined;
  place: Place;
  go: (change: Partial<Place>) => void;
  /** The variant shown; empty where the step has none. */
  variant: string;
  children?: ReactNode;
}) {
  const context = samples?.context;
  return (
    <div className="studio-toolbar">
      {context ? (
        <Switch
          legend={context.title}
          choices={context.choices}
          value={variant}
          onChange={(value) => go({ variant: value })}
        />
      ) : null}
      <Switch
        legend="Antworten"
        choices={ANSWERS}
        value={place.answers}
        onChange={(value) => go({ answers: value === 'leer' ? 'leer' : 'beispiel' })}
      />
      {children}
    </div>
  );
}
