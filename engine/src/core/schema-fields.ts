import type { JsonSchema } from './definition-types.ts';
import { isObject } from './is-object.ts';

const cache = new WeakMap<JsonSchema, Set<string>>();

/**
 * Every field a step's schema declares at its top level, in any branch (`allOf`, `if`/`then` …);
 * once per schema. A stored field outside this set is one the revision does not know (any more):
 * it stays stored, and forms and the API leave it alone (docs/architecture.md#revisionen).
 */
export function schemaFields(schema: JsonSchema): Set<string> {
  const cached = cache.get(schema);
  if (cached) return cached;
  const fields = new Set<string>();
  const visit = (node: unknown) => {
    if (!isObject(node)) return;
    if (isObject(node.properties))
      for (const name of Object.keys(node.properties)) fields.add(name);
    for (const keyword of ['allOf', 'anyOf', 'oneOf'])
      if (Array.isArray(node[keyword])) (node[keyword] as unknown[]).forEach(visit);
    visit(node.then);
    visit(node.else);
  };
  visit(schema);
  cache.set(schema, fields);
  return fields;
}
