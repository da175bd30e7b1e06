import type { JsonSchema } from './definition-types.ts';
import { isObject } from './is-object.ts';

/** Names of properties marked `writeOnly` (passwords): their text is taken exactly as typed. */
function writeOnlyNames(schema: JsonSchema): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    if (isObject(node.properties)) {
      for (const [name, property] of Object.entries(node.properties)) {
        if (isObject(property) && property.writeOnly === true) names.add(name);
      }
    }
    Object.values(node).forEach(visit);
  };
  visit(schema);
  return names;
}

/**
 * Returns a copy of an input document with surrounding white space removed from every text, so
 * that a name of three spaces counts as empty. Passwords (`writeOnly`) are left untouched.
 */
export function normalizeInput(schema: JsonSchema, data: unknown): unknown {
  const keep = writeOnlyNames(schema);
  const visit = (value: unknown, name?: string): unknown => {
    if (typeof value === 'string')
      return name !== undefined && keep.has(name) ? value : value.trim();
    if (Array.isArray(value)) return value.map((entry) => visit(entry));
    if (isObject(value)) {
      return Object.fromEntries(
        Object.entries(value).map(([key, entry]) => [key, visit(entry, key)]),
      );
    }
    return value;
  };
  return visit(data);
}
