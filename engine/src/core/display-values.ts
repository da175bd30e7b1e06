import type { Definition, JsonSchema, PresetEntry, StepDefinition } from './definition-types.ts';
import { CUSTOM_KEY, findPresetList } from './resolve-presets.ts';
import { isObject } from './is-object.ts';
import { fieldKinds } from './field-kinds.ts';
import { formatCalendarDate } from './format-date.ts';
import { formatRange } from './format-range.ts';

/** A field's value as the results view shows it: text, a number, or a list of texts. */
export type DisplayValue = string | number | string[];

/** Collects, per property name, every preset list any branch of the schema refers to. */
const listsCache = new WeakMap<
  Definition,
  WeakMap<JsonSchema, Map<string, Map<string, PresetEntry>>>
>();

/**
 * Per property, the preset entries by key. Built once per schema: the results view asks for
 * every field of every entry, and walking the schema each time would cost more than the rest.
 */
function presetListsByProperty(
  schema: JsonSchema,
  definition: Definition,
): Map<string, Map<string, PresetEntry>> {
  // By definition, too: two revisions (or one with and one without its retired labels) may
  // share a step's schema object.
  let bySchema = listsCache.get(definition);
  if (!bySchema) listsCache.set(definition, (bySchema = new WeakMap()));
  const cached = bySchema.get(schema);
  if (cached) return cached;
  const byKey = new Map<string, Map<string, PresetEntry>>();
  for (const [name, entries] of collectPresetLists(schema, definition)) {
    const entriesByKey = new Map<string, PresetEntry>();
    // The first list that names a key wins, as a search through the lists would.
    for (const entry of entries)
      if (!entriesByKey.has(entry.key)) entriesByKey.set(entry.key, entry);
    byKey.set(name, entriesByKey);
  }

  bySchema.set(schema, byKey);
  return byKey;
}

function collectPresetLists(
  schema: JsonSchema,
  definition: Definition,
): Map<string, PresetEntry[]> {
  const lists = new Map<string, PresetEntry[]>();
  const retired = new Map<string, PresetEntry[]>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    if (isObject(node.properties)) {
      for (const [name, property] of Object.entries(node.properties)) {
        if (!isObject(property)) continue;
        const reference =
          property['x-presets'] ??
          (isObject(property.items) ? property.items['x-presets'] : undefined);
        if (typeof reference === 'string') {
          const entries = findPresetList(definition.presets, reference) ?? [];
          lists.set(name, [...(lists.get(name) ?? []), ...entries]);
          // Keys this revision no longer offers keep the label they had (docs/architecture.md
          // #revisionen), behind every offered entry.
          const old = findPresetList(definition.retired ?? {}, reference) ?? [];
          retired.set(name, [...(retired.get(name) ?? []), ...old]);
        }
      }
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(schema);
  for (const [name, entries] of retired) lists.set(name, [...(lists.get(name) ?? []), ...entries]);
  return lists;
}

/** Finds the preset entry for `key` in the list behind `property` (e.g. for its avatar image). */
export function presetEntry(
  definition: Definition,
  step: StepDefinition,
  property: string,
  key: unknown,
): PresetEntry | undefined {
  return presetListsByProperty(step.schema, definition).get(property)?.get(String(key));
}

/** How {@link displayValues} words the values (the defaults give the labels, as cards show them). */
export interface DisplayOptions {
  /** Preset entries give their in-sentence form (`prose`) where they have one. */
  sentence?: boolean;
  /** Cleans a text the customer typed: a free-text field or a Sonstiges text. */
  ownText?: (field: string, text: string) => string;
  /** Fits a text without an in-sentence form of its own (a label, an own text) into the sentence. */
  wrap?: (field: string, text: string) => string;
  /** Only these fields (a card shows three or four of an entry's fields); default: all. */
  fields?: readonly string[];
}

/**
 * Resolves one answer document for display: preset keys become German labels (or, with
 * `sentence`, their in-sentence forms), `custom` becomes the `custom_<field>` text, value maps of
 * the step's prose (`values.<field>.<value>`) apply to other scalars, and empty values are left out.
 * A date field reads „15. März 2027“, a range „5.000 € bis 10.000 €“ (fitted into the sentence
 * like a label; never cleaned as a typed text), a list of addresses lists them as typed.
 */
export function displayValues(
  definition: Definition,
  step: StepDefinition,
  data: Record<string, unknown>,
  options: DisplayOptions = {},
): Record<string, DisplayValue> {
  const lists = presetListsByProperty(step.schema, definition);
  const kinds = fieldKinds(step.schema);
  const valueMaps = isObject(step.prose.values) ? step.prose.values : {};
  const { sentence = false, ownText = (_field, text) => text.trim(), wrap, fields } = options;
  const fitted = (name: string, text: string | undefined) =>
    text && wrap ? wrap(name, text) : text || undefined;
  const label = (name: string, value: unknown): string | number | undefined => {
    if (value === undefined || value === null || value === '') return undefined;
    if (value === CUSTOM_KEY && typeof data[`custom_${name}`] === 'string') {
      return fitted(name, ownText(name, data[`custom_${name}`] as string));
    }
    const kind = kinds.get(name);
    if (kind?.kind === 'range') return fitted(name, formatRange(value, kind.unit));
    if (kind?.kind === 'date' && typeof value === 'string')
      return fitted(name, formatCalendarDate(value.trim()));
    // An address is no sentence: no rule of the step's prose cleans it.
    if (kind?.kind === 'url-list' && typeof value === 'string') return fitted(name, value.trim());
    const entry = lists.get(name)?.get(String(value));
    if (entry) {
      return sentence && typeof entry.prose === 'string' ? entry.prose : fitted(name, entry.label);
    }
    const map = valueMaps[name];
    if (isObject(map) && typeof map[String(value)] === 'string')
      return map[String(value)] as string;
    if (typeof value === 'number') return value;
    if (typeof value === 'string') return fitted(name, ownText(name, value));
    if (typeof value === 'boolean') return undefined;
    return undefined;
  };

  const result: Record<string, DisplayValue> = {};
  const names = fields ? fields.filter((name) => Object.hasOwn(data, name)) : Object.keys(data);
  for (const name of names) {
    const value = data[name];
    if (name.startsWith('custom_')) continue;
    if (Array.isArray(value)) {
      const labels = value
        .map((entry) => label(name, entry))
        .filter((entry) => entry !== undefined);
      if (labels.length > 0) result[name] = labels.map(String);
      continue;
    }
    const shown = label(name, value);
    if (shown !== undefined) result[name] = shown;
  }
  return result;
}
