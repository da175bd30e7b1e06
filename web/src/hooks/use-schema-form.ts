import { applyEdit, type FormName } from '@fragewerk/engine/core';
import {
  type DraftStore,
  focusFirstInvalid,
  holdFocus,
  useEngineChecks,
} from '@fragewerk/engine/react';
import type { Forms } from '@fragewerk/schemas/types';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { validatorsFor } from '../lib/validators.ts';
import { useFullDefinition } from './use-definition.ts';

type Values = Record<string, unknown>;
type FieldErrors = Record<string, string[]>;
/** Values whose fields all belong to form `K`: a field renamed in its schema fails to compile. */
type FieldsOf<K extends FormName, T> = { [P in keyof T]: P extends keyof Forms[K] ? T[P] : never };

/** Whether a mouse button or finger is down, and what waits for it to come up. */
let pointerDown = false;
const afterClick: (() => void)[] = [];

/**
 * Runs `show` now, or, while a pointer is pressed, once the click is done. A field left by
 * pressing a button (Speichern, Zurück) must not show its message before the click: the message
 * would push the button away from under the pointer, and the click would land beside it.
 */
function whenPointerReleased(show: () => void) {
  if (!pointerDown) return show();
  afterClick.push(show);
}
let listening = false;
function watchPointer() {
  if (listening) return;
  listening = true;
  const release = () => {
    pointerDown = false;
    // After the click that this release ends has been dispatched.
    setTimeout(() => afterClick.splice(0).forEach((show) => show()));
  };
  document.addEventListener('pointerdown', () => (pointerDown = true), true);
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}

/**
 * Where a form keeps its unsaved input (docs/product.md#entwürfe): the person's store, the form's
 * slot in it, and the fields that are never written down (passwords).
 */
export interface FormDraft {
  store: DraftStore;
  slot: string;
  secret?: string[];
}

/** A draft found when the form opened: `restored` (taken back) or `stale` (the stored values changed since: offered). */
export interface FormDraftState {
  kind: 'restored' | 'stale';
  savedAt: number;
}

const sameValues = (a: Values, b: Values) => JSON.stringify(a) === JSON.stringify(b);

/** An empty input means "not given": left out, so optional fields pass and required ones say so. */
const withoutEmpty = (values: Values): Values =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));

/**
 * State of a small form validated by a schema of `schemas/forms` with the shared validator: the
 * same German messages as the API. Errors show for fields the user has left or after a submit
 * attempt. docs/product.md#formulare-absenden-und-fehler: the submit button stays enabled; a submit
 * with errors (or the server's 422) shows them all and focuses the first invalid field. `busy`
 * (a request in flight) locks the form; afterwards focus is back where the submit started.
 */
export function useSchemaForm<K extends FormName, T extends Values>(
  validatorName: `form:${K}`,
  initial: T & FieldsOf<K, T>,
  busy = false,
  draft?: FormDraft,
) {
  // Every step: the validators are built once per checks, for whichever project comes first.
  const definition = useFullDefinition();
  const checks = useEngineChecks();
  const validate = useMemo(
    () => validatorsFor(definition, checks)(validatorName),
    [definition, checks, validatorName],
  );
  const kept = (from: Values): Values =>
    Object.fromEntries(Object.entries(from).filter(([name]) => !draft?.secret?.includes(name)));
  // A draft of these very values is taken back at once; one typed over other values is offered.
  const [found] = useState(() => draft?.store.read(draft.slot));
  const [draftState, setDraftState] = useState<FormDraftState | undefined>(
    found && {
      kind: sameValues(found.base, kept(initial)) ? 'restored' : 'stale',
      savedAt: found.savedAt,
    },
  );
  const [values, setValues] = useState<T>(() =>
    found && draftState?.kind === 'restored' ? ({ ...initial, ...found.data } as T) : initial,
  );
  const [baseline, setBaseline] = useState<T>(initial);
  // Every change is written down at once; back at the stored values, the draft goes – unless one
  // is still offered.
  useEffect(() => {
    if (!draft) return;
    const [typed, base] = [kept(values), kept(baseline)];
    if (!sameValues(typed, base))
      draft.store.write(draft.slot, { data: typed, base, version: 0, savedAt: Date.now() });
    else if (draftState?.kind !== 'stale') draft.store.remove(draft.slot);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values, baseline]);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const form = useRef<HTMLFormElement | null>(null);
  useEffect(watchPointer, []);
  const restoreFocus = useRef<() => void>(undefined);
  useEffect(() => {
    if (busy) return;
    restoreFocus.current?.();
    restoreFocus.current = undefined;
  }, [busy]);

  const result = useMemo(() => validate(withoutEmpty(values)), [validate, values]);
  const allErrors: FieldErrors = result.valid ? {} : result.errors;
  const errorsFor = (name: string): string[] => {
    const own = submitted || touched.has(name) ? (allErrors[name] ?? []) : [];
    return [...own, ...(serverErrors[name] ?? [])];
  };

  const set = useCallback(<K extends keyof T & string>(name: K, value: T[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors(({ [name]: _dropped, ...rest }) => rest);
  }, []);

  return {
    values,
    set,
    errorsFor,
    hasErrors: !result.valid,
    dirty: JSON.stringify(values) !== JSON.stringify(baseline),
    blur: (name: string) =>
      whenPointerReleased(() => setTouched((current) => new Set(current).add(name))),
    /**
     * Shows every error; true when the form may be sent. Otherwise focus moves to the first invalid
     * field of `element` (by default the form the focused button or field belongs to).
     */
    attemptSubmit: (element?: HTMLFormElement | null) => {
      form.current = element ?? document.activeElement?.closest('form') ?? null;
      if (result.valid) {
        setSubmitted(true);
        restoreFocus.current = holdFocus();
        return true;
      }
      flushSync(() => setSubmitted(true));
      focusFirstInvalid(form.current);
      return false;
    },
    /** The normalised values to send (trimmed texts), of the form's generated type once valid. */
    output: { ...values, ...(result.valid ? result.value : {}) } as T & Forms[K],
    /** The server's field errors (422); the first invalid field takes focus. */
    setServerErrors: (errors: FieldErrors) => {
      restoreFocus.current = undefined;
      flushSync(() => setServerErrors(errors));
      if (Object.keys(errors).length) focusFirstInvalid(form.current);
    },
    /** The draft found when the form opened, with its two answers. */
    draft: draftState && {
      state: draftState,
      apply: () => {
        setDraftState(undefined);
        if (found) setValues((current) => applyEdit(found.base, found.data, current) as T);
      },
      discard: () => {
        setDraftState(undefined);
        if (draftState.kind === 'restored') setValues(baseline);
        if (draft) draft.store.remove(draft.slot);
      },
    },
    /** Starts over from new values (after loading or saving). */
    reset: (next: T) => {
      // New stored values end an offer (its draft is written over or removed); the same ones
      // (a reload) do not.
      if (!sameValues(next, baseline)) setDraftState(undefined);
      setValues(next);
      setBaseline(next);
      setTouched(new Set());
      setSubmitted(false);
      setServerErrors({});
    },
  };
}
