import type Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import type { Definition, StepDefinition } from '../core/index.ts';
import { useEngineTexts } from './engine-texts.tsx';
import { holdFocus } from './focus.ts';
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
  formRef?: Ref<Form>;
  onInvalid?: () => void;
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
  formRef,
  onInvalid,
}: StepSchemaFormProps) {
  const [busy, setBusy] = useState(false);
  const restoreFocus = useRef<() => void>(undefined);
  // Once the form is usable again, the button or field the save started from has focus again.
  useEffect(() => {
    if (busy) return;
    restoreFocus.current?.();
    restoreFocus.current = undefined;
  }, [busy]);
  const submit = async (value: FormData) => {
    restoreFocus.current = holdFocus();
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
      formRef={formRef}
      onInvalid={onInvalid}
    >
      {children(busy)}
    </SchemaForm>
  );
}

/**
 * The submit button of every engine form. It is never disabled for errors
 * (docs/product.md#formulare-absenden-und-fehler): a press with errors shows them and leads to the
 * first invalid field; only while saving is it locked, with a spinner (and `busyLabel`, if given).
 */
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
