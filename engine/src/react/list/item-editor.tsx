import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useState } from 'react';
import type { Definition, StepDefinition } from '../../core/index.ts';
import { useEngineTexts } from '../engine-texts.tsx';
import { type FormData, SchemaForm } from '../schema-form.tsx';

export interface ItemEditorProps {
  definition: Definition;
  step: StepDefinition;
  initial: FormData;
  submitLabel: string;
  /** Resolves true when saved; the editor stays open (with everything typed) otherwise. */
  onSubmit: (data: FormData) => Promise<boolean>;
  onCancel: () => void;
  idPrefix: string;
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
}: ItemEditorProps) {
  const texts = useEngineTexts();
  const [data, setData] = useState<FormData>(initial);
  const [busy, setBusy] = useState(false);
  const submit = async (value: FormData) => {
    setBusy(true);
    try {
      await onSubmit(value);
    } finally {
      setBusy(false);
    }
  };
  return (
    <SchemaForm
      definition={definition}
      validatorName={`step:${step.meta.key}`}
      schema={step.schema as RJSFSchema}
      uiSchema={step.ui as UiSchema}
      formData={data}
      onChange={setData}
      onSubmit={submit}
      disabled={busy}
      idPrefix={idPrefix}
    >
      <div className="editor-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={onCancel}
          disabled={busy}
        >
          {texts.cancel}
        </button>
        <button type="submit" className="button" disabled={busy}>
          {busy ? <span className="spinner spinner-small" aria-hidden="true" /> : null}
          {submitLabel}
        </button>
      </div>
    </SchemaForm>
  );
}
