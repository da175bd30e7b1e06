import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { type ReactNode, useState } from 'react';
import type { Definition, StepDefinition } from '../core/index.ts';
import { useEngineTexts } from './engine-texts.tsx';
import { type FormData, SchemaForm } from './schema-form.tsx';

interface StepSchemaFormProps {
  definition: Definition;
  step: StepDefinition;
  data: FormData;
  onChange: (data: FormData) => void;
  /** Runs while the form is locked and its button shows the spinner. */
  onSubmit: (data: FormData) => Promise<void>;
  disabled?: boolean;
  idPrefix: string;
  /** The data was stored before: messages of today's rules show at once (see `SchemaForm`). */
  stored?: boolean;
  /** The buttons; `busy` is true while a submit runs. */
  children: (busy: boolean) => ReactNode;
}

/** The form of a step's schema (a form step, or one entry of a list step), locked while saving. */
export function StepSchemaForm({
  definition,
  step,
  data,
  onChange,
  onSubmit,
  disabled = false,
  idPrefix,
  stored = false,
  children,
}: StepSchemaFormProps) {
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
      onChange={onChange}
      onSubmit={submit}
      disabled={disabled || busy}
      idPrefix={idPrefix}
      showStoredErrors={stored}
    >
      {children(busy)}
    </SchemaForm>
  );
}

/** A submit button that shows a spinner (and `busyLabel`, if given) while its form saves. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel?: string;
}) {
  const texts = useEngineTexts();
  return (
    <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
      {busy ? <span className="spinner spinner-small" aria-hidden="true" /> : null}
      {busy ? (busyLabel ?? label) : label}
      {busy && !busyLabel ? <span className="visually-hidden"> ({texts.saving})</span> : null}
    </button>
  );
}
