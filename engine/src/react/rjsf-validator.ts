import type { ErrorSchema, RJSFValidationError, ValidationData, ValidatorType } from '@rjsf/utils';
import type { CompiledChecks, Definition, FieldErrors } from '../core/index.ts';
import { schemaFields, schemaFor, schemaKey, validatorFromChecks } from '../core/index.ts';

/** rjsf's error shape from our German field errors (`{field: {__errors: [...]}}`). */
export function toErrorSchema(errors: FieldErrors): ErrorSchema {
  const schema: Record<string, unknown> = {};
  for (const [field, messages] of Object.entries(errors)) {
    let node = schema;
    const path = field ? field.split('.') : [];
    for (const part of path) node = (node[part] ??= {}) as Record<string, unknown>;
    node.__errors = [...((node.__errors as string[] | undefined) ?? []), ...messages];
  }
  return schema as ErrorSchema;
}

function toErrorList(errors: FieldErrors): RJSFValidationError[] {
  return Object.entries(errors).flatMap(([field, messages]) =>
    messages.map((message) => ({ property: field ? `.${field}` : '.', message, stack: message })),
  );
}

/**
 * rjsf's validator interface for one step or form (`step:<key>`, `form:<name>`) on top of the
 * shared, precompiled checks: the form shows exactly the API's German messages, and rjsf's
 * questions about `if` branches are answered by the precompiled condition checks. Nothing is
 * compiled in the browser (no `unsafe-eval`).
 */
export function createRjsfValidator(
  definition: Definition,
  name: string,
  checks: CompiledChecks,
): ValidatorType {
  const validate = validatorFromChecks(definition, checks)(name);
  // A step's stored answers may hold fields its revision no longer knows: they stay stored and the
  // API keeps them when they come back unchanged, so the form checks only the fields it shows
  // (docs/architecture.md#revisionen).
  const schema = name.startsWith('step:') ? schemaFor(definition, name) : undefined;
  const known = schema ? schemaFields(schema) : undefined;
  const shown = (formData: Record<string, unknown>) =>
    known
      ? Object.fromEntries(Object.entries(formData).filter(([key]) => known.has(key)))
      : formData;
  // rjsf asks about the same `if` schema objects on every change: each is hashed once.
  const keys = new WeakMap<object, string>();
  const conditionFor = (schema: unknown) => {
    let key = typeof schema === 'object' && schema ? keys.get(schema) : undefined;
    if (key === undefined) {
      key = schemaKey(schema);
      if (typeof schema === 'object' && schema) keys.set(schema, key);
    }
    return Object.hasOwn(checks.conditions, key) ? checks.conditions[key] : undefined;
  };
  return {
    validateFormData(formData): ValidationData<unknown> {
      const result = validate(shown((formData ?? {}) as Record<string, unknown>));
      if (result.valid) return { errors: [], errorSchema: {} };
      return { errors: toErrorList(result.errors), errorSchema: toErrorSchema(result.errors) };
    },
    isValid(schema, formData) {
      // Our schemas only ask rjsf to choose `if` branches; any other question has no branch.
      return Boolean(conditionFor(schema)?.(formData));
    },
    rawValidation(schema, formData) {
      const check = conditionFor(schema);
      check?.(formData);
      return { errors: (check?.errors ?? []) as never[] };
    },
  };
}
