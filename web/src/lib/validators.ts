import { createValidator, type Definition, type Validate } from '@fragewerk/engine/core';

const cache = new WeakMap<Definition, (name: string) => Validate>();

/** The shared validators of the definition (the same German messages as the API), built once. */
export function validatorsFor(definition: Definition): (name: string) => Validate {
  let validators = cache.get(definition);
  if (!validators) {
    validators = createValidator(definition);
    cache.set(definition, validators);
  }
  return validators;
}
