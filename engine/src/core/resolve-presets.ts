import { pointer, type DefinitionProblem } from './definition-problems.ts';
import type { JsonSchema, PresetEntry, Presets, UiSchema } from './definition-types.ts';
import { isObject } from './is-object.ts';

/** The key of the "Sonstiges" option that reveals a `custom_<field>` text field. */
export const CUSTOM_KEY = 'custom';

/** Looks up a preset list by reference `section.list`; undefined when it does not exist. */
export function findPresetList(presets: Presets, reference: string): PresetEntry[] | undefined {
  const [section, list, ...rest] = reference.split('.');
  if (!section || !list || rest.length > 0) return undefined;
  const lists = Object.hasOwn(presets, section) ? presets[section] : undefined;
  return lists && Object.hasOwn(lists, list) ? lists[list] : undefined;
}

interface PresetPropertiesSpec {
  presets: string;
  schema: JsonSchema;
}

/**
 * Returns a copy of `schema` in which every `x-presets` reference became an `enum` of the list's
 * keys (plus `custom` where `x-custom` is set) and every `x-preset-properties` block became one
 * property per preset entry. Unresolvable references are reported through `problems`.
 */
export function resolvePresets(
  schema: JsonSchema,
  presets: Presets,
  problems: DefinitionProblem[],
  file = 'Schema',
  /** Sections whose preset file failed its own check: already reported there. */
  brokenSections: ReadonlySet<string> = new Set(),
): JsonSchema {
  const missing = (reference: unknown, at: string[]) =>
    brokenSections.has(String(reference).split('.')[0]!) ||
    problems.push({
      file,
      path: pointer(...at),
      message: `Die Preset-Liste „${String(reference)}“ gibt es nicht.`,
    });
  const visit = (node: unknown, at: string[]): unknown => {
    if (Array.isArray(node))
      return node.map((entry, index) => visit(entry, [...at, String(index)]));
    if (!isObject(node)) return node;
    const copy: JsonSchema = {};
    for (const [keyword, value] of Object.entries(node))
      copy[keyword] = visit(value, [...at, keyword]);

    const reference = node['x-presets'];
    if (typeof reference === 'string') {
      const list = findPresetList(presets, reference);
      if (list) {
        const keys = list.map((entry) => entry.key);
        copy.enum = node['x-custom'] === true ? [...keys, CUSTOM_KEY] : keys;
      } else {
        missing(reference, [...at, 'x-presets']);
      }
    }

    const spec = node['x-preset-properties'] as PresetPropertiesSpec | undefined;
    if (isObject(spec)) {
      const list =
        typeof spec.presets === 'string' ? findPresetList(presets, spec.presets) : undefined;
      if (!list) missing(spec.presets, [...at, 'x-preset-properties', 'presets']);
      const properties: JsonSchema = { ...(isObject(copy.properties) ? copy.properties : {}) };
      for (const entry of list ?? []) {
        properties[entry.key] = {
          ...spec.schema,
          title: presetPropertyTitle(entry),
          ...(typeof entry.left === 'string' && typeof entry.right === 'string'
            ? { 'x-poles': [entry.left, entry.right] }
            : {}),
        };
      }
      copy.properties = properties;
    }
    return copy;
  };
  return visit(schema, []) as JsonSchema;
}

/** Title of a generated property: both poles where the entry has them ("traditionell – modern"). */
function presetPropertyTitle(entry: PresetEntry): string {
  return typeof entry.left === 'string' && typeof entry.right === 'string'
    ? `${entry.left} – ${entry.right}`
    : entry.label;
}

/** Expands `ui:presetProperties` into one uiSchema entry per generated property. */
export function resolveUiPresets(ui: UiSchema, schema: JsonSchema): UiSchema {
  const template = ui['ui:presetProperties'];
  if (!isObject(template)) return ui;
  const resolved: UiSchema = { ...ui };
  delete resolved['ui:presetProperties'];
  const properties = isObject(schema.properties) ? Object.keys(schema.properties) : [];
  for (const name of properties) {
    resolved[name] = { ...template, ...(isObject(ui[name]) ? ui[name] : {}) };
  }
  return resolved;
}
