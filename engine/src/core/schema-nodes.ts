import type { JsonSchema } from './definition-types.ts';
import { isObject } from './is-object.ts';

/** Keywords whose value is one sub-schema. */
export const SCHEMA_KEYWORDS = [
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
] as const;
/** Keywords whose value is a list of sub-schemas. */
export const LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
/** Keywords whose value maps names to sub-schemas. */
export const MAP_KEYWORDS = [
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
] as const;

/**
 * Calls `visit` for a schema and every sub-schema in it, with its path of keywords and names
 * (`['properties', 'url']`). Only schema positions are walked: an ajv-errors message or an enum
 * value that happens to be called `pattern` is no schema.
 */
export function forEachSchema(
  schema: unknown,
  visit: (node: JsonSchema, path: string[]) => void,
  path: string[] = [],
): void {
  if (!isObject(schema)) return;
  visit(schema, path);
  for (const keyword of SCHEMA_KEYWORDS) forEachSchema(schema[keyword], visit, [...path, keyword]);
  for (const keyword of LIST_KEYWORDS) {
    const list = schema[keyword];
    if (Array.isArray(list))
      list.forEach((sub, index) => forEachSchema(sub, visit, [...path, keyword, String(index)]));
  }
  for (const keyword of MAP_KEYWORDS) {
    const map = schema[keyword];
    if (isObject(map))
      for (const [name, sub] of Object.entries(map))
        forEachSchema(sub, visit, [...path, keyword, name]);
  }
}
