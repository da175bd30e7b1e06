import {
  createAjv,
  inputProblems,
  lengthBeforePattern,
  normalizeInput,
  toFieldErrors,
  fieldLabel,
  TRUSTED_SCHEMAS,
  type FieldErrors,
  type JsonSchema,
} from '@fragewerk/engine/core';
import { invalid } from './api-error.ts';
import { objectBody } from './json-body.ts';

/** One Ajv for the API's own request schemas (ours: no meta-schema check, see TRUSTED_SCHEMAS). */
const ajv = createAjv(TRUSTED_SCHEMAS);

/**
 * A check of a request body against one of a domain's own schemas (`*.schema.json` beside
 * it), the same way the definition's forms are checked (`validatorFromChecks`): storable text
 * first, then trimmed (and `x-normalize: url` completed), then the schema, with German messages
 * per field from the definition's message pack. Returns the normalised body or throws a 422.
 */
export function bodyCheck<T>(schema: JsonSchema) {
  const validate = bodyValidator<T>(schema);
  return (body: unknown, messages: Record<string, string>): T => {
    const result = validate(objectBody(body), messages);
    if (!result.valid) throw invalid(result.errors);
    return result.value;
  };
}

/** As {@link bodyCheck}, for a form page: the value or the errors, nothing thrown. */
export function bodyValidator<T>(schema: JsonSchema) {
  const check = ajv.compile(lengthBeforePattern(schema));
  return (
    input: Record<string, unknown>,
    messages: Record<string, string>,
  ): { valid: true; value: T } | { valid: false; errors: FieldErrors } => {
    const problems = inputProblems(input);
    if (problems.length > 0) {
      const errors: FieldErrors = Object.fromEntries(
        problems.map(({ path, kind }) => [
          path.join('.'),
          [messages[kind]!.replace('{field}', fieldLabel(schema, path))],
        ]),
      );
      return { valid: false, errors };
    }
    const value = normalizeInput(schema, input);
    if (!check(value))
      return { valid: false, errors: toFieldErrors(check.errors, schema, value, messages) };
    return { valid: true, value: value as T };
  };
}
