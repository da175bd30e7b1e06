import type { FormName } from '@fragewerk/engine/core';
import { useEngineChecks } from '@fragewerk/engine/react';
import type { Forms } from '@fragewerk/schemas/types';
import { useCallback, useMemo, useState } from 'react';
import { validatorsFor } from '../lib/validators.ts';
import { useDefinition } from './use-definition.ts';

type Values = Record<string, unknown>;
/** Values whose fields all belong to form `K`: a field renamed in its schema fails to compile. */
type FieldsOf<K extends FormName, T> = { [P in keyof T]: P extends keyof Forms[K] ? T[P] : never };

/** An empty input means "not given": left out, so optional fields pass and required ones say so. */
const withoutEmpty = (values: Values): Values =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));

/**
 * State of a small form validated by a schema of `schemas/forms` with the shared validator: the
 * same German messages as the API. Errors show for fields the user has left or after a submit
 * attempt; `hasErrors` disables the submit button (docs/product.md#validierung).
 */
export function useSchemaForm<K extends FormName, T extends Values>(
  validatorName: `form:${K}`,
  initial: T & FieldsOf<K, T>,
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
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});

  const result = useMemo(() => validate(withoutEmpty(values)), [validate, values]);
  const allErrors: Record<string, string[]> = result.valid ? {} : result.errors;
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
    blur: (name: string) => setTouched((current) => new Set(current).add(name)),
    /** Marks every field as visited; true when the form may be sent. */
    attemptSubmit: () => {
      setSubmitted(true);
      return result.valid;
    },
    /** The normalised values to send (trimmed texts), of the form's generated type once valid. */
    output: { ...values, ...(result.valid ? result.value : {}) } as T & Forms[K],
    setServerErrors,
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
