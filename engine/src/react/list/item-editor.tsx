import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { Definition, StepDefinition } from '../../core/index.ts';
import { answersKey } from '../answers-key.ts';
import { DraftNotice } from '../draft-notice.tsx';
import { useDraft } from '../drafts.tsx';
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
  /** Where the unsaved input is kept as a draft while typed (`draftSlots`), and the entry's version. */
  draftSlot?: string;
  version?: number;
  /** Shown above the form (an entry deleted meanwhile). */
  notice?: ReactNode;
}

const FIRST_FIELD = 'input:not([type="hidden"]), select, textarea';

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
  draftSlot,
  version = 0,
  notice,
}: ItemEditorProps) {
  const texts = useEngineTexts();
  const ref = useRef<HTMLDivElement>(null);
  // The entry as the editor opened it: the host builds `initial` anew on each of its renders.
  const [opened] = useState(initial);
  const [start] = useState(() => answersKey(initial));
  const draft = useDraft(readOnly ? undefined : draftSlot, opened, version);
  // What the form shows: the entry, or a draft taken back over it.
  const [first, setFirst] = useState(draft.start);
  const latest = useRef(first);
  // What is typed lives in the form: a keystroke renders this editor again only when `dirty` flips.
  const [dirty, setDirty] = useState(() => answersKey(first) !== start);
  /** The form shows `data` from now on (a draft taken over, or the entry again). */
  const show = (data: FormData) => {
    setFirst(data);
    latest.current = data;
    setDirty(answersKey(data) !== start);
  };
  const report = useRef(onDirtyChange);
  report.current = onDirtyChange;
  // rjsf's form renders its buttons again only when its data or state changes (it compares props
  // without functions): the buttons call the host's latest `onCancel` through this.
  const cancel = useRef(onCancel);
  cancel.current = onCancel;
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
      {notice}
      {draft.state ? (
        <DraftNotice state={draft.state} {...draft.choices(show, () => latest.current, opened)} />
      ) : null}
      <StepSchemaForm
        definition={definition}
        step={step}
        data={first}
        onChange={(data) => {
          latest.current = data;
          const changed = answersKey(data) !== start;
          setDirty(changed);
          if (changed) draft.keep(data);
          else draft.forget();
        }}
        stored={stored}
        onSubmit={async (value) => {
          if (await onSubmit(value)) draft.drop();
        }}
        disabled={readOnly}
        idPrefix={idPrefix}
      >
        {(busy) =>
          readOnly ? (
            <div className="editor-actions">
              <button
                type="button"
                className="button button-secondary"
                onClick={() => cancel.current()}
              >
                {texts.close}
              </button>
            </div>
          ) : (
            <div className="editor-actions">
              <button
                type="button"
                className="button button-secondary"
                onClick={() => cancel.current()}
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
