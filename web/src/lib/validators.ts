import {
  type CompiledChecks,
  type Definition,
  type Validators,
  validatorFromChecks,
} from '@fragewerk/engine/core';

const cache = new WeakMap<CompiledChecks, Validators>();

/** The shared validators (the API's German messages) from the precompiled checks, built once. */
export function validatorsFor(definition: Definition, checks: CompiledChecks): Validators {
  let validators = cache.get(checks);
  if (!validators) {
    validators = validatorFromChecks(definition, checks);
    cache.set(checks, validators);
  }
  return validators;
}
