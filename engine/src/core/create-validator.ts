import type { ValidateFunction } from 'ajv';
import { createAjv } from './create-ajv.ts';
import type { Definition, JsonSchema } from './definition-types.ts';
import { fieldLabel, toFieldErrors, type FieldErrors } from './field-errors.ts';
import { inputProblems } from './input-limits.ts';
import { normalizeInput } from './normalize-input.ts';

/** A valid result carries the normalised value, which is what gets stored. */
export type ValidationResult =
  { valid: true; value: unknown } | { valid: false; errors: FieldErrors };

/** Validates one kind of document: a step (`step:<key>`) or a form (`form:<name>`). */
export type Validate = (data: unknown) => ValidationResult;

/** The schema of a step or form by its validator name, or undefined. */
export function schemaFor(definition: Definition, name: string): JsonSchema | undefined {
  const [kind, key] = name.split(':');
  if (kind === 'step') return definition.steps.find((step) => step.meta.key === key)?.schema;
  if (kind === 'form' && key && Object.hasOwn(definition.forms, key)) return definition.forms[key];
  return undefined;
}

/** Every validator name the definition provides. */
export function validatorNames(definition: Definition): string[] {
  return [
    ...definition.steps.map((step) => `step:${step.meta.key}`),
    ...Object.keys(definition.forms).map((name) => `form:${name}`),
  ];
}

/**
 * Compiles one validator per step and form with the shared Ajv factory. Results carry German
 * messages per field, so the API's 422 and the browser show the same words.
 */
export function createValidator(definition: Definition): (name: string) => Validate {
  const ajv = createAjv();
  const compiled = new Map<string, Validate>();
  for (const name of validatorNames(definition)) {
    const schema = schemaFor(definition, name)!;
    const validate: ValidateFunction = ajv.compile(schema);
    compiled.set(name, (input) => {
      const problems = inputProblems(input);
      if (problems.length > 0) {
        const errors: FieldErrors = Object.fromEntries(
          problems.map(({ path, kind }) => [
            path.join('.'),
            [
              definition.messages[kind]!.replace(
                '{field}',
                path.length ? fieldLabel(schema, path) : fieldLabel(schema, []),
              ),
            ],
          ]),
        );
        return { valid: false, errors };
      }
      const value = normalizeInput(schema, input);
      return validate(value)
        ? { valid: true, value }
        : {
            valid: false,
            errors: toFieldErrors(validate.errors, schema, value, definition.messages),
          };
    });
  }
  return (name) => {
    const validate = compiled.get(name);
    if (!validate) throw new Error(`Unbekannter Validator: ${name}`);
    return validate;
  };
}
