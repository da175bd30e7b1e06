import type { JsonSchema } from './definition-types.ts';
import { isObject } from './is-object.ts';
import { normalizeUrl } from './normalize-url.ts';

/** Names of properties whose schema satisfies `marked`, wherever they stand in the schema. */
function propertyNames(schema: JsonSchema, marked: (property: JsonSchema) => boolean): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    if (isObject(node.properties)) {
      for (const [name, property] of Object.entries(node.properties)) {
        if (isObject(property) && marked(property)) names.add(name);
      }
    }
    Object.values(node).forEach(visit);
  };
  visit(schema);
  return names;
}

/**
 * Bidirectional control characters: the embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069) and the direction marks (U+200E, U+200F, U+061C). German answers never need
 * them, and in a stored text they can make it read differently than it is (a project name that
 * shows reversed in the owner's mail or list, „Trojan Source“).
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** A text without bidirectional control characters. */
export const withoutBidiControls = (text: string): string => text.replace(BIDI_CONTROLS, '');

/**
 * Returns a copy of an input document with bidirectional control characters and surrounding white
 * space removed from every text, so that a name of three spaces counts as empty. Every write of the
 * API goes through here (the validators normalise before they check), so this is the one place
 * that keeps such characters out of the database. Passwords (`writeOnly`) are left untouched: they
 * are compared as typed, never shown. Fields the definition marks `"x-normalize": "url"` get
 * `https://` in front of an address typed without a scheme ({@link normalizeUrl}); so does every
 * entry of a list whose `items` are marked so, and its empty entries are dropped.
 */
export function normalizeInput(schema: JsonSchema, data: unknown): unknown {
  const keep = propertyNames(schema, (property) => property.writeOnly === true);
  const urls = propertyNames(schema, (property) => property['x-normalize'] === 'url');
  const urlLists = propertyNames(
    schema,
    (property) => isObject(property.items) && property.items['x-normalize'] === 'url',
  );
  const visit = (value: unknown, name?: string): unknown => {
    if (typeof value === 'string') {
      if (name !== undefined && keep.has(name)) return value;
      const text = withoutBidiControls(value).trim();
      return name !== undefined && urls.has(name) ? normalizeUrl(text) : text;
    }
    if (Array.isArray(value) && name !== undefined && urlLists.has(name)) {
      // A list of addresses (the url-list widget): an address field left empty is no entry.
      return value
        .map((entry) =>
          typeof entry === 'string' ? normalizeUrl(withoutBidiControls(entry)) : visit(entry),
        )
        .filter((entry) => entry !== '');
    }
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
