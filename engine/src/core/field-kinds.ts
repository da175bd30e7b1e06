import type { JsonSchema } from './definition-types.ts';
import { isObject } from './is-object.ts';

/**
 * How a field's value is shown, read from its schema: a calendar date (`"format": "date"`), a
 * range `{ min, max }` (`"x-range": true`, with its `x-unit`), or a list of web addresses (an
 * array whose entries are `"format": "uri"` or `"x-normalize": "url"`). Other fields show their
 * value (or its preset label) as it is.
 */
export type FieldKind = { kind: 'date' } | { kind: 'range'; unit?: string } | { kind: 'url-list' };

const cache = new WeakMap<JsonSchema, Map<string, FieldKind>>();

/** Is this property's schema an address: a URI or a text that gets `https://` in front? */
const isUrl = (node: unknown) =>
  isObject(node) && (node.format === 'uri' || node['x-normalize'] === 'url');

function kindOf(property: JsonSchema): FieldKind | undefined {
  if (property['x-range'] === true) {
    return typeof property['x-unit'] === 'string'
      ? { kind: 'range', unit: property['x-unit'] }
      : { kind: 'range' };
  }
  if (property.format === 'date') return { kind: 'date' };
  if (isUrl(property.items)) return { kind: 'url-list' };
  return undefined;
}

/**
 * The fields of a schema that show as a date, a range or a list of links, by name, wherever they
 * stand in its branches; worked out once per schema (the results view asks for every entry).
 */
export function fieldKinds(schema: JsonSchema): Map<string, FieldKind> {
  const cached = cache.get(schema);
  if (cached) return cached;
  const kinds = new Map<string, FieldKind>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    if (isObject(node.properties)) {
      for (const [name, property] of Object.entries(node.properties)) {
        const kind = isObject(property) ? kindOf(property) : undefined;
        if (kind && !kinds.has(name)) kinds.set(name, kind);
      }
    }
    for (const [keyword, value] of Object.entries(node)) if (keyword !== 'x-unit') visit(value);
  };
  visit(schema);
  cache.set(schema, kinds);
  return kinds;
}
