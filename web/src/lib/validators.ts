import {
  type CompiledChecks,
  type Definition,
  type Validate,
  validatorFromChecks,
} from '@fragewerk/engine/core';

const cache = new WeakMap<CompiledChecks, (name: string) => Validate>();

/** The shared validators (the API's German messages) from the precompiled checks, built once. */
export function validatorsFor(
  definition: Definition,
  checks: CompiledChecks,
): (name: string) => Validate {
  let validators = cache.get(checks);
  if (!validators) {
    validators = validatorFromChecks(definition, checks);
    cache.set(checks, validators);
  }
  return validators;
}
