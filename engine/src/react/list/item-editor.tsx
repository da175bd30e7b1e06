import { useEffect, useRef, useState } from 'react';
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
  /** Reports whether the editor holds input that differs from `initial` (for the leave question). */
  onDirtyChange?: (dirty: boolean) => void;
  idPrefix: string;
  /** Edits a stored entry: messages of today's rules show at once. */
  stored?: boolean;
  /** Shows the entry locked, with only a close button (`onCancel`): nothing may be changed. */
  readOnly?: boolean;
}

const FIRST_FIELD = 'input:not([type="hidden"]), select, textarea';

/**
 * The answers in a fixed key order, so the same answers compare equal however they were built.
 * Runs on every keystroke: keys sort by code unit (any fixed order serves; `localeCompare` asks
 * the collator for each pair).
 */
const canonical = (data: FormData) =>
  JSON.stringify(Object.fromEntries(Object.entries(data).sort(([a], [b]) => (a < b ? -1 : 1))));

/** The form of one list entry, for adding (inline) and editing (in the overlay). */
export function ItemEditor({
  definition,
  step,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  onDirtyChange,
  idPrefix,
  stored = false,
  readOnly = false,
}: ItemEditorProps) {
  const texts = useEngineTexts();
  const ref = useRef<HTMLDivElement>(null);
  // The entry as the editor opened it: the host builds `initial` anew on each of its renders.
  const [first] = useState(initial);
  const [start] = useState(() => canonical(initial));
  // What is typed lives in the form: a keystroke renders this editor again only when `dirty` flips.
  const [dirty, setDirty] = useState(false);
  const report = useRef(onDirtyChange);
  report.current = onDirtyChange;
  useEffect(() => report.current?.(dirty), [dirty]);
  useEffect(() => () => report.current?.(false), []);
  // The editor loads on first use, after the click that opened it: its first field takes focus then.
  useEffect(() => {
    const root = ref.current!;
    if (!root.contains(document.activeElement))
      root.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
  }, []);
  return (
    <div ref={ref}>
      <StepSchemaForm
        definition={definition}
        step={step}
        data={first}
        onChange={(data) => setDirty(canonical(data) !== start)}
        stored={stored}
        onSubmit={async (value) => void (await onSubmit(value))}
        disabled={readOnly}
        idPrefix={idPrefix}
      >
        {(busy) =>
          readOnly ? (
            <div className="editor-actions">
              <button type="button" className="button button-secondary" onClick={onCancel}>
                {texts.close}
              </button>
            </div>
          ) : (
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
          )
        }
      </StepSchemaForm>
    </div>
  );
}
