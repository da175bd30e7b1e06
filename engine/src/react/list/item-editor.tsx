import { useState } from 'react';
import type { Definition, StepDefinition } from '../../core/index.ts';
import { useEngineTexts } from '../engine-texts.tsx';
import type { FormData } from '../schema-form.tsx';
import { StepSchemaForm, SubmitButton } from '../step-schema-form.tsx';

export interface ItemEditorProps {
  definition: Definition;
  step: StepDefinition;
  initial: FormData;
  submitLabel: string;
  /** Resolves true when saved; the editor stays open (with everything typed) otherwise. */
  onSubmit: (data: FormData) => Promise<boolean>;
  onCancel: () => void;
  idPrefix: string;
  /** Edits a stored entry: messages of today's rules show at once. */
  stored?: boolean;
}

/** The form of one list entry, for adding (inline) and editing (in the overlay). */
export function ItemEditor({
  definition,
  step,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  idPrefix,
  stored = false,
}: ItemEditorProps) {
  const texts = useEngineTexts();
  const [data, setData] = useState<FormData>(initial);
  return (
    <StepSchemaForm
      definition={definition}
      step={step}
      data={data}
      onChange={setData}
      stored={stored}
      onSubmit={async (value) => void (await onSubmit(value))}
      idPrefix={idPrefix}
    >
      {(busy) => (
        <div className="editor-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={onCancel}
            disabled={busy}
          >
            {texts.cancel}
          </button>
          <SubmitButton busy={busy} label={submitLabel} />
        </div>
      )}
    </StepSchemaForm>
  );
}
