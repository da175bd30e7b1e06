import type { RJSFSchema } from '@rjsf/utils';
import type { Definition, PresetEntry } from '../core/index.ts';
import { CUSTOM_KEY, findPresetList } from '../core/index.ts';

export interface PresetOption {
  key: string;
  label: string;
  entry?: PresetEntry;
  /** A stored key this revision no longer offers, with the label it had („nicht mehr in der Auswahl“). */
  retired?: boolean;
}

/** What every widget gets through rjsf's form context. */
export interface EngineFormContext {
  definition: Definition;
}

/**
 * The options of a preset field: the entries of its `x-presets` list in their order, plus
 * 'Sonstiges' where the schema allows `custom`. Enum values without a preset keep their key.
 */
export function presetOptions(
  definition: Definition,
  schema: RJSFSchema,
  customLabel: string,
): PresetOption[] {
  const source = presetSource(schema);
  const list = source['x-presets']
    ? (findPresetList(definition.presets, source['x-presets']) ?? [])
    : [];
  const allowed = (source.enum as string[] | undefined) ?? list.map((entry) => entry.key);
  return allowed.map((key) => {
    const entry = list.find((candidate) => candidate.key === key);
    return { key, label: key === CUSTOM_KEY ? customLabel : (entry?.label ?? key), entry };
  });
}

/** The schema that names the preset list: the field's own, or its items' for a multiselect. */
function presetSource(schema: RJSFSchema): RJSFSchema & { 'x-presets'?: string } {
  return (
    schema.type === 'array' && typeof schema.items === 'object' ? schema.items : schema
  ) as RJSFSchema & { 'x-presets'?: string };
}

/**
 * The stored values among `values` that `options` does not offer (docs/architecture.md
 * #revisionen): each with the label an earlier revision gave it (the key itself only where no
 * revision ever had one), marked `retired`. They stay until someone changes them.
 */
export function retiredOptions(
  definition: Definition,
  schema: RJSFSchema,
  options: PresetOption[],
  values: unknown[],
): PresetOption[] {
  const reference = presetSource(schema)['x-presets'];
  const retired = reference ? (findPresetList(definition.retired ?? {}, reference) ?? []) : [];
  return values
    .filter((value): value is string => typeof value === 'string' && value !== '')
    .filter((key) => !options.some((option) => option.key === key))
    .map((key) => {
      const entry = retired.find((candidate) => candidate.key === key);
      return { key, label: entry?.label ?? key, entry, retired: true };
    });
}
