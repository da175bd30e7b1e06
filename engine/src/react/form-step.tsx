import { useEffect, useState } from 'react';
import type { Definition, StepDefinition } from '../core/index.ts';
import { useEngineTexts } from './engine-texts.tsx';
import type { FormData } from './schema-form.tsx';
import { StepSchemaForm, SubmitButton } from './step-schema-form.tsx';

/** How long 'Daten wurden gespeichert' shows after a save. */
export const SAVED_MS = 3000;

export interface FormStepProps {
  definition: Definition;
  step: StepDefinition;
  /** The stored answers; a change from outside (after a reload) replaces unsaved input only on request. */
  data: FormData;
  editable: boolean;
  /** Saves the answers; resolves true when stored. */
  onSave: (data: FormData) => Promise<boolean>;
  /** Reports whether there is unsaved input (for the leave-page question). */
  onDirtyChange?: (dirty: boolean) => void;
}

const same = (a: FormData, b: FormData) => JSON.stringify(a) === JSON.stringify(b);

/** A form step (brand personality, polarity profile, brand positioning, …): Speichern with spinner. */
export function FormStep({
  definition,
  step,
  data,
  editable,
  onSave,
  onDirtyChange,
}: FormStepProps) {
  const texts = useEngineTexts();
  // What is typed lives in the form: a keystroke does not render this component again, only a
  // change of `dirty` does.
  const [dirty, setDirty] = useState(false);
  const [saved, setSaved] = useState(false);

  // New stored answers (a save, or a reload after a conflict) become the starting point; the
  // form takes them over as the data it shows.
  useEffect(() => setDirty(false), [data]);
  const change = (value: FormData) => setDirty(!same(value, data));

  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SAVED_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const submit = async (value: FormData) => {
    setSaved(false);
    if (await onSave(value)) setSaved(true);
  };

  return (
    <StepSchemaForm
      definition={definition}
      step={step}
      data={data}
      onChange={change}
      onSubmit={submit}
      disabled={!editable}
      idPrefix={step.meta.key}
      stored={Object.keys(data).length > 0}
    >
      {(busy) =>
        editable ? (
          <div className="form-step-actions">
            <SubmitButton
              busy={busy}
              label={step.meta.form?.saveButton ?? texts.save}
              busyLabel={texts.saving}
            />
            <span role="status" className="saved-notice">
              {saved ? texts.saved : ''}
            </span>
          </div>
        ) : (
          <span />
        )
      }
    </StepSchemaForm>
  );
}
