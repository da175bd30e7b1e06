import './form-step.css';
import type Form from '@rjsf/core';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { Definition, StepDefinition } from '../core/index.ts';
import { answersKey } from './answers-key.ts';
import { DraftNotice } from './draft-notice.tsx';
import { draftSlots, useDraft } from './drafts.tsx';
import { useEngineTexts } from './engine-texts.tsx';
import type { FormData } from './schema-form.tsx';
import { StepSchemaForm, SubmitButton } from './step-schema-form.tsx';

/** How long 'Daten wurden gespeichert' shows after a save. */
export const SAVED_MS = 3000;

/** What the leave question of the app may do with a form step: save it, when it is valid. */
export interface FormStepControl {
  /** Whether the answers as typed pass every rule (nothing shows). */
  canSave(): boolean;
  /** Saves as „Speichern“ does; resolves true when stored. */
  save(): Promise<boolean>;
}

export interface FormStepProps {
  definition: Definition;
  step: StepDefinition;
  /** The stored answers; a change from outside (after a reload) replaces unsaved input only on request. */
  data: FormData;
  /** The stored answers' version (a draft remembers it). */
  version?: number;
  editable: boolean;
  /** Saves the answers; resolves true when stored. */
  onSave: (data: FormData) => Promise<boolean>;
  /** Reports whether there is unsaved input (for the leave-page question). */
  onDirtyChange?: (dirty: boolean) => void;
  control?: Ref<FormStepControl>;
}

const same = (a: FormData, b: FormData) => answersKey(a) === answersKey(b);

/**
 * A form step (brand personality, polarity profile, brand positioning, …): Speichern with spinner;
 * unsaved input is kept as a draft while typed and comes back when the step opens again.
 */
export function FormStep({
  definition,
  step,
  data,
  version = 0,
  editable,
  onSave,
  onDirtyChange,
  control,
}: FormStepProps) {
  const texts = useEngineTexts();
  const draft = useDraft(editable ? draftSlots.form(step.meta.key) : undefined, data, version);
  // What the form shows: the stored answers, or a draft taken back over them.
  const [shown, setShown] = useState(draft.start);
  const latest = useRef(shown);
  // What is typed lives in the form: a keystroke does not render this component again, only a
  // change of `dirty` does.
  const [dirty, setDirty] = useState(() => !same(shown, data));
  const [saved, setSaved] = useState(false);
  const form = useRef<Form>(null);
  const settle = useRef<(stored: boolean) => void>(undefined);

  // New stored answers (a save, or a reload after a conflict) become the starting point; the
  // form takes them over as the data it shows.
  const [stored, setStored] = useState(data);
  if (stored !== data) {
    setStored(data);
    setShown(data);
    latest.current = data;
    setDirty(false);
  }
  /** The form shows `answers` from now on (a draft taken over, or the stored answers again). */
  const show = (answers: FormData) => {
    setShown(answers);
    latest.current = answers;
    setDirty(!same(answers, data));
  };
  const change = (value: FormData) => {
    latest.current = value;
    const changed = !same(value, data);
    setDirty(changed);
    if (changed) draft.keep(value);
    else draft.forget();
  };

  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SAVED_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const submit = async (value: FormData) => {
    setSaved(false);
    const ok = await onSave(value);
    if (ok) {
      draft.drop();
      setSaved(true);
    }
    settle.current?.(ok);
  };

  useImperativeHandle(control, () => ({
    canSave: () => {
      const current = form.current;
      return Boolean(current && current.validate(latest.current).errors.length === 0);
    },
    // Through the form's own submit: the same normalising, messages and lock as „Speichern“.
    save: () =>
      new Promise<boolean>((resolve) => {
        settle.current = (ok) => {
          settle.current = undefined;
          resolve(ok);
        };
        form.current?.submit();
      }),
  }));

  return (
    <>
      {draft.state ? (
        <DraftNotice state={draft.state} {...draft.choices(show, () => latest.current, data)} />
      ) : null}
      <StepSchemaForm
        definition={definition}
        step={step}
        data={shown}
        onChange={change}
        onSubmit={submit}
        disabled={!editable}
        idPrefix={step.meta.key}
        stored={Object.keys(data).length > 0}
        formRef={form}
        onInvalid={() => settle.current?.(false)}
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
    </>
  );
}
