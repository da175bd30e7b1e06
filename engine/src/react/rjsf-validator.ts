import type {
  ErrorSchema,
  RJSFSchema,
  RJSFValidationError,
  ValidationData,
  ValidatorType,
} from '@rjsf/utils';
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../core/create-ajv.ts';
import { createValidator } from '../core/create-validator.ts';
import type { Definition } from '../core/definition-types.ts';
import type { FieldErrors } from '../core/field-errors.ts';

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

interface SharedValidation {
  validators: ReturnType<typeof createValidator>;
  compile: (schema: RJSFSchema) => ValidateFunction;
}

const shared = new WeakMap<Definition, SharedValidation>();

/** One validator set and one Ajv per definition, whatever number of forms is on the screen. */
function sharedValidation(definition: Definition): SharedValidation {
  let found = shared.get(definition);
  if (!found) {
    const ajv = createAjv();
    const compiled = new Map<string, ValidateFunction>();
    found = {
      validators: createValidator(definition),
      compile: (schema) => {
        const key = JSON.stringify(schema);
        let validate = compiled.get(key);
        if (!validate) {
          validate = ajv.compile(schema as object);
          compiled.set(key, validate);
        }
        return validate;
      },
    };
    shared.set(definition, found);
  }
  return found;
}

/**
 * rjsf's validator interface for one step or form (`step:<key>`, `form:<name>`) on top of the
 * shared validator: the form shows exactly the API's German messages. rjsf's own checks of
 * sub-schemas (which `if` branch applies) use the same Ajv configuration.
 */
export function createRjsfValidator(definition: Definition, name: string): ValidatorType {
  const { validators, compile } = sharedValidation(definition);
  const validate = validators(name);
  return {
    validateFormData(formData): ValidationData<unknown> {
      const result = validate(formData ?? {});
      if (result.valid) return { errors: [], errorSchema: {} };
      return { errors: toErrorList(result.errors), errorSchema: toErrorSchema(result.errors) };
    },
    isValid(schema, formData) {
      try {
        return Boolean(compile(schema)(formData));
      } catch {
        return false;
      }
    },
    rawValidation(schema, formData) {
      const check = compile(schema);
      check(formData);
      return { errors: (check.errors ?? []) as never[] };
    },
  };
}
