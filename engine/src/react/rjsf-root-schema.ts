import type { RJSFSchema } from '@rjsf/utils';

/** Whether `$ref` occurs anywhere in the schema. */
function hasReference(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasReference);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, inner]) => key === '$ref' || hasReference(inner));
}

/**
 * The root schema as rjsf's `Form` gets it. For a schema that names the 2020-12 dialect, rjsf's
 * schema utilities keep a deep copy with every `$ref` made absolute, and on every change they
 * compare that copy with the `schema` prop, field by field, to see whether the form got a new
 * schema (in a CPU profile of the persona editor, the largest single part of rjsf's work per
 * keystroke). Without a `$ref` the copy equals the schema and the dialect changes nothing for
 * rjsf, so such a schema goes without `$schema`: rjsf keeps the schema itself and the comparison
 * ends at its identity. The checks are compiled from the definition, not from this object.
 */
export function rjsfRootSchema(schema: RJSFSchema): RJSFSchema {
  if (!('$schema' in schema) || hasReference(schema)) return schema;
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}
