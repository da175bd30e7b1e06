import './templates/fields.css';
import './widgets/widgets.css';
import type Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { type ReactNode, type Ref, useImperativeHandle, useMemo, useRef, useState } from 'react';
import type { Definition } from '../core/index.ts';
import type { EngineFormContext } from './preset-options.ts';
import { useEngineChecks } from './engine-checks.tsx';
import { EngineForm } from './engine-form.tsx';
import { focusFirstInvalid } from './focus.ts';
import { ObjectField } from './fields/object-field.tsx';
import { rjsfRootSchema } from './rjsf-root-schema.ts';
import { createRjsfValidator } from './rjsf-validator.ts';
import { templates } from './templates/templates.ts';
import { widgets } from './widgets/registry.ts';

export type FormData = Record<string, unknown>;

/** The engine's rjsf fields (the rest are rjsf's own). */
const fields = { ObjectField };

export interface SchemaFormProps {
  definition: Definition;
  /** Which shared validator checks this form: `step:<key>` or `form:<name>`. */
  validatorName: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  formData: FormData;
  onChange?: (data: FormData) => void;
  /** Called only when every field is valid ("Form submit" in docs/product.md#zustände). */
  onSubmit: (data: FormData) => void;
  disabled?: boolean;
  /** The form's buttons; a submit button among them submits. */
  children: ReactNode;
  idPrefix?: string;
  formRef?: Ref<Form>;
  /**
   * The data was stored before: where today's rules no longer accept it (a field became required,
   * an option was taken out), the messages show at once, without moving the focus.
   */
  showStoredErrors?: boolean;
  /** A submit found errors (they show, the first invalid field has focus). */
  onInvalid?: () => void;
}

/**
 * One small rjsf form (a step or one item editor, never the whole questionnaire), rendered with
 * the engine's widgets and templates and validated by the shared validator with the API's German
 * messages. Errors appear after the first submit and then follow every change.
 */
export function SchemaForm({
  definition,
  validatorName,
  schema,
  uiSchema,
  formData,
  onChange,
  onSubmit,
  disabled,
  children,
  idPrefix,
  formRef,
  showStoredErrors = false,
  onInvalid,
}: SchemaFormProps) {
  const checks = useEngineChecks();
  const validator = useMemo(
    () => createRjsfValidator(definition, validatorName, checks),
    [definition, validatorName, checks],
  );
  const formSchema = useMemo(() => rjsfRootSchema(schema), [schema]);
  const formContext = useMemo<EngineFormContext>(() => ({ definition }), [definition]);
  // A stable uiSchema spares rjsf's update check a deep comparison on every keystroke.
  const formUiSchema = useMemo(
    () => ({ ...uiSchema, 'ui:submitButtonOptions': { norender: true } }),
    [uiSchema],
  );
  const [submitted, setSubmitted] = useState(false);
  // The stored data's errors until the first change; from then on live validation shows them.
  const [storedErrors, setStoredErrors] = useState<ErrorSchema | undefined>(() => {
    if (!showStoredErrors) return undefined;
    const { errors, errorSchema } = validator.validateFormData(formData, schema);
    return errors.length > 0 ? errorSchema : undefined;
  });
  const form = useRef<Form>(null);
  useImperativeHandle(formRef, () => form.current!, []);
  // The form holds what is typed as its own state; a keystroke renders only the form, not its
  // host. When the form renders again for another reason (a message, the lock while saving), it
  // must get the data it holds, not the host's older value, or rjsf would take that older value
  // back. So the data it last reported is what it gets, until the host gives it new data.
  const given = useRef(formData);
  const current = useRef(formData);
  if (formData !== given.current) {
    given.current = formData;
    current.current = formData;
  }
  return (
    <EngineForm
      ref={form}
      schema={formSchema}
      uiSchema={formUiSchema}
      formData={current.current}
      validator={validator}
      widgets={widgets}
      fields={fields}
      templates={templates}
      formContext={formContext}
      idPrefix={idPrefix}
      disabled={disabled}
      showErrorList={false}
      noHtml5Validate
      liveValidate={submitted || storedErrors ? 'onChange' : undefined}
      extraErrors={storedErrors}
      // The first invalid field as the user reads the form, not the first error the schema names.
      focusOnFirstError={() => focusFirstInvalid(form.current?.formElement.current)}
      onChange={(event: IChangeEvent<FormData>) => {
        current.current = event.formData ?? {};
        if (storedErrors) setStoredErrors(undefined);
        onChange?.(current.current);
      }}
      onSubmit={(event: IChangeEvent<FormData>) => onSubmit(event.formData ?? {})}
      onError={() => {
        setSubmitted(true);
        onInvalid?.();
      }}
    >
      {children}
    </EngineForm>
  );
}
