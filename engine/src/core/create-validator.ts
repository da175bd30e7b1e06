import { createAjv, TRUSTED_SCHEMAS } from './create-ajv.ts';
import type { Definition } from './definition-types.ts';
import { lengthBeforePattern } from './length-before-pattern.ts';
import {
  type CompiledChecks,
  conditionSchemas,
  schemaFor,
  validatorFromChecks,
  validatorNames,
  type Validators,
} from './validator-runtime.ts';

export {
  schemaFor,
  validatorNames,
  type Validate,
  type ValidationResult,
} from './validator-runtime.ts';

/**
 * Compiles every check of a loaded definition with the shared Ajv factory (server and tests; the
 * browser gets the same checks precompiled as standalone code and never compiles). Each schema
 * is compiled with its lengths before its patterns (`lengthBeforePattern`); conditions keep the
 * key of the schema as written, which is what rjsf asks about.
 */
export function compileChecks(definition: Definition): CompiledChecks {
  const ajv = createAjv(TRUSTED_SCHEMAS);
  const validators = Object.fromEntries(
    validatorNames(definition).map((name) => [
      name,
      ajv.compile(lengthBeforePattern(schemaFor(definition, name)!)),
    ]),
  );
  const conditions = Object.fromEntries(
    Object.entries(conditionSchemas(definition)).map(([key, schema]) => [
      key,
      ajv.compile(lengthBeforePattern(schema)),
    ]),
  );
  return { validators, conditions };
}

/** Compiles one validator per step and form, with German messages per field. */
export function createValidator(definition: Definition): Validators {
  return validatorFromChecks(definition, compileChecks(definition));
}
