import type { FormName } from '@fragewerk/engine/core';
import { focusFirstInvalid, holdFocus, useEngineChecks } from '@fragewerk/engine/react';
import type { Forms } from '@fragewerk/schemas/types';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { validatorsFor } from '../lib/validators.ts';
import { useDefinition } from './use-definition.ts';

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
) {
  const definition = useDefinition();
  const checks = useEngineChecks();
  const validate = useMemo(
    () => validatorsFor(definition, checks)(validatorName),
    [definition, checks, validatorName],
  );
  const [values, setValues] = useState<T>(initial);
  const [baseline, setBaseline] = useState<T>(initial);
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
    /** Starts over from new values (after loading or saving). */
    reset: (next: T) => {
      setValues(next);
      setBaseline(next);
      setTouched(new Set());
      setSubmitted(false);
      setServerErrors({});
    },
  };
}
